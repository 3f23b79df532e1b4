import { beforeEach, describe, expect, it } from 'vitest';
import { refreshSearchIndex } from '../../server/modules/catalogue';
import {
  createBrand,
  createCategory,
  createProduct,
  createSubcategory,
  createUser,
  useTestApp,
  type TestContext,
} from './helpers';

/**
 * Product search as shoppers type it (README, API notes: keyword), on a small catalogue made for it: plurals, the
 * attached particles, several words in any order, brands in Latin letters through their aliases, typos, broken
 * plurals, and words that must not match because another word holds their letters. Each query names the products
 * expected in the first places, in order.
 */
const t = useTestApp();

type Key = `P${number}`;
const ids = new Map<Key, string>();
const keyOf = new Map<string, Key>();

async function aliases(table: 'brands' | 'categories' | 'subcategories', id: string, names: string[]) {
  await t.db.query(`UPDATE ${table} SET aliases = $2 WHERE id = $1`, [id, names]);
}

async function makeCatalogue(ctx: TestContext) {
  ids.clear();
  keyOf.clear();
  const electronics = await createCategory(ctx, 'إلكترونيات');
  const fashion = await createCategory(ctx, 'أزياء');
  const home = await createCategory(ctx, 'المنزل والمطبخ');
  const toys = await createCategory(ctx, 'ألعاب');
  await aliases('categories', electronics, ['electronics']);
  const phones = await createSubcategory(ctx, electronics, 'هواتف محمولة');
  await aliases('subcategories', phones, ['موبايل', 'جوال']);
  const screens = await createSubcategory(ctx, electronics, 'شاشات');
  const menswear = await createSubcategory(ctx, fashion, 'ملابس رجالية');
  const dresses = await createSubcategory(ctx, fashion, 'فساتين');
  const shoes = await createSubcategory(ctx, fashion, 'أحذية');
  const kitchen = await createSubcategory(ctx, home, 'أدوات المطبخ');
  const samsung = await createBrand(ctx, 'سامسونج');
  await aliases('brands', samsung, ['Samsung', 'Galaxy']);
  const apple = await createBrand(ctx, 'أبل');
  await aliases('brands', apple, ['Apple', 'iPhone', 'ايفون']);
  const lenovo = await createBrand(ctx, 'لينوفو');
  await aliases('brands', lenovo, ['Lenovo']);
  const xiaomi = await createBrand(ctx, 'شاومي');
  await aliases('brands', xiaomi, ['Xiaomi']);
  const adidas = await createBrand(ctx, 'أديداس');
  await aliases('brands', adidas, ['Adidas']);
  const tefal = await createBrand(ctx, 'تيفال');
  await aliases('brands', tefal, ['Tefal']);

  const products: [Key, string, string, number, string, string | null, string[]][] = [
    [
      'P1',
      'هاتف سامسونج جالكسي A15 ذاكرة 128 جيجا',
      'شاشة 6.5 بوصة وبطارية تدوم طويلا',
      50,
      electronics,
      samsung,
      [phones],
    ],
    ['P2', 'هاتف آيفون 15 برو', 'كاميرا احترافية وشريحتين', 80, electronics, apple, [phones]],
    ['P3', 'شاشة سامسونج 55 بوصة ذكية', 'دقة عالية للألعاب والأفلام', 30, electronics, samsung, [screens]],
    ['P4', 'شاشة كمبيوتر لينوفو 24 بوصة', 'ألوان واضحة', 10, electronics, lenovo, [screens]],
    ['P5', 'لابتوب لينوفو ثينك باد', 'معالج سريع وذاكرة 16 جيجا', 20, electronics, lenovo, []],
    ['P6', 'كابل شحن USB-C سريع', 'متوافق مع الهواتف', 100, electronics, null, []],
    ['P7', 'سماعة بلوتوث لاسلكية شاومي', 'صوت نقي', 40, electronics, xiaomi, []],
    ['P8', 'شاحن حائط سريع 20 واط', 'شحن آمن', 65, electronics, apple, []],
    ['P9', 'دفتر ملاحظات قابل لإعادة الاستخدام', 'صفحات ناعمة', 60, home, null, []],
    ['P10', 'قميص قطن رجالي أبيض', 'مريح طوال اليوم', 70, fashion, null, [menswear]],
    ['P11', 'قميص رجالي كاروهات', 'قماش مريح', 25, fashion, null, [menswear]],
    ['P12', 'بنطلون جينز رجالي', 'قصة مستقيمة', 15, fashion, null, [menswear]],
    ['P13', 'فستان سهرة طويل أسود', 'تصميم أنيق', 35, fashion, null, [dresses]],
    ['P14', 'فستان صيفي قطني بالورود', 'خفيف', 45, fashion, null, [dresses]],
    ['P15', 'حقيبة يد جلدية نسائية', 'سحاب معدني', 22, fashion, null, []],
    ['P16', 'حذاء رياضي أديداس للجري', 'نعل مرن', 55, fashion, adidas, [shoes]],
    ['P17', 'حذاء جلد كلاسيكي رجالي', 'نعل متين', 12, fashion, null, [shoes]],
    ['P18', 'طقم حلل تيفال 10 قطع', 'مقاومة للالتصاق', 18, home, tefal, [kitchen]],
    ['P19', 'مقلاة تيفال 28 سم', 'تسخين متساو', 28, home, tefal, [kitchen]],
    ['P20', 'ساعة يد ذكية سامسونج', 'مقاومة للماء', 33, electronics, samsung, []],
    ['P21', 'ساعة حائط خشبية', 'تصميم كلاسيكي', 8, home, null, []],
    ['P22', 'سيارة لعبة بجهاز تحكم', 'للأطفال من عمر 5 سنوات', 14, toys, null, []],
    ['P23', 'مكعبات تركيب تعليمية', 'ألعاب تنمي الذكاء', 9, toys, null, []],
    ['P24', 'نظارة شمسية رجالي', 'حماية كاملة', 6, fashion, null, []],
    ['P25', 'جهاز قياس ضغط الدم', 'من أجهزة المنزل الطبية', 4, electronics, null, []],
    ['P26', 'مجفف شعر', 'جهاز تجفيف قوي', 7, home, null, []],
  ];
  for (const [key, title, description, sold, categoryId, brandId, subcategoryIds] of products) {
    const id = await createProduct(ctx, { title, description, sold, categoryId, brandId, subcategoryIds });
    ids.set(key, id);
    keyOf.set(id, key);
  }
}

