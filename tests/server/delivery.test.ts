import { beforeEach, describe, expect, it } from 'vitest';
import { orderMailsSettled } from '../../server/mail/orderMail';
import { createCoupon, createProduct, createUser, useTestApp, type TestUser } from './helpers';

/**
 * Delivery in Egypt: governorates, the owner's shipping zones and settings, the quote the pay page shows, and what
 * orders store. Expected figures are worked out by hand from the fixture: prices include VAT at 14 %, so the VAT in a
 * total T is T × 14 / 114, rounded to the piastre.
 */
const t = useTestApp({ paymentsTestMode: true });
let user: TestUser;
let admin: TestUser;
let manager: TestUser;
beforeEach(async () => {
  user = await createUser(t, { name: 'منى' });
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t, { role: 'manager' });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth, payload });

/** Egypt's 27 governorates as ISO 3166-2:EG names them, with their Arabic names. */
const EGYPT = {
  'EG-ALX': 'الإسكندرية',
  'EG-ASN': 'أسوان',
  'EG-AST': 'أسيوط',
  'EG-BA': 'البحر الأحمر',
  'EG-BH': 'البحيرة',
  'EG-BNS': 'بني سويف',
  'EG-C': 'القاهرة',
  'EG-DK': 'الدقهلية',
  'EG-DT': 'دمياط',
  'EG-FYM': 'الفيوم',
  'EG-GH': 'الغربية',
  'EG-GZ': 'الجيزة',
  'EG-IS': 'الإسماعيلية',
  'EG-JS': 'جنوب سيناء',
  'EG-KB': 'القليوبية',
  'EG-KFS': 'كفر الشيخ',
  'EG-KN': 'قنا',
  'EG-LX': 'الأقصر',
  'EG-MN': 'المنيا',
  'EG-MNF': 'المنوفية',
  'EG-MT': 'مطروح',
  'EG-PTS': 'بورسعيد',
  'EG-SHG': 'سوهاج',
  'EG-SHR': 'الشرقية',
  'EG-SIN': 'شمال سيناء',
  'EG-SUZ': 'السويس',
  'EG-WAD': 'الوادي الجديد',
};

/** Greater Cairo 50 EGP (free from 1,500), Upper Egypt 85 with a 15 EGP cash fee, Sinai 120 and online only. */
async function zones() {
  for (const zone of [
    { name: 'القاهرة الكبرى', fee: 50, freeShippingFrom: 1500, governorates: ['EG-C', 'EG-GZ', 'EG-KB'] },
    { name: 'الصعيد', fee: 85, cashFee: 15, governorates: ['EG-ASN', 'EG-LX', 'EG-KN'] },
    { name: 'سيناء', fee: 120, cashOnDelivery: false, governorates: ['EG-SIN', 'EG-JS'] },
  ]) {
    const res = await api('POST', '/delivery/zones', admin, zone);
    expect(res.statusCode, res.body).toBe(201);
  }
}

/** A cart of 2 × 300 EGP (a coupon of 10 % takes it to 540). */
async function cart(options: { coupon?: boolean } = {}) {
  const product = await createProduct(t, { price: 300, quantity: 10 });
  await api('POST', '/cart', user, { productId: product });
  const res = await api('POST', '/cart', user, { productId: product });
  if (options.coupon) {
    await createCoupon(t, { name: 'TEN', discount: 10 });
    await api('PUT', '/cart/applyCoupon', user, { couponName: 'TEN' });
  }
  return { cartId: res.json().data._id as string, product };
}

