import { beforeEach, describe, expect, it } from 'vitest';
import { createBrand, createCategory, createProduct, createSubcategory, createUser, useTestApp } from './helpers';

let catA: string;
let catB: string;
let brand: string;
let sub: string;
const t = useTestApp();
beforeEach(async () => {
  catA = await createCategory(t);
  catB = await createCategory(t);
  brand = await createBrand(t);
  sub = await createSubcategory(t, catA);
  // Distinct creation times: inserts in the same clock tick would make "newest first" fall back to the id order.
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
  await createProduct(t, {
    title: 'هاتف سامسونج',
    description: 'شاشة كبيرة',
    price: 100,
    quantity: 1,
    sold: 5,
    categoryId: catA,
    brandId: brand,
    colors: ['#000000'],
    subcategoryIds: [sub],
    createdAt: minutesAgo(3),
  });
  await createProduct(t, {
    title: 'لابتوب',
    description: 'مُعالِج سريع للألعاب',
    price: 500,
    priceAfterDiscount: 450,
    quantity: 2,
    sold: 50,
    categoryId: catA,
    colors: ['#ffffff', '#000000'],
    createdAt: minutesAgo(2),
  });
  await createProduct(t, {
    title: 'ساعة (50%) ذكية',
    description: 'مقاومة للمياه',
    price: 250,
    quantity: 3,
    sold: 1,
    categoryId: catB,
    createdAt: minutesAgo(1),
  });
});

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v1/products?${query}` });
  return {
    status: res.statusCode,
    body: res.json(),
    titles: (res.json().data ?? []).map((p: { title: string }) => p.title) as string[],
  };
};

describe('list query features (products)', () => {
  it('defaults: page 1, limit 50, newest first; limit capped at 100; undefined/empty/non-numeric fall back', async () => {
    const def = await list('');
    expect(def.body.paginationResult).toEqual({ currentPage: 1, limit: 50, numberOfPages: 1 });
    expect(def.titles).toEqual(['ساعة (50%) ذكية', 'لابتوب', 'هاتف سامسونج']);
    expect((await list('limit=undefined&page=')).body.paginationResult).toEqual({
      currentPage: 1,
      limit: 50,
      numberOfPages: 1,
    });
    expect((await list('limit=1000&page=0')).body.paginationResult.limit).toBe(100);
    expect((await list('page=abc&limit=-3')).body.paginationResult).toMatchObject({ currentPage: 1, limit: 50 });
    const p2 = await list('limit=1&page=2');
    expect(p2.body).toMatchObject({
      results: 3,
      paginationResult: { currentPage: 2, limit: 1, numberOfPages: 3, nextPage: 3, prevPage: 1 },
    });
    expect((await list('limit=2&page=5')).body.data).toEqual([]);
  });

  it('filters with every operator and in[] forms; list fields mean "contains"', async () => {
    expect((await list('price[gte]=250')).titles.sort()).toEqual(['ساعة (50%) ذكية', 'لابتوب'].sort());
    expect((await list('price[gt]=250')).titles).toEqual(['لابتوب']);
    expect((await list('price[lte]=250')).body.results).toBe(2);
    expect((await list('price[lt]=250')).titles).toEqual(['هاتف سامسونج']);
    expect((await list('price[gt]=100&price[lte]=500')).body.results).toBe(2);
    expect((await list(`category=${catB}`)).titles).toEqual(['ساعة (50%) ذكية']);
    expect((await list(`category[in][]=${catA}&category[in][]=${catB}`)).body.results).toBe(3);
    expect((await list(`category[in]=${catB}`)).body.results).toBe(1);
    expect((await list(`category[in]=${catA},${catB}`)).body.results).toBe(3);
    expect((await list(`brand=${brand}`)).titles).toEqual(['هاتف سامسونج']);
    expect((await list(`brand[in][]=${brand}`)).body.results).toBe(1);
    expect((await list('availableColors=%23000000')).body.results).toBe(2);
    expect((await list('availableColors=%23FFFFFF')).titles).toEqual(['لابتوب']);
    expect((await list(`subcategory=${sub}`)).titles).toEqual(['هاتف سامسونج']);
    expect((await list('priceAfterDiscount[gte]=1')).titles).toEqual(['لابتوب']);
    expect((await list('sold[gte]=5&quantity[lte]=1')).titles).toEqual(['هاتف سامسونج']);
    expect((await list('ratingsAverage=0&ratingsQuantity=0')).body.results).toBe(3);
    expect((await list('createdAt[gte]=2000-01-01')).body.results).toBe(3);
  });

  it('ignores unknown filters and empty values; wrong types → 400 with location query', async () => {
    expect((await list('unknown=1&title=x&password=1&&price=&category=')).body.results).toBe(3);
    for (const [q, path, msg] of [
      ['price[gt]=abc', 'price', 'Invalid value for price'],
      ['category=abc', 'category', 'Invalid ID formate'],
      ['createdAt[gte]=notadate', 'createdAt', 'Invalid value for createdAt'],
      ['price[in][]=x', 'price', 'Invalid value for price'],
    ]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ location: 'query', path, msg });
    }
    expect((await list('price[regex]=.*')).body.results).toBe(3);
  });

  it('sorts ascending with "+", a leading space (+ decoded) or a bare name, descending with "-", multiple keys', async () => {
    const asc = ['هاتف سامسونج', 'ساعة (50%) ذكية', 'لابتوب'];
    expect((await list('sort=+price')).titles).toEqual(asc);
    expect((await list('sort=%2Bprice')).titles).toEqual(asc);
    expect((await list('sort=price')).titles).toEqual(asc);
    expect((await list('sort=-price')).titles).toEqual([...asc].reverse());
    expect((await list('sort=-sold')).titles[0]).toBe('لابتوب');
    expect((await list('sort=nonsense,-quantity')).titles).toEqual(['ساعة (50%) ذكية', 'لابتوب', 'هاتف سامسونج']);
    expect((await list('sort=')).titles[0]).toBe('ساعة (50%) ذكية');
  });

  it('projects fields or excludes them; _id always included', async () => {
    const inc = await list('fields=title,price');
    expect(Object.keys(inc.body.data[0]).sort()).toEqual(['_id', 'price', 'title']);
    const exc = await list('fields=-description,-images');
    expect(exc.body.data[0]).not.toHaveProperty('description');
    expect(exc.body.data[0]).toHaveProperty('title');
  });

  it('keyword: words of the title or description, case-insensitive, Arabic folding, punctuation ignored', async () => {
    expect((await list(`keyword=${encodeURIComponent('معالج')}`)).titles).toEqual(['لابتوب']); // diacritics in the stored text
    expect((await list(`keyword=${encodeURIComponent('شاشه')}`)).titles).toEqual(['هاتف سامسونج']); // ة/ه
    expect((await list(`keyword=${encodeURIComponent('ساعه')}`)).titles).toEqual(['ساعة (50%) ذكية']);
    expect((await list(`keyword=${encodeURIComponent('(50%)')}`)).body.results).toBe(1);
    expect((await list('keyword=0%25')).body.results).toBe(0); // the word "0", not a part of "50%"
    expect((await list(`keyword=${encodeURIComponent('.*')}`)).body.results).toBe(0);
    expect((await list('keyword=')).body.results).toBe(3);
    expect((await list(`keyword=${encodeURIComponent('سامسونج')}&price[gt]=100`)).body.results).toBe(0);
  });
});

describe('products: price means the price the shopper pays (API.md §2)', () => {
  beforeEach(async () => {
    await createProduct(t, { title: 'مخفض 379', price: 449, priceAfterDiscount: 379, categoryId: catB });
    await createProduct(t, { title: 'بدون خصم 400', price: 400, categoryId: catB });
    await createProduct(t, { title: 'خصم أقل من جنيه 1000', price: 1000, priceAfterDiscount: 0.5, categoryId: catB });
    await createProduct(t, { title: 'مخفض 999', price: 5500, priceAfterDiscount: 999, categoryId: catB });
  });
  const inB = (q: string) => list(`category=${catB}&limit=100&fields=title,price,priceAfterDiscount&${q}`);
  const paid = (p: { price: number; priceAfterDiscount?: number }) =>
    p.priceAfterDiscount !== undefined && p.priceAfterDiscount >= 1 ? p.priceAfterDiscount : p.price;

  it('sorts by the paid price both ways', async () => {
    const asc = await inB('sort=%2Bprice');
    expect(asc.body.data.map(paid)).toEqual([250, 379, 400, 999, 1000]);
    expect(asc.titles.slice(1, 3)).toEqual(['مخفض 379', 'بدون خصم 400']);
    expect((await inB('sort=-price')).body.data.map(paid)).toEqual([1000, 999, 400, 379, 250]);
  });

  it('filters by the paid price; priceAfterDiscount keeps its own filter', async () => {
    expect((await inB('price[gte]=1000&price[lte]=5000')).titles).toEqual(['خصم أقل من جنيه 1000']);
    expect((await inB('price[lt]=400&sort=price')).titles).toEqual(['ساعة (50%) ذكية', 'مخفض 379']);
    expect((await inB('price=999')).titles).toEqual(['مخفض 999']);
    expect((await inB('price[in][]=379&price[in][]=1000&sort=price')).body.data.map(paid)).toEqual([379, 1000]);
    expect((await inB('priceAfterDiscount[gte]=379&sort=priceAfterDiscount')).titles).toEqual(['مخفض 379', 'مخفض 999']);
  });

  it('the stored paid price follows price changes through the API', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const id = (await inB('price=400')).body.data[0]._id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${id}`,
      headers: admin.auth,
      payload: { priceAfterDiscount: 200 },
    });
    expect(res.statusCode).toBe(200);
    expect((await inB('sort=price')).body.data.map(paid)).toEqual([200, 250, 379, 999, 1000]);
  });
});

