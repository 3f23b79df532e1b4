import { randomInt } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createCoupon, createProduct, createUser, useTestApp, type TestUser } from './helpers';
import type { NewAuditRow } from '../../server/modules/audit/repository';

/**
 * The audit log (issue 31 item 4): every staff write is recorded in the same transaction as the change, with who
 * (id, name, role), what, and the changed fields before and after; a write that fails leaves no entry. Admins read
 * every entry, managers only their own, and nothing edits or deletes an entry through the API.
 */

const t = useTestApp({ paymentsTestMode: true });
let admin: TestUser;
let manager: TestUser;
let customer: TestUser;

const MISSING = '00000000-0000-4000-8000-000000000000';
const ADMIN_NAME = 'أحمد المالك';
const MANAGER_NAME = 'منى المشرفة';
const address = { details: '12 شارع التحرير، الدقي', phone: '01098765432', city: 'الجيزة', postalCode: '12611' };

beforeEach(async () => {
  admin = await createUser(t, { role: 'admin', name: ADMIN_NAME });
  manager = await createUser(t, { role: 'manager', name: MANAGER_NAME });
  customer = await createUser(t, { role: 'user' });
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth ?? {}, payload });

/** An entry as the log stores it, without its id and moment. */
type Entry = NewAuditRow;
const entries = () =>
  t.db.query<Entry>(
    `SELECT actor_id, actor_name, actor_role, action, target_type, target_id, before, after FROM audit_log
     ORDER BY at, action`,
  );
const count = async () => (await entries()).length;

/** One write's entry: exactly one more than before, with these fields. */
async function expectEntry<R extends { statusCode: number; body: string }>(
  write: () => Promise<R>,
  status: number,
  entry: object,
): Promise<R> {
  const before = await count();
  const res = await write();
  expect(res.statusCode, res.body).toBe(status);
  const all = await entries();
  expect(all.length, 'one entry for the write').toBe(before + 1);
  expect(all[all.length - 1]).toEqual(entry);
  return res;
}

/** A failed write: its status, and no entry. */
async function expectNone(write: () => Promise<{ statusCode: number; body: string }>, status: number) {
  const before = await count();
  const res = await write();
  expect(res.statusCode, res.body).toBe(status);
  expect(await count(), `a ${status} leaves no entry`).toBe(before);
}

const by = (who: TestUser, name: string, role: string) => ({ actor_id: who.id, actor_name: name, actor_role: role });
const asManager = () => by(manager, MANAGER_NAME, 'manager');
const asAdmin = () => by(admin, ADMIN_NAME, 'admin');