const search = async (keyword: string, extra = '') => {
  const res = await t.app.inject({ url: `/api/v1/products?keyword=${encodeURIComponent(keyword)}${extra}` });
  expect(res.statusCode, keyword).toBe(200);
  const body = res.json();
  return {
    keys: (body.data as { _id: string }[]).map((p) => keyOf.get(p._id)!),
    results: body.results as number,
    corrected: body.correctedKeyword as string | undefined,
  };
};

const suggest = async (keyword: string) => {
  const res = await t.app.inject({ url: `/api/v1/products/suggestions?keyword=${encodeURIComponent(keyword)}` });
  expect(res.statusCode, keyword).toBe(200);
  const data = res.json().data;
  return {
    keys: (data.products as { _id: string }[]).map((p) => keyOf.get(p._id)!),
    brands: (data.brands as { name: string }[]).map((b) => b.name),
    categories: (data.categories as { name: string }[]).map((c) => c.name),
  };
};

/** [what the shopper types, the products expected first (in order), how: `only` = exactly these] */
type Case = [string, Key[], { only?: boolean; corrected?: string }?];

async function expectCases(cases: Case[]) {
  for (const [keyword, expected, how = {}] of cases) {
    const found = await search(keyword);
    if (how.only) expect(found.keys, keyword).toEqual(expected);
    else expect(found.keys.slice(0, expected.length), keyword).toEqual(expected);
    expect(found.corrected, keyword).toBe(how.corrected);
  }
}

beforeEach(() => makeCatalogue(t));