describe("a filtered listing, page by page, in each of the storefront's sorts", () => {
  // A shopper's filter: one category, two brands, a price range. The page's products are picked first and then read
  // (listProducts), so each page must still come in the list's order, and the pages must join up without a gap.
  const shelf = [
    // title, paid price, sold, rating, minutes ago
    ['سماعة أ', 150, 40, 4.5, 9],
    ['سماعة ب', 900, 3, 3.9, 8],
    ['شاحن ج', 300, 25, 4.9, 7],
    ['كابل د', 120, 60, 2.5, 6],
    ['ساعة هـ', 1500, 12, 4.1, 5],
    ['راوتر و', 700, 0, 3.0, 4],
    ['ماوس ز', 450, 18, 4.7, 3],
  ] as const;
  let brandX: string;
  let brandY: string;
  beforeEach(async () => {
    brandX = await createBrand(t);
    brandY = await createBrand(t);
    const rated = async (id: string, rating: number) =>
      t.db.query('UPDATE products SET ratings_average = $2, ratings_quantity = 1 WHERE id = $1', [id, rating]);
    for (const [i, [title, price, sold, rating, minutes]] of shelf.entries()) {
      const id = await createProduct(t, {
        title,
        price,
        sold,
        categoryId: catA,
        brandId: i % 2 ? brandX : brandY,
        createdAt: new Date(Date.now() - minutes * 60_000),
      });
      await rated(id, rating);
    }
    // What the filter leaves out: another brand, no brand, another category, a price at or past either end.
    const other = await createBrand(t);
    await createProduct(t, { title: 'علامة أخرى', price: 200, sold: 99, categoryId: catA, brandId: other });
    await createProduct(t, { title: 'بلا علامة', price: 200, sold: 99, categoryId: catA });
    await createProduct(t, { title: 'قسم آخر', price: 200, sold: 99, categoryId: catB, brandId: brandX });
    await createProduct(t, { title: 'أغلى من الحد', price: 1600, sold: 99, categoryId: catA, brandId: brandX });
    await createProduct(t, { title: 'رخيص جدا', price: 100, sold: 99, categoryId: catA, brandId: brandX });
  });
  const pages = async (sort: string) => {
    const titles: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const {
        status,
        body,
        titles: onPage,
      } = await list(
        `category[in][]=${catA}&brand[in][]=${brandX}&brand[in][]=${brandY}&price[gt]=100&price[lte]=1500` +
          `&limit=3&page=${page}&sort=${sort}`,
      );
      expect(status).toBe(200);
      expect(body.results).toBe(7);
      expect(body.paginationResult.numberOfPages).toBe(3);
      titles.push(...onPage);
    }
    return titles;
  };

  it('newest, cheapest, dearest, best selling and best rated first', async () => {
    expect(await pages('')).toEqual(['ماوس ز', 'راوتر و', 'ساعة هـ', 'كابل د', 'شاحن ج', 'سماعة ب', 'سماعة أ']);
    expect(await pages('%2Bprice')).toEqual(['كابل د', 'سماعة أ', 'شاحن ج', 'ماوس ز', 'راوتر و', 'سماعة ب', 'ساعة هـ']);
    expect(await pages('-price')).toEqual(['ساعة هـ', 'سماعة ب', 'راوتر و', 'ماوس ز', 'شاحن ج', 'سماعة أ', 'كابل د']);
    expect(await pages('-sold')).toEqual(['كابل د', 'سماعة أ', 'شاحن ج', 'ماوس ز', 'ساعة هـ', 'سماعة ب', 'راوتر و']);
    expect(await pages('-ratingsAverage')).toEqual([
      'شاحن ج',
      'ماوس ز',
      'سماعة أ',
      'ساعة هـ',
      'سماعة ب',
      'راوتر و',
      'كابل د',
    ]);
  });

  it('products that tie on the sort are each on exactly one page', async () => {
    await t.db.query('UPDATE products SET sold = 10 WHERE category_id = $1', [catA]);
    const titles = await pages('-sold');
    expect([...titles].sort()).toEqual(shelf.map(([title]) => title).sort());
  });
});

