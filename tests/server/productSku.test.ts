import { beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createUser, useTestApp, type TestUser } from './helpers';

// SKUs (README, API notes): optional, unique whatever the letter case or digits, filterable with ?sku=.
let manager: TestUser;
let category: string;
const t = useTestApp();
beforeEach(async () => {
  manager = await createUser(t, { role: 'manager' });
  category = await createCategory(t);
});

const api = '/api/v1/products';
const product = (extra: object = {}) => ({
  title: 'قميص قطن',
  description: 'قميص رجالي',
  quantity: 4,
  price: 250,
  category,
  imageCover: 'https://cdn.example.com/shirt.jpg',
  ...extra,
});
const post = (payload: object) => t.app.inject({ method: 'POST', url: api, headers: manager.auth, payload });
const put = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${api}/${id}`, headers: manager.auth, payload });
const storedSkus = async () =>
  (await t.db.query<{ sku: string | null }>('SELECT sku FROM products ORDER BY created_at')).map((r) => r.sku);

describe('product SKU', () => {
  it('is stored trimmed, with Western digits and capital Latin letters, and answered', async () => {
    const res = await post(product({ sku: '  qm-١٢ ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.sku).toBe('QM-12');
    expect(await storedSkus()).toEqual(['QM-12']);
  });

  it('is optional: a product without one answers no sku', async () => {
    const res = await post(product());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).not.toHaveProperty('sku');
  });

  it('is unique: a second product with the same code written differently is refused and not stored', async () => {
    expect((await post(product({ sku: 'QM-12' }))).statusCode).toBe(201);
    const res = await post(product({ title: 'قميص كتان', sku: 'qm-١٢' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'sku', msg: 'Another product has this sku: QM-12' });
    expect(await storedSkus()).toEqual(['QM-12']);
  });

  it('refuses codes with other characters or too long, naming the field', async () => {
    for (const sku of ['AB*12', '-AB', 'A'.repeat(65), { x: 1 }]) {
      const res = await post(product({ sku }));
      expect(res.statusCode, JSON.stringify(sku)).toBe(400);
      expect(res.json().errors[0].path).toBe('sku');
    }
    expect(await storedSkus()).toEqual([]);
  });

  it('accepts Arabic letters and the separators . _ - / and spaces inside', async () => {
    const res = await post(product({ sku: 'قميص/3 أ_1.2' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.sku).toBe('قميص/3 أ_1.2');
  });

  it('changes on update, is kept when not sent, and "" takes it off', async () => {
    const id = (await post(product({ sku: 'A-1' }))).json().data._id;
    expect((await put(id, { sku: 'b-2' })).json().data.sku).toBe('B-2');
    expect((await put(id, { quantity: 9 })).json().data.sku).toBe('B-2');
    const cleared = await put(id, { sku: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).not.toHaveProperty('sku');
    expect(await storedSkus()).toEqual([null]);
  });

  it("an update to another product's code is refused and changes nothing", async () => {
    await post(product({ sku: 'A-1' }));
    const other = (await post(product({ title: 'قميص كتان', sku: 'B-2' }))).json().data._id;
    const res = await put(other, { sku: 'a-1', price: 999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'sku', msg: 'Another product has this sku: A-1' });
    expect(await storedSkus()).toEqual(['A-1', 'B-2']);
    const price = await t.db.one<{ price: number }>('SELECT price FROM products WHERE id = $1', [other]);
    expect(price!.price).toBe(25000);
  });

  it('two products created at once with one code: one is stored, the other refused with 400', async () => {
    const [a, b] = await Promise.all([post(product({ sku: 'RACE-1' })), post(product({ sku: 'race-1' }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect(await storedSkus()).toEqual(['RACE-1']);
  });

  it('keeping its own code on update is no conflict', async () => {
    const id = (await post(product({ sku: 'A-1' }))).json().data._id;
    expect((await put(id, { sku: 'a-1' })).statusCode).toBe(200);
  });

  it('finds a product by its code in the list, as the owner types it', async () => {
    await post(product({ sku: 'QM-12' }));
    await post(product({ title: 'قميص كتان', sku: 'QM-13' }));
    const res = await t.app.inject({ method: 'GET', url: `${api}?sku=${encodeURIComponent('qm-١٢')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { sku: string }) => p.sku)).toEqual(['QM-12']);
    expect(res.json().results).toBe(1);
  });
});