/** The customer's cash order of two 150 EGP units. */
async function cashOrder(): Promise<string> {
  const product = await createProduct(t, { price: 150, quantity: 5 });
  const cart = await api('POST', '/cart', customer, { productId: product });
  const res = await api('POST', `/orders/${cart.json().data._id}`, customer, { shippingAddress: address });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** The customer's cart paid on the test payment page: a card order staff may refund. */
async function cardOrder(): Promise<string> {
  const product = await createProduct(t, { price: 150, quantity: 5 });
  const cart = await api('POST', '/cart', customer, { productId: product });
  const session = await api('POST', `/orders/checkout-session/${cart.json().data._id}`, customer, {
    shippingAddress: address,
  });
  expect(session.statusCode, session.body).toBe(200);
  const sessionId = session.json().session.id;
  const paid = await t.app.inject({ method: 'POST', url: `/payments/test/${sessionId}/pay` });
  expect(paid.statusCode, paid.body).toBe(303);
  return (await t.db.one<{ id: string }>('SELECT id FROM orders WHERE payment_session_id = $1', [sessionId]))!.id;
}

describe('coupons are recorded', () => {
  const nextYear = new Date().getUTCFullYear() + 1;

  it('create, change and delete: who, what, before and after', async () => {
    const created = await expectEntry(
      () => api('POST', '/coupons', manager, { name: 'EID10', expire: `${nextYear}-03-15`, discount: 10 }),
      201,
      {
        ...asManager(),
        action: 'coupon.create',
        target_type: 'coupon',
        target_id: expect.any(String),
        before: null,
        after: { name: 'EID10', expire: `${nextYear}-03-15T21:59:59.999Z`, discount: 10 },
      },
    );
    const id = created.json().data._id;
    expect((await entries())[0].target_id).toBe(id);

    for (const method of ['PUT', 'PATCH'] as const) {
      const [from, to] = method === 'PUT' ? [10, 25] : [25, 30];
      await expectEntry(() => api(method, `/coupons/${id}`, admin, { discount: to }), 200, {
        ...asAdmin(),
        action: 'coupon.update',
        target_type: 'coupon',
        target_id: id,
        before: { discount: from },
        after: { discount: to },
      });
    }
    // A change to the values it already has changes nothing, and is not recorded.
    await expectNone(() => api('PUT', `/coupons/${id}`, admin, { discount: 30 }), 200);

    await expectEntry(() => api('DELETE', `/coupons/${id}`, manager), 204, {
      ...asManager(),
      action: 'coupon.delete',
      target_type: 'coupon',
      target_id: id,
      before: { name: 'EID10', expire: `${nextYear}-03-15T21:59:59.999Z`, discount: 30 },
      after: null,
    });
  });

  it('a refused or missing coupon write leaves no entry', async () => {
    const id = await createCoupon(t, { name: 'TAKEN', discount: 10 });
    await expectNone(
      () => api('POST', '/coupons', manager, { name: '', expire: `${nextYear}-01-01`, discount: 5 }),
      400,
    );
    await expectNone(
      () => api('POST', '/coupons', manager, { name: 'taken', expire: `${nextYear}-01-01`, discount: 5 }),
      400,
    );
    await expectNone(() => api('PUT', `/coupons/${id}`, manager, { discount: 101 }), 400);
    await expectNone(() => api('PUT', `/coupons/${MISSING}`, manager, { discount: 5 }), 404);
    await expectNone(() => api('DELETE', `/coupons/${MISSING}`, manager), 404);
    await expectNone(
      () => api('POST', '/coupons', customer, { name: 'X', expire: `${nextYear}-01-01`, discount: 5 }),
      403,
    );
  });
});

describe('orders are recorded', () => {
  it('paid, delivered, confirmed and shipped: each step once, with its fields before and after', async () => {
    const id = await cashOrder();
    const order = { target_type: 'order', target_id: id };
    await expectEntry(() => api('PUT', `/orders/${id}/confirm`, manager), 200, {
      ...asManager(),
      ...order,
      action: 'order.confirmed',
      before: { isConfirmed: false },
      after: { isConfirmed: true },
    });
    await expectEntry(
      () => api('PATCH', `/orders/${id}/ship`, manager, { courier: 'بوسطة', trackingNumber: 'BS-1' }),
      200,
      {
        ...asManager(),
        ...order,
        action: 'order.shipped',
        before: { isShipped: false, courier: null, trackingNumber: null },
        after: { isShipped: true, courier: 'بوسطة', trackingNumber: 'BS-1' },
      },
    );
    // Correcting the courier is recorded with what changed.
    await expectEntry(
      () => api('PUT', `/orders/${id}/ship`, admin, { courier: 'أرامكس', trackingNumber: 'BS-1' }),
      200,
      {
        ...asAdmin(),
        ...order,
        action: 'order.shipped',
        before: { courier: 'بوسطة' },
        after: { courier: 'أرامكس' },
      },
    );
    await expectEntry(() => api('PUT', `/orders/${id}/pay`, admin), 200, {
      ...asAdmin(),
      ...order,
      action: 'order.paid',
      before: { isPaid: false },
      after: { isPaid: true },
    });
    await expectEntry(() => api('PATCH', `/orders/${id}/deliver`, manager), 200, {
      ...asManager(),
      ...order,
      action: 'order.delivered',
      before: { isDelivered: false },
      after: { isDelivered: true },
    });
    // A repeated step keeps the order as it was: nothing new to record.
    await expectNone(() => api('PUT', `/orders/${id}/pay`, manager), 200);
    await expectNone(() => api('PUT', `/orders/${id}/confirm`, manager), 200);
  });

  it('a refund: cancelled and refunded, by whom', async () => {
    const id = await cardOrder();
    await expectEntry(() => api('POST', `/orders/${id}/refund`, manager), 200, {
      ...asManager(),
      action: 'order.refunded',
      target_type: 'order',
      target_id: id,
      before: { isCancelled: false, isRefunded: false, refundId: null },
      after: { isCancelled: true, isRefunded: true, refundId: expect.stringMatching(/^test-refund-/) },
    });
    // Refunded once: a second refund is refused and leaves no entry.
    await expectNone(() => api('POST', `/orders/${id}/refund`, manager), 409);
  });

  it('a step on a missing, cancelled or cash order leaves no entry', async () => {
    const id = await cashOrder();
    for (const step of ['pay', 'deliver', 'confirm'])
      await expectNone(() => api('PUT', `/orders/${MISSING}/${step}`, manager), 404);
    await expectNone(() => api('PUT', `/orders/${MISSING}/ship`, manager, { courier: 'بوسطة' }), 404);
    await expectNone(() => api('PUT', `/orders/${id}/ship`, manager, {}), 400);
    await expectNone(() => api('POST', `/orders/${id}/refund`, manager), 409);
    await expectNone(() => api('POST', `/orders/${MISSING}/refund`, manager), 404);
    await expectNone(() => api('PUT', `/orders/${id}/pay`, customer), 403);
    // The customer's own cancellation is not a staff write; after it, staff steps are refused.
    expect((await api('PUT', `/orders/${id}/cancel`, customer)).statusCode).toBe(200);
    expect(await count()).toBe(0);
    await expectNone(() => api('PUT', `/orders/${id}/pay`, manager), 409);
  });
});

describe("users' roles and activation are recorded", () => {
  it('an admin changes a role and deactivates an account: the changed fields before and after', async () => {
    await expectEntry(() => api('PUT', `/users/${customer.id}`, admin, { role: 'manager', active: false }), 200, {
      ...asAdmin(),
      action: 'user.update',
      target_type: 'user',
      target_id: customer.id,
      before: { role: 'user', active: true },
      after: { role: 'manager', active: false },
    });
    await expectEntry(() => api('PATCH', `/users/${customer.id}`, admin, { active: 'true' }), 200, {
      ...asAdmin(),
      action: 'user.update',
      target_type: 'user',
      target_id: customer.id,
      before: { active: false },
      after: { active: true },
    });
  });

  it('an admin creates, sets the password of and deletes an account', async () => {
    const res = await expectEntry(
      () =>
        api('POST', '/users', admin, {
          name: 'سارة',
          email: 'sara@example.com',
          password: 'Secret123',
          passwordConfirm: 'Secret123',
          role: 'manager',
        }),
      201,
      {
        ...asAdmin(),
        action: 'user.create',
        target_type: 'user',
        target_id: expect.any(String),
        before: null,
        after: { name: 'سارة', email: 'sara@example.com', phone: null, role: 'manager', active: true },
      },
    );
    const id = res.json().data._id;
    await expectEntry(
      () =>
        api('PUT', `/users/change-password/${id}`, admin, { password: 'Another123', passwordConfirm: 'Another123' }),
      200,
      { ...asAdmin(), action: 'user.password', target_type: 'user', target_id: id, before: null, after: null },
    );
    await expectEntry(() => api('DELETE', `/users/${id}`, admin), 204, {
      ...asAdmin(),
      action: 'user.delete',
      target_type: 'user',
      target_id: id,
      before: { name: 'سارة', email: 'sara@example.com', phone: null, role: 'manager', active: true },
      after: null,
    });
  });

  it('a refused or missing user write leaves no entry', async () => {
    await expectNone(() => api('PUT', `/users/${customer.id}`, admin, { role: 'owner' }), 400);
    await expectNone(() => api('PUT', `/users/${MISSING}`, admin, { role: 'manager' }), 404);
    await expectNone(() => api('DELETE', `/users/${MISSING}`, admin), 404);
    await expectNone(
      () =>
        api('PUT', `/users/change-password/${MISSING}`, admin, {
          password: 'Another123',
          passwordConfirm: 'Another123',
        }),
      404,
    );
    await expectNone(
      () =>
        api('POST', '/users', admin, {
          name: 'x',
          email: customer.email,
          password: 'Secret123',
          passwordConfirm: 'Secret123',
        }),
      400,
    );
    await expectNone(() => api('PUT', `/users/${customer.id}`, manager, { role: 'admin' }), 403);
  });
});

describe('delivery and shop settings are recorded', () => {
  it('a governorate added, renamed and removed', async () => {
    const code = `EG-${Array.from({ length: 4 }, () => String.fromCharCode(65 + randomInt(26))).join('')}`;
    const governorate = { target_type: 'governorate', target_id: code };
    await expectEntry(
      () => api('POST', '/delivery/governorates', admin, { code, name: `محافظة ${code}`, nameEn: code }),
      201,
      {
        ...asAdmin(),
        ...governorate,
        action: 'governorate.create',
        before: null,
        after: { code, name: `محافظة ${code}`, nameEn: code },
      },
    );
    await expectNone(() => api('POST', '/delivery/governorates', admin, { code, name: 'أخرى', nameEn: 'Other' }), 409);
    await expectEntry(() => api('PATCH', `/delivery/governorates/${code}`, admin, { name: `العاشرة ${code}` }), 200, {
      ...asAdmin(),
      ...governorate,
      action: 'governorate.update',
      before: { name: `محافظة ${code}` },
      after: { name: `العاشرة ${code}` },
    });
    await expectEntry(() => api('DELETE', `/delivery/governorates/${code}`, admin), 204, {
      ...asAdmin(),
      ...governorate,
      action: 'governorate.delete',
      before: { code, name: `العاشرة ${code}`, nameEn: code },
      after: null,
    });
    await expectNone(() => api('DELETE', `/delivery/governorates/${code}`, admin), 404);
    await expectNone(() => api('PATCH', `/delivery/governorates/${code}`, admin, { name: 'س' }), 404);
  });

  it('a zone added, replaced and removed, its money in EGP', async () => {
    const zone = { name: 'القاهرة الكبرى', fee: 50, freeShippingFrom: 1500, governorates: ['EG-C', 'EG-GZ'] };
    const created = await expectEntry(() => api('POST', '/delivery/zones', admin, zone), 201, {
      ...asAdmin(),
      action: 'zone.create',
      target_type: 'zone',
      target_id: expect.any(String),
      before: null,
      after: { ...zone, cashOnDelivery: true, cashFee: null },
    });
    const id = created.json().data._id;
    await expectEntry(
      () => api('PUT', `/delivery/zones/${id}`, admin, { ...zone, fee: 60, governorates: ['EG-C'] }),
      200,
      {
        ...asAdmin(),
        action: 'zone.update',
        target_type: 'zone',
        target_id: id,
        before: { fee: 50, governorates: ['EG-C', 'EG-GZ'] },
        after: { fee: 60, governorates: ['EG-C'] },
      },
    );
    await expectNone(() => api('POST', '/delivery/zones', admin, zone), 409);
    await expectNone(() => api('PUT', `/delivery/zones/${id}`, admin, { ...zone, governorates: ['EG-XX'] }), 400);
    await expectNone(() => api('PUT', `/delivery/zones/${MISSING}`, admin, { ...zone, name: 'أخرى' }), 404);
    await expectEntry(() => api('DELETE', `/delivery/zones/${id}`, admin), 204, {
      ...asAdmin(),
      action: 'zone.delete',
      target_type: 'zone',
      target_id: id,
      before: { ...zone, fee: 60, governorates: ['EG-C'], cashOnDelivery: true, cashFee: null },
      after: null,
    });
    await expectNone(() => api('DELETE', `/delivery/zones/${id}`, admin), 404);
  });

  it("the shop's settings: only the changed ones", async () => {
    const before = (await api('GET', '/shop/settings', admin)).json().data;
    await expectEntry(
      () => api('PUT', '/shop/settings', admin, { vatRate: 10, shopName: before.shopName, cashFee: 12.5 }),
      200,
      {
        ...asAdmin(),
        action: 'settings.update',
        target_type: 'settings',
        target_id: null,
        before: { vatRate: before.vatRate, cashFee: before.cashFee },
        after: { vatRate: 10, cashFee: 12.5 },
      },
    );
    await expectNone(() => api('PUT', '/shop/settings', admin, { vatRate: 101 }), 400);
    await expectNone(() => api('PUT', '/shop/settings', manager, { vatRate: 5 }), 403);
  });
});

describe('GET /audit', () => {
  /** Three entries: the manager's coupon, the admin's coupon change and the admin's settings change. */
  async function history() {
    const nextYear = new Date().getUTCFullYear() + 1;
    const coupon = (
      await api('POST', '/coupons', manager, { name: 'A1', expire: `${nextYear}-01-01`, discount: 5 })
    ).json().data._id as string;
    await api('PUT', `/coupons/${coupon}`, admin, { discount: 7 });
    await api('PUT', '/shop/settings', admin, { vatRate: 12 });
    return coupon;
  }
  const list = async (who: TestUser, query = '') => {
    const res = await api('GET', `/audit${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('admins read every entry, newest first, as the API answers them', async () => {
    const coupon = await history();
    const body = await list(admin);
    expect(body).toMatchObject({ results: 3, paginationResult: { currentPage: 1, limit: 50, numberOfPages: 1 } });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'settings.update',
      'coupon.update',
      'coupon.create',
    ]);
    expect(body.data[1]).toEqual({
      _id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      actor: { _id: admin.id, name: ADMIN_NAME, role: 'admin' },
      action: 'coupon.update',
      target: { type: 'coupon', id: coupon },
      before: { discount: 5 },
      after: { discount: 7 },
    });
  });

  it('managers read only their own entries; customers and visitors none', async () => {
    await history();
    const body = await list(manager);
    expect(body.results).toBe(1);
    expect(body.data[0]).toMatchObject({ action: 'coupon.create', actor: { _id: manager.id, name: MANAGER_NAME } });
    // Asking for someone else's entries does not widen a manager's view.
    expect((await list(manager, `?actor=${admin.id}`)).results).toBe(0);
    expect((await api('GET', '/audit', customer)).statusCode).toBe(403);
    expect((await api('GET', '/audit')).statusCode).toBe(401);
  });

  it('filters by who, what, which target and dates, and pages', async () => {
    const coupon = await history();
    const actions = async (query: string) => (await list(admin, query)).data.map((e: { action: string }) => e.action);
    expect(await actions(`?actor=${manager.id}`)).toEqual(['coupon.create']);
    expect(await actions('?action=settings.update')).toEqual(['settings.update']);
    expect(await actions(`?targetType=coupon&targetId=${coupon}`)).toEqual(['coupon.update', 'coupon.create']);
    expect(await actions('?targetType=order')).toEqual([]);
    expect(await actions('?sort=at')).toEqual(['coupon.create', 'coupon.update', 'settings.update']);
    // A sort by names the log does not have (a product list's, a typo) is ignored: newest first, as with none.
    for (const sort of ['%2Bprice', '-createdAt', 'nonsense'])
      expect(await actions(`?sort=${sort}`), sort).toEqual(['settings.update', 'coupon.update', 'coupon.create']);

    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const earlier = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await list(admin, `?from=${earlier}&to=${later}`)).results).toBe(3);
    expect((await list(admin, `?from=${later}`)).results).toBe(0);
    expect((await list(admin, `?to=${earlier}`)).results).toBe(0);
    expect((await list(admin, `?from=${new Date(Date.now() + 60_000).toISOString()}`)).results).toBe(0);

    const page = await list(admin, '?limit=2&page=2');
    expect(page).toMatchObject({
      results: 3,
      paginationResult: { currentPage: 2, limit: 2, numberOfPages: 2, prevPage: 1 },
      data: [{ action: 'coupon.create' }],
    });
  });

  it('refuses a bad filter with 400 and its message', async () => {
    let res = await api('GET', '/audit?actor=42', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'actor', msg: 'Invalid ID formate', location: 'query' });
    res = await api('GET', '/audit?from=yesterday', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'from', msg: 'Invalid value for from', location: 'query' });
    res = await api('GET', '/audit?to=2026-02-30', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'to', msg: 'Invalid value for to', location: 'query' });
  });

  it('nobody edits or deletes an entry: only GET is served', async () => {
    await history();
    const [entry] = (await list(admin)).data;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await api(method, `/audit/${entry._id}`, admin, {})).statusCode, method).toBe(404);
      expect((await api(method, '/audit', admin, {})).statusCode, method).toBe(404);
    }
    expect(t.app.routeList.filter((route) => route.includes('/api/v1/audit'))).toEqual(['GET /api/v1/audit']);
    expect(await count()).toBe(3);
  });
});

describe("a customer's own writes", () => {
  it('are not staff writes: an order placed leaves no entry', async () => {
    await cashOrder();
    expect(await count()).toBe(0);
  });
});

describe('the catalogue is recorded', () => {
  it('a product created, changed (price, discount, stock) and deleted: the changed fields before and after', async () => {
    const category = await createCategory(t);
    const created = await expectEntry(
      () =>
        api('POST', '/products', manager, {
          title: 'سماعة لاسلكية',
          description: 'وصف السماعة',
          quantity: 5,
          price: 150,
          category,
          imageCover: 'https://cdn.example.com/cover.jpg',
        }),
      201,
      {
        ...asManager(),
        action: 'product.create',
        target_type: 'product',
        target_id: expect.any(String),
        before: null,
        after: {
          sku: null,
          title: 'سماعة لاسلكية',
          description: 'وصف السماعة',
          price: 150,
          priceAfterDiscount: null,
          quantity: 5,
          colors: [],
          category,
          subcategories: [],
          brand: null,
          imageCover: 'https://cdn.example.com/cover.jpg',
          images: [],
        },
      },
    );
    const id = created.json().data._id;
    await expectEntry(() => api('PUT', `/products/${id}`, admin, { price: 180, priceAfterDiscount: 160 }), 200, {
      ...asAdmin(),
      action: 'product.update',
      target_type: 'product',
      target_id: id,
      before: { price: 150, priceAfterDiscount: null },
      after: { price: 180, priceAfterDiscount: 160 },
    });
    // The stock edited in place from the products list.
    await expectEntry(() => api('PATCH', `/products/${id}`, manager, { quantity: 2 }), 200, {
      ...asManager(),
      action: 'product.update',
      target_type: 'product',
      target_id: id,
      before: { quantity: 5 },
      after: { quantity: 2 },
    });
    await expectNone(() => api('PUT', `/products/${id}`, manager, { price: 'abc' }), 400);
    await expectNone(() => api('PUT', `/products/${MISSING}`, manager, { quantity: 1 }), 404);
    await expectEntry(() => api('DELETE', `/products/${id}`, admin), 204, {
      ...asAdmin(),
      action: 'product.delete',
      target_type: 'product',
      target_id: id,
      before: expect.objectContaining({ title: 'سماعة لاسلكية', price: 180, priceAfterDiscount: 160, quantity: 2 }),
      after: null,
    });
    await expectNone(() => api('DELETE', `/products/${id}`, admin), 404);
    await expectNone(() => api('POST', '/products', manager, { title: 'x' }), 400);
  });

  it('categories, brands and subcategories created, renamed and deleted', async () => {
    for (const [path, type] of [
      ['/categories', 'category'],
      ['/brands', 'brand'],
    ] as const) {
      const res = await expectEntry(() => api('POST', path, manager, { name: `اسم ${type}` }), 201, {
        ...asManager(),
        action: `${type}.create`,
        target_type: type,
        target_id: expect.any(String),
        before: null,
        after: { name: `اسم ${type}`, image: null, aliases: [] },
      });
      const id = res.json().data._id;
      await expectNone(() => api('POST', path, manager, { name: `اسم ${type}` }), 400);
      await expectEntry(() => api('PUT', `${path}/${id}`, manager, { name: `جديد ${type}` }), 200, {
        ...asManager(),
        action: `${type}.update`,
        target_type: type,
        target_id: id,
        before: { name: `اسم ${type}` },
        after: { name: `جديد ${type}` },
      });
      await expectNone(() => api('PUT', `${path}/${MISSING}`, manager, { name: 'آخر' }), 404);
      await expectEntry(() => api('DELETE', `${path}/${id}`, admin), 204, {
        ...asAdmin(),
        action: `${type}.delete`,
        target_type: type,
        target_id: id,
        before: { name: `جديد ${type}`, image: null, aliases: [] },
        after: null,
      });
      await expectNone(() => api('DELETE', `${path}/${id}`, admin), 404);
    }

    const category = await createCategory(t);
    // A category that still has products is refused (409), and its refusal leaves no entry.
    await createProduct(t, { categoryId: category });
    await expectNone(() => api('DELETE', `/categories/${category}`, admin), 409);

    const other = await createCategory(t);
    const sub = await expectEntry(() => api('POST', '/subcategories', manager, { name: 'سماعات', category }), 201, {
      ...asManager(),
      action: 'subcategory.create',
      target_type: 'subcategory',
      target_id: expect.any(String),
      before: null,
      after: { name: 'سماعات', category, aliases: [] },
    });
    const subId = sub.json().data._id;
    await expectEntry(() => api('PATCH', `/subcategories/${subId}`, admin, { category: other }), 200, {
      ...asAdmin(),
      action: 'subcategory.update',
      target_type: 'subcategory',
      target_id: subId,
      before: { category },
      after: { category: other },
    });
    await expectNone(() => api('PUT', `/subcategories/${MISSING}`, admin, { name: 'سماعات أخرى' }), 404);
    await expectEntry(() => api('DELETE', `/subcategories/${subId}`, admin), 204, {
      ...asAdmin(),
      action: 'subcategory.delete',
      target_type: 'subcategory',
      target_id: subId,
      before: { name: 'سماعات', category: other, aliases: [] },
      after: null,
    });
  });

  it('an import: one entry with its counts; a refused sheet leaves none', async () => {
    const heading =
      'sku,id,title,description,price,priceAfterDiscount,quantity,category,subcategories,brand,colors,images';
    const csv = `${heading}\nA-1,,قميص جديد,وصف,120,,4,ملابس,,,,https://cdn.example.com/a.jpg\n`;
    await expectEntry(() => api('POST', '/products/import/apply', admin, { csv, createMissing: true }), 200, {
      ...asAdmin(),
      action: 'product.import',
      target_type: 'product',
      target_id: null,
      before: null,
      after: { rows: 1, created: 1, updated: 0, unchanged: 0, newCategories: 1, newSubcategories: 0, newBrands: 0 },
    });
    const refused = `${heading}\nB-1,,قميص,وصف,-5,,4,ملابس,,,,https://cdn.example.com/b.jpg\n`;
    await expectNone(() => api('POST', '/products/import/apply', admin, { csv: refused }), 400);
  });
});