describe('product search as shoppers type (keyword)', () => {
  it('plurals with ات/ة/ون/ين and adjectives find the singular in titles, and the reverse', async () => {
    await expectCases([
      ['شاشات', ['P3', 'P4']],
      ['شاشة', ['P3', 'P4']],
      ['ساعات', ['P20', 'P21'], { only: true }],
      ['سماعات', ['P7'], { only: true }],
      ['رجالي', ['P10', 'P11', 'P12', 'P17', 'P24'], { only: true }],
      ['رجالية', ['P10', 'P11', 'P12', 'P17', 'P24'], { only: true }],
      ['قطنية', ['P10', 'P14'], { only: true }],
      ['نسائي', ['P15'], { only: true }],
      ['بنطلونات', ['P12'], { only: true }],
      ['ذكية', ['P20', 'P3'], { only: true }],
      ['جيجا', ['P1', 'P5'], { only: true }],
    ]);
  });

  it('broken plurals of the shop dictionary find their singular', async () => {
    await expectCases([
      ['فساتين', ['P14', 'P13'], { only: true }],
      ['قمصان', ['P10', 'P11'], { only: true }],
      ['حقائب', ['P15'], { only: true }],
      ['أحذية', ['P16', 'P17'], { only: true }],
      ['أجهزة', ['P25', 'P26'], { only: true }],
      ['هواتف', ['P2', 'P1', 'P6'], { only: true }],
      ['ألعاب', ['P22', 'P23', 'P3'], { only: true }],
      ['نساء', ['P15'], { only: true }],
    ]);
  });

  it('each attached particle and article: و ف ب ك ل ال وال بال كال فال لل', async () => {
    await expectCases([
      ['الشاشات', ['P3', 'P4']],
      ['والشاشات', ['P3', 'P4']],
      ['بالشاشة', ['P3', 'P4']],
      ['كالفستان', ['P14', 'P13'], { only: true }],
      ['فالفستان', ['P14', 'P13'], { only: true }],
      ['للأطفال', ['P22'], { only: true }],
      ['الموبايل', ['P2', 'P1'], { only: true }],
      ['وقميص', ['P10', 'P11'], { only: true }],
      ['فقميص', ['P10', 'P11'], { only: true }],
      ['بفستان', ['P14', 'P13'], { only: true }],
      ['كساعة', ['P20', 'P21'], { only: true }],
      ['لشاشة', ['P3', 'P4']],
    ]);
  });

  it('two and three words in any order, all of them needed, words in the title first', async () => {
    await expectCases([
      ['قميص رجالي', ['P10', 'P11'], { only: true }],
      ['رجالي قميص', ['P10', 'P11'], { only: true }],
      ['قميص قطن رجالي', ['P10'], { only: true }],
      ['رجالي قطن قميص', ['P10'], { only: true }],
      ['شاشة سامسونج', ['P3', 'P1'], { only: true }],
      ['سامسونج شاشة', ['P3', 'P1'], { only: true }],
      ['فستان أسود', ['P13'], { only: true }],
      ['حذاء رياضي', ['P16'], { only: true }],
      ['لابتوب لينوفو', ['P5'], { only: true }],
      ['هاتف سامسونج 128', ['P1'], { only: true }],
      ['شاشة كمبيوتر', ['P4'], { only: true }],
      ['مقاومة للماء', ['P20'], { only: true }],
      ['ضغط الدم', ['P25'], { only: true }],
      ['حقيبه جلديه', ['P15'], { only: true }],
    ]);
  });

  it('exact words before stems, then best sellers; an explicit sort wins', async () => {
    // "قطني" is P14's word; P10 says "قطن" (the same stem) and sells more.
    await expectCases([['قطني', ['P14', 'P10'], { only: true }]]);
    expect((await search('قطني', '&sort=-sold')).keys).toEqual(['P10', 'P14']);
    expect((await search('ساعة', '&sort=sold')).keys).toEqual(['P21', 'P20']);
  });

  it('brands, categories and subcategories by name or alias, Latin letters in any case', async () => {
    await expectCases([
      ['samsung', ['P1', 'P20', 'P3'], { only: true }],
      ['SAMSUNG', ['P1', 'P20', 'P3'], { only: true }],
      ['Galaxy', ['P1', 'P20', 'P3'], { only: true }],
      ['lenovo', ['P5', 'P4'], { only: true }],
      ['iphone', ['P2', 'P8'], { only: true }],
      ['apple', ['P2', 'P8'], { only: true }],
      ['adidas', ['P16'], { only: true }],
      ['tefal', ['P19', 'P18'], { only: true }],
      ['Xiaomi', ['P7'], { only: true }],
      ['samsung شاشة', ['P3', 'P1'], { only: true }],
      ['جوال', ['P2', 'P1'], { only: true }],
      ['usb', ['P6'], { only: true }],
      ['electronics', ['P6', 'P2', 'P8']],
      ['لينوف', ['P5', 'P4'], { only: true }], // the start of a word from four letters on
    ]);
  });

  it('one- and two-letter typos fall back to the shop’s own words and say so', async () => {
    await expectCases([
      ['سامسنج', ['P1', 'P20', 'P3'], { only: true, corrected: 'سامسونج' }],
      ['فسطان', ['P14', 'P13'], { only: true, corrected: 'فستان' }],
      ['قميض', ['P10', 'P11'], { only: true, corrected: 'قميص' }],
      ['بنطلوم', ['P12'], { only: true, corrected: 'بنطلون' }],
      ['لابتب', ['P5'], { only: true, corrected: 'لابتوب' }],
      ['شاشه سامسوج', ['P3', 'P1'], { only: true, corrected: 'شاشه سامسونج' }],
      ['سماعه بلوتوت', ['P7'], { only: true, corrected: 'سماعه بلوتوث' }],
      ['samsng', ['P1', 'P20', 'P3'], { only: true, corrected: 'Samsung' }], // spelled as the alias is,
    ]);
  });

  it('a word typed as two, or two typed as one, is spaced as the shop writes it, and says so', async () => {
    await expectCases([
      ['لاب توب', ['P5'], { only: true, corrected: 'لابتوب' }],
      ['لاب توب لينوفو', ['P5'], { only: true, corrected: 'لابتوب لينوفو' }],
      ['سماعة بلو توث', ['P7'], { only: true, corrected: 'سماعة بلوتوث' }],
      ['سماعةبلوتوث', ['P7'], { only: true, corrected: 'سماعة بلوتوث' }],
      ['ثينكباد', ['P5'], { only: true, corrected: 'ثينك باد' }],
      ['بنطلون جينزرجالي', ['P12'], { only: true, corrected: 'بنطلون جينز رجالي' }],
      // Two words the shop has each are not joined, nor a word it has split.
      ['قميص رجالي', ['P10', 'P11'], { only: true }],
      ['كابل', ['P6'], { only: true }],
    ]);
  });

  it('folds each spelling variant both ways: ى/ي, أ/إ/آ/ا, ة/ه, diacritics, tatweel and Arabic-Indic digits', async () => {
    const sweets = await createProduct(t, { title: 'حلوى شرقية بالمكسرات', description: 'علبة 500 جرام' });
    const chair = await createProduct(t, { title: 'كرسي مكتب اداري', description: 'ظهر مبطن' });
    const kettle = await createProduct(t, { title: 'غلاية كهربائيه إيطالي', description: 'سعة 1.7 لتر' });
    const plate = await createProduct(t, { title: 'طبق تقديم 30 سم', description: 'سيراميك' });
    const found = async (keyword: string) => {
      const res = await t.app.inject({ url: `/api/v1/products?keyword=${encodeURIComponent(keyword)}` });
      // Found as typed, not as a typo the shop corrected: a variant is the same word.
      return [(res.json().data as { _id: string }[]).map((p) => p._id), res.json().correctedKeyword];
    };
    for (const [keyword, product] of [
      ['حلوي', sweets], // stored ى, typed ي
      ['كرسى', chair], // stored ي, typed ى
      ['إداري', chair], // stored ا, typed إ
      ['ايطالي', kettle], // stored إ, typed ا
      ['شرقيه', sweets], // stored ة, typed ه
      ['كهربائية', kettle], // stored ه, typed ة
      ['حَلْوَى', sweets], // diacritics typed
      ['كرســي', chair], // tatweel typed
      ['طبق ٣٠', plate], // Arabic-Indic digits typed for stored 30
    ] as const) {
      expect([keyword, await found(keyword)]).toEqual([keyword, [[product], undefined]]);
    }
  });

  it('does not match a word whose letters stand inside another word', async () => {
    await expectCases([
      ['ابل', ['P2', 'P8'], { only: true }], // not "كابل" (P6) nor "قابل" (P9)
      ['أبل', ['P2', 'P8'], { only: true }],
      ['كابل', ['P6'], { only: true }],
      ['قابل', ['P9'], { only: true }],
      ['سام', [], { only: true }], // not the start of "سامسونج": too short to be taken as one
      ['جل', [], { only: true }],
      ['قلم', [], { only: true }], // nothing similar enough either
      ['شحن', ['P6', 'P8'], { only: true }], // a word, not a part of "شاحن"
    ]);
  });
});

