import { beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, useTestApp, type TestUser } from './helpers';

/**
 * An address decides its governorate honestly (SECURITY.md): however a shopper writes the city, in Arabic or Latin,
 * with "محافظة", "مدينة", "مصر" or punctuation around it, it reaches its own governorate's zone, never another's and
 * never the shop-wide rules unasked; a city the shop cannot place asks for the governorate; a governorate that
 * contradicts the city is refused. The spellings are how addresses are written on Egyptian order forms and couriers'
 * sheets, not the matcher's own lists.
 */
const t = useTestApp({ paymentsTestMode: true });
let user: TestUser;
let admin: TestUser;
beforeEach(async () => {
  user = await createUser(t, { name: 'سارة' });
  admin = await createUser(t, { role: 'admin' });
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.auth, payload });
const home = { alias: 'البيت', details: 'شارع النيل، عمارة 4', phone: '01012345678' };

/** [how the city is written, the governorate it is in]. */
const SPELLINGS: Array<[string, string]> = [
  ['القاهرة', 'EG-C'],
  ['القاهره', 'EG-C'],
  ['محافظة القاهرة', 'EG-C'],
  ['القاهرة، مصر', 'EG-C'],
  ['مدينة نصر', 'EG-C'],
  ['مصر الجديدة', 'EG-C'],
  ['المعادي', 'EG-C'],
  ['التجمع الخامس', 'EG-C'],
  ['القاهرة الجديدة', 'EG-C'],
  ['شبرا مصر', 'EG-C'],
  ['Cairo', 'EG-C'],
  ['cairo, egypt', 'EG-C'],
  ['Nasr City', 'EG-C'],
  ['New Cairo', 'EG-C'],
  ['Heliopolis', 'EG-C'],
  ['El Maadi', 'EG-C'],
  ['الجيزة', 'EG-GZ'],
  ['الجيزه', 'EG-GZ'],
  ['محافظة الجيزة', 'EG-GZ'],
  ['الدقي', 'EG-GZ'],
  ['المهندسين', 'EG-GZ'],
  ['الهرم', 'EG-GZ'],
  ['6 أكتوبر', 'EG-GZ'],
  ['٦ اكتوبر', 'EG-GZ'],
  ['مدينة السادس من أكتوبر', 'EG-GZ'],
  ['الشيخ زايد', 'EG-GZ'],
  ['Giza', 'EG-GZ'],
  ['Gizeh', 'EG-GZ'],
  ['6th of October City', 'EG-GZ'],
  ['Sheikh Zayed', 'EG-GZ'],
  ['El-Dokki', 'EG-GZ'],
  ['الإسكندرية', 'EG-ALX'],
  ['الاسكندريه', 'EG-ALX'],
  ['اسكندرية', 'EG-ALX'],
  ['إسكندرية - مصر', 'EG-ALX'],
  ['سموحة', 'EG-ALX'],
  ['سيدي جابر', 'EG-ALX'],
  ['العجمي', 'EG-ALX'],
  ['Alexandria', 'EG-ALX'],
  ['Alex', 'EG-ALX'],
  ['ALEXANDRIA, EGYPT', 'EG-ALX'],
  ['شبرا الخيمة', 'EG-KB'],
  ['بنها', 'EG-KB'],
  ['Qalyubia', 'EG-KB'],
  ['Kalyoubia', 'EG-KB'],
  ['أسوان', 'EG-ASN'],
  ['اسوان', 'EG-ASN'],
  ['محافظة أسوان', 'EG-ASN'],
  ['مدينة أسوان', 'EG-ASN'],
  ['أسوان، مصر', 'EG-ASN'],
  ['اسوان - جمهورية مصر العربية', 'EG-ASN'],
  ['كوم امبو', 'EG-ASN'],
  ['إدفو', 'EG-ASN'],
  ['Aswan', 'EG-ASN'],
  ['Aswan Governorate', 'EG-ASN'],
  ['Assuan, Egypt', 'EG-ASN'],
  ['المنصورة', 'EG-DK'],
  ['Mansoura', 'EG-DK'],
  ['الدقهلية', 'EG-DK'],
  ['طنطا', 'EG-GH'],
  ['المحلة الكبرى', 'EG-GH'],
  ['Tanta', 'EG-GH'],
  ['الزقازيق', 'EG-SHR'],
  ['العاشر من رمضان', 'EG-SHR'],
  ['10th of Ramadan', 'EG-SHR'],
  ['Sharkia', 'EG-SHR'],
  ['منيا القمح', 'EG-SHR'],
  ['بورسعيد', 'EG-PTS'],
  ['بور سعيد', 'EG-PTS'],
  ['Port Said', 'EG-PTS'],
  ['السويس', 'EG-SUZ'],
  ['العين السخنة', 'EG-SUZ'],
  ['Suez', 'EG-SUZ'],
  ['الإسماعيلية', 'EG-IS'],
  ['Ismailia', 'EG-IS'],
  ['دمياط', 'EG-DT'],
  ['رأس البر', 'EG-DT'],
  ['Damietta', 'EG-DT'],
  ['دمنهور', 'EG-BH'],
  ['Damanhour', 'EG-BH'],
  ['شبين الكوم', 'EG-MNF'],
  ['Menoufia', 'EG-MNF'],
  ['Monufia', 'EG-MNF'],
  ['كفر الشيخ', 'EG-KFS'],
  ['Kafr El Sheikh', 'EG-KFS'],
  ['الفيوم', 'EG-FYM'],
  ['Fayoum', 'EG-FYM'],
  ['بني سويف', 'EG-BNS'],
  ['Beni Suef', 'EG-BNS'],
  ['المنيا', 'EG-MN'],
  ['Minya', 'EG-MN'],
  ['أسيوط', 'EG-AST'],
  ['Assiut', 'EG-AST'],
  ['Asyut', 'EG-AST'],
  ['سوهاج', 'EG-SHG'],
  ['Sohag', 'EG-SHG'],
  ['قنا', 'EG-KN'],
  ['نجع حمادي', 'EG-KN'],
  ['الأقصر', 'EG-LX'],
  ['الاقصر', 'EG-LX'],
  ['Luxor', 'EG-LX'],
  ['الغردقة', 'EG-BA'],
  ['Hurghada', 'EG-BA'],
  ['الخارجة', 'EG-WAD'],
  ['مرسى مطروح', 'EG-MT'],
  ['العلمين الجديدة', 'EG-MT'],
  ['Marsa Matrouh', 'EG-MT'],
  ['العريش', 'EG-SIN'],
  ['El Arish', 'EG-SIN'],
  ['شرم الشيخ', 'EG-JS'],
  ['Sharm El Sheikh', 'EG-JS'],
  ['دهب', 'EG-JS'],
];