/** An address in `governorate` (its capital unless `city` is given; الدقي, in Giza, without one). */
const address = (governorate?: keyof typeof EGYPT, city = governorate ? EGYPT[governorate] : 'الدقي') => ({
  details: 'شارع التحرير 5',
  phone: '01012345678',
  city,
  ...(governorate && { governorate }),
});
const quote = async (governorate?: string) => {
  const res = await api('GET', `/delivery/quote${governorate ? `?governorate=${governorate}` : ''}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('governorates', () => {
  it("lists Egypt's 27 governorates with their ISO codes and Arabic names, Cairo first", async () => {
    const res = await api('GET', '/delivery/governorates');
    expect(res.statusCode).toBe(200);
    const { results, data } = res.json();
    expect(results).toBe(27);
    expect(Object.fromEntries(data.map((g: { code: string; name: string }) => [g.code, g.name]))).toEqual(EGYPT);
    expect(data[0]).toEqual({ code: 'EG-C', name: 'القاهرة', nameEn: 'Cairo' });
  });

  it('the owner renames one and adds one; others are refused, and a bad code or a taken name is a clear error', async () => {
    expect((await api('PATCH', '/delivery/governorates/EG-LX', manager, { name: 'الأقصر' })).statusCode).toBe(403);
    let res = await api('PATCH', '/delivery/governorates/EG-LX', admin, { nameEn: 'Luxor City' });
    expect(res.json()).toEqual({ status: 'success', data: { code: 'EG-LX', name: 'الأقصر', nameEn: 'Luxor City' } });
    res = await api('PATCH', '/delivery/governorates/EG-LX', admin, { name: 'أسوان' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'A governorate with this code or name already exists']);
    res = await api('POST', '/delivery/governorates', admin, { code: 'cairo', name: 'x', nameEn: 'x' });
    expect([res.statusCode, res.json().errors[0].msg]).toEqual([400, 'Invalid governorate code']);
    res = await api('POST', '/delivery/governorates', admin, {
      code: 'EG-NW',
      name: 'العاصمة الإدارية',
      nameEn: 'New Capital',
    });
    expect(res.statusCode).toBe(201);
    const list = (await api('GET', '/delivery/governorates')).json().data;
    expect(list.at(-1)).toEqual({ code: 'EG-NW', name: 'العاصمة الإدارية', nameEn: 'New Capital' });
    expect((await api('DELETE', '/delivery/governorates/EG-NW', admin)).statusCode).toBe(204);
    await api('PATCH', '/delivery/governorates/EG-LX', admin, { nameEn: 'Luxor' });
  });

  it('an address names its governorate, or gets it from a city or district typed as shoppers type it, or has none', async () => {
    const cases: [Record<string, string>, string | undefined][] = [
      [{ governorate: 'EG-ASN', city: 'كوم أمبو' }, 'EG-ASN'],
      [{ city: 'القاهره' }, 'EG-C'],
      [{ city: 'الاسكندرية' }, 'EG-ALX'],
      [{ city: 'اسكندرية' }, 'EG-ALX'],
      [{ city: ' Giza ' }, 'EG-GZ'],
      [{ city: 'بورسعيد' }, 'EG-PTS'],
      [{ city: 'Port Said' }, 'EG-PTS'],
      [{ city: 'المعادي' }, 'EG-C'],
      // The original web app's `city: ""`: the address says nothing of where it is (addressPlaces.test.ts for the rest).
      [{ city: '' }, undefined],
    ];
    for (const [where, code] of cases) {
      const res = await api('POST', '/addresses', user, {
        alias: 'بيت',
        details: 'شارع 9',
        phone: '01012345678',
        ...where,
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = res.json().data.at(-1);
      expect([where, saved.governorate]).toEqual([where, code]);
      if (code) expect(saved.governorateName).toBe(EGYPT[code as keyof typeof EGYPT]);
    }
    const res = await api('POST', '/addresses', user, {
      alias: 'x',
      details: 'y',
      phone: '01012345678',
      governorate: 'EG-XX',
    });
    expect([res.statusCode, res.json().errors[0]]).toEqual([
      400,
      expect.objectContaining({ msg: 'Invalid governorate', path: 'governorate', location: 'body' }),
    ]);
  });
});

describe('shipping zones and the quote', () => {
  it('a shopper in Giza and one in Aswan see different fees; Sinai is online only; no governorate pays the default', async () => {
    await zones();
    await cart();
    // 600 EGP of items: Giza 50 → 650 online (VAT 650 × 14 / 114 = 79.82); cash is the same (no cash fee there).
    expect(await quote('EG-GZ')).toEqual({
      itemsPrice: 600,
      discount: 0,
      shippingPrice: 50,
      freeShippingFrom: 1500,
      cashOnDelivery: { allowed: true, fee: 0 },
      taxPrice: 79.82,
      totalOnline: 650,
      totalCash: 650,
    });
    // Aswan 85 → 685 online (VAT 84.12), 700 in cash with its 15 EGP fee.
    expect(await quote('EG-ASN')).toEqual({
      itemsPrice: 600,
      discount: 0,
      shippingPrice: 85,
      freeShippingFrom: null,
      cashOnDelivery: { allowed: true, fee: 15 },
      taxPrice: 84.12,
      totalOnline: 685,
      totalCash: 700,
    });
    expect((await quote('EG-SIN')).cashOnDelivery).toEqual({ allowed: false, fee: 0, reason: 'zone' });
    // Matrouh is in no zone, and neither is an address without a governorate: the shop's default fee (0 here).
    expect((await quote('EG-MT')).shippingPrice).toBe(0);
    expect((await quote()).shippingPrice).toBe(0);
    const res = await api('GET', '/delivery/quote?governorate=EG-XX', user);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid governorate']);
  });

  it('a coupon discounts the items only; shipping is free from the threshold', async () => {
    await zones();
    await cart({ coupon: true });
    const q = await quote('EG-C');
    expect([q.itemsPrice, q.discount, q.shippingPrice, q.totalOnline]).toEqual([540, 60, 50, 590]);
    const product = await createProduct(t, { price: 1000, quantity: 5 });
    await api('POST', '/cart', user, { productId: product });
    // 1,600 of items → 1,440 after 10 %: below 1,500, so still 50; a second one passes it.
    expect((await quote('EG-C')).shippingPrice).toBe(50);
    await api('POST', '/cart', user, { productId: product });
    const free = await quote('EG-C');
    expect([free.itemsPrice, free.shippingPrice, free.totalOnline]).toEqual([2340, 0, 2340]);
  });

  it('the owner turns cash off, sets a fee and a ceiling: the quote says why, and a cash order is refused with nothing changed', async () => {
    await zones();
    const { cartId, product } = await cart();
    let res = await api('PUT', '/shop/settings', admin, { cashFee: 20, cashMaxTotal: 500 });
    expect(res.json().data).toMatchObject({ cashFee: 20, cashMaxTotal: 500, vatRate: 14 });
    // Giza: 600 + 50 + 20 = 670 in cash, above 500.
    expect((await quote('EG-GZ')).cashOnDelivery).toEqual({
      allowed: false,
      fee: 20,
      reason: 'maxTotal',
      maxTotal: 500,
    });
    res = await api('POST', `/orders/${cartId}`, user, { shippingAddress: address('EG-GZ') });
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      'Cash on delivery is available for orders up to 500 EGP',
    ]);
    // Aswan's own cash fee (15) wins over the shop's.
    expect((await quote('EG-ASN')).cashOnDelivery.fee).toBe(15);

    res = await api('PUT', '/shop/settings', admin, { cashMaxTotal: null, cashOnDelivery: false });
    expect(res.json().data).toMatchObject({ cashMaxTotal: null, cashOnDelivery: false });
    expect((await quote('EG-GZ')).cashOnDelivery).toMatchObject({ allowed: false, reason: 'shop' });
    res = await api('POST', `/orders/${cartId}`, user, { shippingAddress: address('EG-GZ') });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Cash on delivery is not available for this address']);

    await api('PUT', '/shop/settings', admin, { cashOnDelivery: true });
    res = await api('POST', `/orders/${cartId}`, user, { shippingAddress: address('EG-SIN') });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Cash on delivery is not available for this address']);
    expect(await t.db.query('SELECT id FROM orders')).toEqual([]);
    expect(await t.db.one('SELECT quantity FROM products WHERE id = $1', [product])).toEqual({ quantity: 10 });
    expect((await api('GET', '/cart', user)).json().numOfCartItems).toBe(1);
  });

  it('zones: the owner adds, edits and removes them, a governorate moves between zones, bad input is refused', async () => {
    await zones();
    let list = (await api('GET', '/delivery/zones', manager)).json().data;
    expect(list.map((z: { name: string }) => z.name)).toEqual(['القاهرة الكبرى', 'الصعيد', 'سيناء']);
    expect(list[1]).toMatchObject({ fee: 85, freeShippingFrom: null, cashOnDelivery: true, cashFee: 15 });
    // Luxor (first in the list's order: Qena, Luxor, Aswan) moves to a zone of its own.
    let res = await api('POST', '/delivery/zones', admin, { name: 'الأقصر', fee: 70, governorates: ['EG-LX'] });
    expect(res.json().data).toMatchObject({ name: 'الأقصر', fee: 70, governorates: ['EG-LX'], cashFee: null });
    list = (await api('GET', '/delivery/zones', admin)).json().data;
    expect(list.find((z: { name: string }) => z.name === 'الصعيد').governorates).toEqual(['EG-KN', 'EG-ASN']);
    const id = res.json().data._id;
    res = await api('PUT', `/delivery/zones/${id}`, admin, { name: 'الأقصر', fee: 75.5, freeShippingFrom: 999.99 });
    expect(res.json().data).toMatchObject({ fee: 75.5, freeShippingFrom: 999.99, governorates: [] });

    for (const [body, message] of [
      [{ fee: 10 }, 'name is required'],
      [{ name: 'x', fee: -1 }, 'fee must be between 0 and 1000000'],
      [{ name: 'x', fee: 'مجاني' }, 'fee must be between 0 and 1000000'],
      [{ name: 'x', fee: 10, governorates: 'EG-C' }, 'Invalid governorate'],
      [{ name: 'x', fee: 10, freeShippingFrom: 0 }, 'freeShippingFrom must be more than 0'],
    ] as const) {
      res = await api('POST', '/delivery/zones', admin, body);
      expect([res.statusCode, res.json().errors?.[0]?.msg]).toEqual([400, message]);
    }
    res = await api('POST', '/delivery/zones', admin, { name: 'y', fee: 10, governorates: ['EG-ZZ'] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid governorate: EG-ZZ']);
    res = await api('POST', '/delivery/zones', admin, { name: 'سيناء', fee: 10 });
    expect([res.statusCode, res.json().message]).toEqual([409, 'A zone with this name already exists']);
    expect((await api('DELETE', `/delivery/zones/${id}`, admin)).statusCode).toBe(204);
    expect((await api('DELETE', `/delivery/zones/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('orders', () => {
  it('a cash order to Aswan stores shipping, the cash fee and the VAT included; a card session to Giza charges its shipping', async () => {
    await zones();
    const { cartId } = await cart();
    let res = await api('POST', `/orders/${cartId}`, user, { shippingAddress: address('EG-ASN', 'كوم أمبو') });
    expect(res.statusCode, res.body).toBe(201);
    // 600 + 85 + 15 = 700; VAT 700 × 14 / 114 = 85.96.
    expect(res.json().data).toMatchObject({
      shippingPrice: 85,
      cashFee: 15,
      taxPrice: 85.96,
      totalOrderPrice: 700,
      shippingAddress: { city: 'كوم أمبو', governorate: 'EG-ASN', governorateName: 'أسوان' },
    });

    const second = await cart();
    res = await api('POST', `/orders/checkout-session/${second.cartId}`, user, { shippingAddress: address('EG-GZ') });
    expect(res.statusCode, res.body).toBe(200);
    const session = await t.db.one('SELECT total, shipping_price, tax_price::float8 AS tax FROM payment_sessions');
    expect(session).toEqual({ total: 65000, shipping_price: 5000, tax: 7982 });
  });

  it('staff confirm and ship with tracking: the timeline shows both, and the customer can no longer cancel', async () => {
    const { cartId } = await cart();
    const order = (await api('POST', `/orders/${cartId}`, user, { shippingAddress: address('EG-C') })).json().data;
    expect(
      (await api('GET', '/orders?unconfirmed=true', admin)).json().data.map((o: { _id: string }) => o._id),
    ).toEqual([order._id]);
    expect((await api('PUT', `/orders/${order._id}/confirm`, user)).statusCode).toBe(403);
    let res = await api('PUT', `/orders/${order._id}/confirm`, manager);
    expect(res.json().data).toMatchObject({ isConfirmed: true, isShipped: false });
    expect((await api('GET', '/orders?unconfirmed=true', admin)).json().results).toBe(0);

    for (const [body, message] of [
      [{}, 'courier is required'],
      [{ courier: 'بوسطة', trackingUrl: 'javascript:alert(1)' }, 'trackingUrl must be an http(s) link'],
      [{ courier: 'x'.repeat(101) }, 'Too long courier'],
      // A line break in a link or a name would split the mail's lines or a header (SECURITY.md).
      [
        { courier: 'بوسطة', trackingUrl: 'https://bosta.co/t?n=1\r\nBcc: all@example.com' },
        'Invalid trackingUrl: control characters are not allowed',
      ],
      [{ courier: 'بوسطة', trackingNumber: 'BOS-1\n2' }, 'Invalid trackingNumber: control characters are not allowed'],
      [{ courier: 'بوسطة\u001b[2J' }, 'Invalid courier: control characters are not allowed'],
    ] as const) {
      res = await api('PUT', `/orders/${order._id}/ship`, admin, body);
      expect([res.statusCode, res.json().errors?.[0]?.msg]).toEqual([400, message]);
    }
    res = await api('PUT', `/orders/${order._id}/ship`, admin, {
      courier: 'بوسطة',
      trackingNumber: 'BOS-123',
      trackingUrl: 'https://bosta.co/tracking-shipments?shipment-number=BOS-123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await api('GET', `/orders/${order._id}`, user)).json().data;
    expect(mine).toMatchObject({
      isShipped: true,
      shipment: {
        courier: 'بوسطة',
        trackingNumber: 'BOS-123',
        trackingUrl: 'https://bosta.co/tracking-shipments?shipment-number=BOS-123',
      },
    });
    expect(mine.statusHistory.map((s: { status: string }) => s.status)).toEqual(['placed', 'confirmed', 'shipped']);
    res = await api('PUT', `/orders/${order._id}/cancel`, user);
    expect([res.statusCode, res.json().message]).toEqual([409, 'This order can no longer be cancelled']);
    res = await api('PUT', `/orders/${order._id}/deliver`, admin);
    expect(res.json().data.statusHistory.map((s: { status: string }) => s.status)).toEqual([
      'placed',
      'confirmed',
      'shipped',
      'delivered',
    ]);
  });

  it('the original web app: an address with a free-text city is priced by the governorate it names', async () => {
    await zones();
    const { cartId } = await cart();
    const res = await api('POST', `/orders/${cartId}`, user, {
      shippingAddress: { details: 'شارع 9', phone: '01012345678', city: 'اسوان', postalCode: '' },
    });
    expect(res.json().data).toMatchObject({ shippingPrice: 85, cashFee: 15, totalOrderPrice: 700 });
  });
});

describe('shop settings', () => {
  it('only the admin reads and changes them; each is checked; GET /shop shows the invoice details', async () => {
    expect((await api('GET', '/shop/settings', manager)).statusCode).toBe(403);
    expect((await api('GET', '/shop/settings', admin)).json().data).toEqual({
      shopName: '',
      shopAddress: '',
      taxNumber: '',
      vatRate: 14,
      defaultShippingFee: 0,
      cashOnDelivery: true,
      cashFee: 0,
      cashMaxTotal: null,
      staffEmail: '',
      lowStockLevel: 5,
    });
    for (const [body, message] of [
      [{ vatRate: 101 }, 'vatRate must be between 0 and 100'],
      [{ staffEmail: 'owner@' }, 'Invalid email formate'],
      [{ lowStockLevel: 2.5 }, 'lowStockLevel must be a whole number from 0'],
      [{ cashOnDelivery: 'نعم' }, 'cashOnDelivery must be true or false'],
    ] as const) {
      const res = await api('PUT', '/shop/settings', admin, body);
      expect([res.statusCode, res.json().errors?.[0]?.msg]).toEqual([400, message]);
    }
    const res = await api('PUT', '/shop/settings', admin, {
      shopName: 'متجر النيل',
      shopAddress: 'القاهرة',
      taxNumber: '123-456-789',
      vatRate: 0,
      staffEmail: 'Owner@Shop.eg',
    });
    expect(res.json().data).toMatchObject({ shopName: 'متجر النيل', vatRate: 0, staffEmail: 'Owner@Shop.eg' });
    expect((await api('GET', '/shop')).json().data).toMatchObject({
      shopName: 'متجر النيل',
      shopAddress: 'القاهرة',
      taxNumber: '123-456-789',
      vatRate: 0,
      cashOnDelivery: true,
    });
    // A shop not registered for VAT shows none.
    await cart();
    expect((await quote()).taxPrice).toBe(0);
  });
});

describe('what the owner hears and exports', () => {
  it('staff get a mail for a new order and one when it takes a product to the low-stock level; the customer one for each step', async () => {
    const sent: { to: string; subject: string; text: string }[] = [];
    const working = t.app.ctx.mailer;
    t.app.ctx.mailer = { send: async (mail) => void sent.push(mail) };
    try {
      await api('PUT', '/shop/settings', admin, { staffEmail: 'owner@shop.eg', lowStockLevel: 3 });
      const product = await createProduct(t, { title: 'مج سيراميك', price: 120, quantity: 5 });
      await api('POST', '/cart', user, { productId: product });
      const cartId = (await api('POST', '/cart', user, { productId: product })).json().data._id;
      const order = (await api('POST', `/orders/${cartId}`, user, { shippingAddress: address('EG-GZ') })).json().data;
      await api('PUT', `/orders/${order._id}/confirm`, admin);
      await api('PUT', `/orders/${order._id}/ship`, admin, { courier: 'أرامكس', trackingNumber: 'AR-9' });
      await orderMailsSettled();
      expect(sent.map((m) => [m.to, m.subject])).toEqual([
        [user.email, 'تم استلام طلبك رقم #1'],
        ['owner@shop.eg', 'طلب جديد رقم #1 — 240 جنيه'],
        ['owner@shop.eg', 'مخزون منخفض: مج سيراميك'],
        [user.email, 'تم تأكيد طلبك رقم #1'],
        [user.email, 'تم شحن طلبك رقم #1'],
      ]);
      expect(sent[2].text).toContain('بقي 3 فقط من «مج سيراميك» بعد الطلب رقم #1.');
      expect(sent[4].text).toContain('طلبك في الطريق إليك مع أرامكس، ورقم التتبع AR-9.');
    } finally {
      t.app.ctx.mailer = working;
    }
  });

  it('exports the filtered orders as CSV that Excel opens with Arabic intact: BOM, UTF-8, quoted commas, quotes and line breaks', async () => {
    await zones();
    const product = await createProduct(t, { title: 'قميص "قطن"، مقاس كبير', price: 250, quantity: 9 });
    await api('POST', '/cart', user, { productId: product });
    const cartId = (await api('GET', '/cart', user)).json().data._id;
    const shippingAddress = { ...address('EG-ALX'), details: 'شارع فؤاد، عمارة 3\nالدور الثاني' };
    expect((await api('POST', `/orders/${cartId}`, user, { shippingAddress })).statusCode).toBe(201);

    expect((await api('GET', '/orders/export.csv', user)).statusCode).toBe(403);
    const res = await api('GET', '/orders/export.csv?unconfirmed=true', manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    const [header, line, end] = text.split('\r\n');
    expect(header.split(',').slice(0, 3)).toEqual(['رقم الطلب', 'التاريخ', 'العميل']);
    expect(end).toBe(''); // no line breaks but the quoted one, and CRLF after each record
    // Alexandria is in no zone here: the default fee (0); the address's comma and line break are quoted.
    expect(line).toContain('"شارع فؤاد، عمارة 3\nالدور الثاني"');
    expect(line).toContain(',الإسكندرية,');
    expect(line.endsWith(',0,0,30.7,250')).toBe(true);

    const lines = await api('GET', '/orders/export-lines.csv', admin);
    const [, item] = new TextDecoder().decode(lines.rawPayload.subarray(3)).split('\r\n');
    expect(item).toMatch(/^1,\d{4}-\d{2}-\d{2} \d{2}:\d{2},"قميص ""قطن""، مقاس كبير",,,1,250,250$/);
    // Nothing matches: the header alone.
    const none = await api('GET', '/orders/export.csv?isDelivered=true', admin);
    expect(new TextDecoder().decode(none.rawPayload).split('\r\n')).toHaveLength(2);
  });

  it('a name a spreadsheet would run as a formula is written as text', async () => {
    const mallory = await createUser(t, { name: '=HYPERLINK("http://evil.example","اضغط")' });
    const product = await createProduct(t, { price: 100, quantity: 9 });
    await api('POST', '/cart', mallory, { productId: product });
    const cartId = (await api('GET', '/cart', mallory)).json().data._id;
    await api('POST', `/orders/${cartId}`, mallory, { shippingAddress: address('EG-C') });
    const text = new TextDecoder().decode((await api('GET', '/orders/export.csv', admin)).rawPayload);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""اضغط"")",`);
  });
});