describe('search suggestions match like the listing, at word starts', () => {
  it('suggests titles, brands and categories whose words start with what is typed, never letters inside words', async () => {
    const apple = await suggest('ابل');
    expect(apple.keys).toEqual(['P2', 'P8']);
    expect(apple.brands).toEqual(['أبل']);
    const samsung = await suggest('سامس');
    expect(samsung.keys).toEqual(['P1', 'P20', 'P3']);
    expect(samsung.brands).toEqual(['سامسونج']);
    expect((await suggest('قميص رج')).keys).toEqual(['P10', 'P11']);
    expect((await suggest('فسات')).keys).toEqual(['P14', 'P13']); // the subcategory فساتين
    expect((await suggest('ايف')).brands).toEqual(['أبل']); // an alias
    expect((await suggest('الكترو')).categories).toEqual(['إلكترونيات']);
    // Description words are not suggested ("مريح" is only in descriptions).
    expect((await suggest('مريح')).keys).toEqual([]);
  });

  it('match names of brands and categories only at the start of a word, never inside one', async () => {
    // Letters inside سامسونج, إلكترونيات, لينوفو and شاومي.
    for (const inside of ['سونج', 'امسون', 'ترونيات', 'رونيات', 'نوفو', 'اومي']) {
      const found = await suggest(inside);
      expect([inside, found.brands, found.categories]).toEqual([inside, [], []]);
    }
    expect((await suggest('لينو')).brands).toEqual(['لينوفو']);
    expect((await suggest('إلكت')).categories).toEqual(['إلكترونيات']);
  });

  it('join the last two words when apart they find nothing, as the listing respaces them', async () => {
    expect((await suggest('لاب تو')).keys).toEqual(['P5']);
    expect((await suggest('لاب توب')).keys).toEqual(['P5']);
    expect((await suggest('بلو تو')).keys).toEqual(['P7']);
    expect((await suggest('لينوفو لاب تو')).keys).toEqual(['P5']);
    // Words found apart are not joined.
    expect((await suggest('شاشة سامسونج')).keys).toEqual(['P3']);
  });

  it('their first product is the listing’s first for complete words', async () => {
    for (const keyword of ['شاشة سامسونج', 'قميص قطن رجالي', 'فستان', 'ساعة', 'lenovo', 'samsung', 'حذاء رياضي']) {
      const listed = await search(keyword);
      const suggested = await suggest(keyword);
      expect(suggested.keys[0], keyword).toBe(listed.keys[0]);
      expect(listed.keys.slice(0, suggested.keys.length), keyword).toEqual(suggested.keys);
    }
  });
});