describe('the governorate of a written city', () => {
  it(`places each of ${SPELLINGS.length} ways Egyptians write their city in its own governorate`, async () => {
    expect(SPELLINGS.length).toBeGreaterThanOrEqual(60);
    const placed: Array<[string, string | undefined]> = [];
    for (const [city] of SPELLINGS) {
      const res = await api('POST', '/addresses', user, { ...home, city });
      expect(res.statusCode, `${city}: ${res.body}`).toBe(200);
      placed.push([city, res.json().data.at(-1).governorate]);
    }
    expect(placed).toEqual(SPELLINGS);
  });

  it('asks for the governorate when the city names none or several, and saves nothing', async () => {
    for (const city of ['سيناء', 'القاهرة والجيزة', 'Springfield', 'الحي السابع', 'كفر']) {
      const res = await api('POST', '/addresses', user, { ...home, city });
      expect(res.statusCode, city).toBe(400);
      const [error] = res.json().errors;
      expect(error).toMatchObject({ path: 'governorate', location: 'body', code: 'governorate_unknown' });
      expect(error.msg).toMatch(/اختر المحافظة/);
    }
    expect((await api('GET', '/addresses', user)).json().data).toEqual([]);
  });

  it('refuses a governorate that contradicts the city, and takes one the city agrees with or cannot place', async () => {
    let res = await api('POST', '/addresses', user, { ...home, city: 'أسوان', governorate: 'EG-C' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'governorate', code: 'governorate_contradicts_city' });
    expect(res.json().errors[0].msg).toBe(
      'المدينة «أسوان» في محافظة أسوان وليست في محافظة القاهرة، راجع المحافظة أو المدينة',
    );
    res = await api('POST', '/addresses', user, { ...home, city: 'الدقي', governorate: 'EG-C' });
    expect(res.json().errors[0].code).toBe('governorate_contradicts_city');
    for (const [city, governorate] of [
      ['المعادي', 'EG-C'],
      ['عزبة الهجانة', 'EG-C'],
      ['', 'EG-GZ'],
    ]) {
      res = await api('POST', '/addresses', user, { ...home, city, governorate });
      expect([res.statusCode, res.json().data?.at(-1).governorate], city).toEqual([200, governorate]);
    }
  });

  it('a changed city moves a saved address, a city it cannot place keeps the governorate, a contradiction is refused', async () => {
    const saved = (await api('POST', '/addresses', user, { ...home, city: 'الدقي' })).json().data[0];
    expect(saved.governorate).toBe('EG-GZ');
    let res = await api('PUT', `/addresses/${saved._id}`, user, { city: 'سموحة' });
    expect(res.json().data.governorate).toBe('EG-ALX');
    // A new governorate is checked against the city kept.
    res = await api('PUT', `/addresses/${saved._id}`, user, { governorate: 'EG-C' });
    expect([res.statusCode, res.json().errors[0].code]).toEqual([400, 'governorate_contradicts_city']);
    res = await api('PUT', `/addresses/${saved._id}`, user, { city: 'سموحة', governorate: 'EG-ASN' });
    expect([res.statusCode, res.json().errors[0].code]).toEqual([400, 'governorate_contradicts_city']);
    res = await api('PUT', `/addresses/${saved._id}`, user, { city: 'شارع 45' });
    expect([res.statusCode, res.json().data.governorate]).toEqual([200, 'EG-ALX']);
    const stored = await t.db.one('SELECT city, governorate FROM addresses WHERE id = $1', [saved._id]);
    expect(stored).toEqual({ city: 'شارع 45', governorate: 'EG-ALX' });
  });
});

