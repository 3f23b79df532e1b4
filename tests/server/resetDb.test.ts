import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createTestApp, createUser, dataTables, resetDb, type TestContext } from './helpers';

const count = async (t: TestContext, table: string) =>
  (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

describe('resetDb: each server test starts from an empty shop', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    // As a later migration might add it: a table listed nowhere in the test helpers, whose rows point at a user
    // without ON DELETE CASCADE, so deleting the users first would fail.
    await t.db.exec(`CREATE TABLE vouchers (
      id serial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      code text NOT NULL
    )`);
  });
  afterAll(() => t?.close());

  it('empties a table no one listed, before the table its rows point at', async () => {
    const user = await createUser(t);
    await t.db.query(`INSERT INTO vouchers (user_id, code) VALUES ($1, 'WELCOME')`, [user.id]);

    await resetDb(t.db);

    expect(await count(t, 'vouchers')).toBe(0);
    expect(await count(t, 'users')).toBe(0);
  });

  it("takes every table of the shop's data, each after the tables that point at it", async () => {
    const tables = await dataTables(t.db);
    // The shop's tables as the migrations made them, and the one this file added; a later table joins by itself.
    expect(tables).toEqual(
      expect.arrayContaining([
        'addresses',
        'brands',
        'cart_items',
        'carts',
        'categories',
        'coupons',
        'order_items',
        'orders',
        'payment_sessions',
        'products',
        'reviews',
        'subcategories',
        'users',
        'vouchers',
        'wishlist_items',
      ]),
    );
    for (const kept of ['schema_migrations', 'shop_secrets', 'seed_runs', 'product_count'])
      expect(tables).not.toContain(kept);
    const before = (child: string, parent: string) =>
      expect(tables.indexOf(child), `${child} before ${parent}`).toBeLessThan(tables.indexOf(parent));
    before('order_items', 'orders');
    before('orders', 'payment_sessions');
    before('orders', 'users');
    before('carts', 'coupons');
    before('cart_items', 'products');
    before('products', 'brands');
    before('subcategories', 'categories');
    before('vouchers', 'users');
  });

  it('keeps the migrations applied, the secrets, the kind of shop, and a product count that is 0 again', async () => {
    const migrations = await count(t, 'schema_migrations');
    const secrets = await count(t, 'shop_secrets');
    await createProduct(t, { title: 'قميص قطن' });
    await t.db.exec(`INSERT INTO seed_runs (name) VALUES ('demo') ON CONFLICT DO NOTHING`);

    await resetDb(t.db);

    expect(migrations).toBeGreaterThan(0);
    expect(secrets).toBeGreaterThan(0);
    expect(await count(t, 'schema_migrations')).toBe(migrations);
    expect(await count(t, 'shop_secrets')).toBe(secrets);
    expect(await count(t, 'seed_runs')).toBe(1);
    expect(await count(t, 'products')).toBe(0);
    expect(await t.db.one('SELECT n::int AS n FROM product_count')).toEqual({ n: 0 });
  });
});

describe('resetDb with tables that point at each other', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.exec(`
      CREATE TABLE gift_boxes (id serial PRIMARY KEY, card_id integer);
      CREATE TABLE gift_cards (id serial PRIMARY KEY, box_id integer REFERENCES gift_boxes (id));
      ALTER TABLE gift_boxes ADD FOREIGN KEY (card_id) REFERENCES gift_cards (id);`);
  });
  afterAll(() => t?.close());

  it('fails naming the tables, since no order of DELETEs empties them', async () => {
    await expect(resetDb(t.db)).rejects.toThrow('Foreign keys form a cycle among: gift_boxes, gift_cards');
  });
});