describe('the search index', () => {
  it('analyses at start the products a database holds without search words (older data), and keeps the shop’s vocabulary', async () => {
    await t.db.query('UPDATE products SET search_vector = NULL WHERE id = $1', [ids.get('P12')]);
    expect((await search('بنطلون')).keys).toEqual([]);
    expect(await refreshSearchIndex(t.db)).toBe(1);
    expect((await search('بنطلون')).keys).toEqual(['P12']);
    expect(await refreshSearchIndex(t.db)).toBe(0);

    // A word goes from the vocabulary with the last product that has it: no typo is corrected to it any more.
    expect((await search('بنطلوم')).corrected).toBe('بنطلون');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${ids.get('P12')}`,
      headers: (await createUser(t, { role: 'admin' })).auth,
    });
    expect((await search('بنطلوم')).corrected).toBeUndefined();
    const words = await t.db.query<{ word: string; products: number }>(
      `SELECT word, products FROM search_words WHERE word IN ('بنطلون', 'رجالي')`,
    );
    expect(words).toEqual([{ word: 'رجالي', products: 4 }]);
  });
});

describe('aliases of brands, categories and subcategories (ours)', () => {
  it('are set and cleared by staff through the API, answered with the object, and searched at once', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: admin.auth, payload });

    const brand = await send('POST', '/brands', { name: 'هواوي', aliases: ['Huawei', ' huawei ', '', 'هواوى'] });
    expect(brand.statusCode).toBe(201);
    expect(brand.json().data.aliases).toEqual(['Huawei', 'هواوى']);
    const brandId = brand.json().data._id;
    const phone = await createProduct(t, { title: 'هاتف نوفا 12', brandId });
    expect((await search('huawei')).results).toBe(1);

    // One text with commas (a form field) replaces them; "" clears them.
    const changed = await send('PUT', `/brands/${brandId}`, { aliases: 'Nova, نوفا' });
    expect(changed.json().data.aliases).toEqual(['Nova', 'نوفا']);
    expect((await search('huawei')).results).toBe(0);
    expect((await t.app.inject({ url: `/api/v1/brands/${brandId}` })).json().data.aliases).toEqual(['Nova', 'نوفا']);
    expect((await send('PUT', `/brands/${brandId}`, { aliases: '' })).json().data.aliases).toEqual([]);
    // A rename alone keeps them as they are.
    await send('PUT', `/brands/${brandId}`, { aliases: ['Huawei'] });
    expect((await send('PUT', `/brands/${brandId}`, { name: 'هواوي مصر' })).json().data.aliases).toEqual(['Huawei']);

    const toys = await categoryOf(ids.get('P22')!);
    const category = await send('PUT', `/categories/${toys}`, { aliases: ['Toys'] });
    expect(category.json().data.aliases).toEqual(['Toys']);
    expect((await search('toys')).keys).toEqual(['P22', 'P23']);

    const sub = await send('POST', '/subcategories', {
      name: 'تابلت',
      category: await categoryOf(phone),
      aliases: ['iPad', 'Tablet'],
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json().data.aliases).toEqual(['iPad', 'Tablet']);
    const subId = sub.json().data._id;
    expect((await send('PUT', `/subcategories/${subId}`, { aliases: 'Tab' })).json().data.aliases).toEqual(['Tab']);
  });

  it('refuse more than 10 aliases, one longer than 32 characters, and what is not text; nothing changes', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const brandId = (await t.db.one<{ id: string }>(`SELECT id FROM brands WHERE name = 'أبل'`))!.id;
    for (const [aliases, message] of [
      [Array.from({ length: 11 }, (_, i) => `a${i}`), 'Too many aliases (at most 10)'],
      [['x'.repeat(33)], 'Too long alias (at most 32 characters)'],
      [[{ a: 1 }], 'aliases must be text or a list of texts'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/brands/${brandId}`,
        headers: admin.auth,
        payload: { aliases },
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ location: 'body', path: 'aliases', msg: message });
    }
    expect((await t.app.inject({ url: `/api/v1/brands/${brandId}` })).json().data.aliases).toEqual([
      'Apple',
      'iPhone',
      'ايفون',
    ]);
  });
});

const categoryOf = async (productId: string) =>
  (await t.db.one<{ category_id: string }>('SELECT category_id FROM products WHERE id = $1', [productId]))!.category_id;