describe("an order's zone follows its city", () => {
  /** Aswan: 80 EGP and no cash; everywhere else the shop-wide 30 EGP with cash. */
  beforeEach(async () => {
    const res = await api('POST', '/delivery/zones', admin, {
      name: 'أسوان',
      fee: 80,
      cashOnDelivery: false,
      governorates: ['EG-ASN'],
    });
    expect(res.statusCode, res.body).toBe(201);
    await api('PUT', '/shop/settings', admin, { defaultShippingFee: 30, cashOnDelivery: true });
  });

  async function cartId() {
    const productId = await createProduct(t, { price: 200, quantity: 50 });
    return (await api('POST', '/cart', user, { productId })).json().data._id as string;
  }

  it('"محافظة أسوان", "مدينة أسوان" and "أسوان، مصر" are Aswan: cash refused, its fee quoted and charged by card', async () => {
    const id = await cartId();
    for (const city of ['محافظة أسوان', 'مدينة أسوان', 'أسوان، مصر', 'Aswan, Egypt']) {
      const shippingAddress = { details: 'شارع الكورنيش', phone: '01012345678', city };
      const cash = await api('POST', `/orders/${id}`, user, { shippingAddress });
      expect([cash.statusCode, cash.json().message], city).toEqual([
        409,
        'Cash on delivery is not available for this address',
      ]);
      const quote = await api('GET', `/delivery/quote?city=${encodeURIComponent(city)}`, user);
      expect(quote.json().data, city).toMatchObject({ shippingPrice: 80, cashOnDelivery: { allowed: false } });
    }
    expect(await t.db.query('SELECT id FROM orders')).toEqual([]);
  });

  it('a governorate that contradicts the city is refused at checkout and in the quote, with nothing ordered', async () => {
    const id = await cartId();
    const shippingAddress = { details: 'شارع الكورنيش', phone: '01012345678', city: 'أسوان', governorate: 'EG-C' };
    const res = await api('POST', `/orders/${id}`, user, { shippingAddress });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'shippingAddress.governorate',
      code: 'governorate_contradicts_city',
    });
    const card = await api('POST', `/orders/checkout-session/${id}`, user, { shippingAddress });
    expect(card.statusCode).toBe(400);
    const quote = await api('GET', '/delivery/quote?governorate=EG-C&city=%D8%A3%D8%B3%D9%88%D8%A7%D9%86', user);
    expect(quote.json().errors[0].code).toBe('governorate_contradicts_city');
    expect(await t.db.query('SELECT id FROM orders')).toEqual([]);
  });

  it('a city the shop cannot place asks for the governorate instead of the shop-wide fee; no city at all keeps it', async () => {
    const id = await cartId();
    let res = await api('POST', `/orders/${id}`, user, {
      shippingAddress: { details: 'شارع الكورنيش', phone: '01012345678', city: 'Springfield' },
    });
    expect([res.statusCode, res.json().errors[0].code]).toEqual([400, 'governorate_unknown']);
    // The original web app sends `city: ""`: the address says nothing of where it is, and the shop's own fee applies.
    res = await api('POST', `/orders/${id}`, user, {
      shippingAddress: { details: 'البيت', phone: '01012345678', city: '', postalCode: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.shippingPrice).toBe(30);
  });
});

describe('text that reaches mails, headers, links and sheets', () => {
  it('one-line fields refuse control characters; fields of several lines take new lines and refuse the rest', async () => {
    for (const [body, path] of [
      [{ ...home, alias: 'البيت\r\nBcc: x@example.com' }, 'alias'],
      [{ ...home, city: 'القاهرة\n' + 'x' }, 'city'],
      [{ ...home, details: 'شارع النيل\u0007' }, 'details'],
    ] as const) {
      const res = await api('POST', '/addresses', user, body);
      expect([res.statusCode, res.json().errors?.[0]], path).toMatchObject([
        400,
        { path, msg: `Invalid ${path}: control characters are not allowed` },
      ]);
    }
    expect((await api('GET', '/addresses', user)).json().data).toEqual([]);
    const res = await api('POST', '/addresses', user, {
      ...home,
      city: 'الدقي',
      details: 'شارع النيل 5\nالدور الثالث',
    });
    expect(res.json().data[0].details).toBe('شارع النيل 5\nالدور الثالث');
    const renamed = await api('PUT', '/users/updateMe', user, { name: 'سارة\r\nTo: all@example.com' });
    expect(renamed.statusCode).toBe(400);
    expect(await t.db.one('SELECT name FROM users WHERE id = $1', [user.id])).toEqual({ name: 'سارة' });
  });
});