describe('filter values the column cannot hold → 400 query, never 500 (API.md §2)', () => {
  const expect400 = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/v1${url}`, headers });
    expect(res.statusCode, url).toBe(400);
    expect(res.json().errors[0], url).toMatchObject({ location: 'query', type: 'field' });
  };

  it('products and categories: fractions on integers, huge numbers, exponents, other bases, far dates, bad in-list members', async () => {
    for (const q of [
      'quantity=1.5',
      'sold[lt]=2.5',
      'ratingsQuantity=1e20',
      'ratingsQuantity=99999999999',
      'quantity=0x10',
      'sold=0b11',
      'sold[gte]=0o7',
      'quantity=1e3',
      'price=1e300',
      'price[gt]=99999999999',
      'price[lte]=21474837',
      'priceAfterDiscount[gt]=1e400',
      'price[gt]=Infinity',
      'ratingsAverage=10',
      'ratingsAverage[lt]=1e300',
      'ratingsAverage=0x1',
      'createdAt[gt]=275760-09-13',
      'createdAt=99999',
      'createdAt[lt]=%2B275760-09-13T00:00:00Z',
      'createdAt=0000-01-01',
      'price[in][]=1&price[in][]=1.5e300',
      'quantity[in]=1,2.5',
      'createdAt[in][]=2020-01-01&createdAt[in][]=99999',
    ])
      await expect400(`/products?${q}`);
    for (const q of ['createdAt=275760-09-13', 'createdAt[gte]=99999', 'createdAt[in]=2020-01-01,-271821-04-20'])
      await expect400(`/categories?${q}`);
    await expect400('/subcategories?createdAt[lt]=99999');
    await expect400('/brands?createdAt=275760-09-13');
    await expect400('/reviews?rating[gt]=1e300');
  });

  it('orders, coupons and users: the same for customers, managers and admins', async () => {
    const customer = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    for (const q of [
      'id=1.5',
      'id=99999999999',
      'id=0x1',
      'totalOrderPrice[gt]=99999999999999999',
      'totalOrderPrice=1e300',
      'createdAt=99999',
    ]) {
      await expect400(`/orders?${q}`, customer.auth);
      await expect400(`/orders?${q}`, admin.auth);
    }
    for (const q of [
      'expire[gt]=275760-09-13',
      'expire=99999',
      'discount=1000',
      'discount[lt]=1e300',
      'createdAt[in][]=2020-01-01&createdAt[in][]=275760-09-13',
    ])
      await expect400(`/coupons?${q}`, admin.auth);
    for (const q of ['createdAt=275760-09-13', 'createdAt[gt]=99999']) await expect400(`/users?${q}`, admin.auth);
  });

  it('values the column can hold still filter: Arabic-Indic digits, int and bigint edges, 4-digit years, large order totals', async () => {
    expect((await list('sold[gte]=%D9%A5&sort=sold')).titles).toEqual(['هاتف سامسونج', 'لابتوب']); // ٥
    expect((await list('quantity[lte]=2147483647&quantity[gte]=-2147483648')).body.results).toBe(3);
    expect((await list('price[lte]=21474836.47')).body.results).toBe(3);
    expect((await list('createdAt[gte]=0001-01-01&createdAt[lte]=9999-12-31T23:59:59.999Z')).body.results).toBe(3);
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({
      url: '/api/v1/orders?totalOrderPrice[lt]=90000000000000&id[in]=1,2147483647',
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('deep pages and one-letter keywords (API.md §2)', () => {
  it('page × limit over 10,000 → 400 Page is too deep; up to it answers (past the end: empty)', async () => {
    for (const q of [
      'page=101&limit=100',
      'page=10001',
      'page=201',
      'page=9007199254740993&limit=1',
      'sort=title&limit=100&page=999',
    ]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.errors, q).toEqual([
        expect.objectContaining({ location: 'query', path: 'page', msg: 'Page is too deep; narrow the search' }),
      ]);
    }
    for (const q of ['page=100&limit=100', 'page=10000&limit=1', 'page=200']) {
      const res = await list(q);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual([]);
    }
    // Other lists share the rule.
    expect((await t.app.inject({ url: '/api/v1/categories?page=1000&limit=11' })).statusCode).toBe(400);
  });

  it('a keyword shorter than 2 characters after trimming is ignored', async () => {
    for (const k of ['ه', ' ا ', 'ة', '%', 'x', 'أ\u064e'])
      expect((await list(`keyword=${encodeURIComponent(k)}`)).body.results, k).toBe(3);
    // Two letters are a keyword: a word that no product has (not the start of "هاتف").
    expect((await list(`keyword=${encodeURIComponent('ها')}`)).titles).toEqual([]);
    expect((await t.app.inject({ url: `/api/v1/categories?keyword=${encodeURIComponent('ت')}` })).json().results).toBe(
      2,
    );
  });
});
