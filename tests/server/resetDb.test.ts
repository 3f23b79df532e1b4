import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  createUser,
  dataTables,
  keptState,
  onPostgres,
  resetDb,
  type TestContext,
} from './helpers';

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

// Only PGlite's databases are handed on (PostgreSQL's are scratch databases, dropped after their file).
describe.skipIf(onPostgres)(
  'a PGlite database given back by a test file, which the next file of the worker takes',
  () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('the next file gets it empty and with new secrets, as it would get a new one', async () => {
      const first = await createTestApp();
      await createProduct(first, { title: 'قميص قطن' });
      const secrets = await first.db.query('SELECT name, value FROM shop_secrets ORDER BY name');
      expect(secrets.length).toBeGreaterThan(0);
      await first.close();

      const next = await createTestApp();
      try {
        expect(next.db).toBe(first.db);
        expect(await count(next, 'products')).toBe(0);
        const renewed = await next.db.query('SELECT name, value FROM shop_secrets ORDER BY name');
        expect(renewed.map((row) => row.name)).toEqual(secrets.map((row) => row.name));
        expect(renewed).not.toEqual(secrets);
      } finally {
        await next.close();
      }
    });

    // What resetDb does not undo must show in the fingerprint the hand-over compares, or the next file would start
    // from another file's leftovers; the rows resetDb empties must not, or no database would ever be taken again.
    it('its fingerprint sees what resetDb leaves (schema, kept rows, functions, triggers, settings), not the data', async () => {
      await resetDb(t.db);
      const clean = await keptState(t.db);
      await createProduct(t, { title: 'قميص قطن' });
      await createUser(t);
      await resetDb(t.db);
      expect(await keptState(t.db)).toBe(clean);

      // Each change, and how to undo it where PostgreSQL can (a dropped column stays in the catalogue, dropped).
      const changes: [change: string, sql: string, undo?: string][] = [
        ['a table', 'CREATE TABLE gift_notes (id serial PRIMARY KEY)', 'DROP TABLE gift_notes'],
        ['an index', 'CREATE INDEX brands_name_again ON brands (name)', 'DROP INDEX brands_name_again'],
        ['a kept row', "INSERT INTO seed_runs (name) VALUES ('demo')", 'DELETE FROM seed_runs'],
        [
          'a governorate renamed',
          "UPDATE governorates SET name = 'القاهرة الكبرى' WHERE code = 'EG-C'",
          "UPDATE governorates SET name = 'القاهرة' WHERE code = 'EG-C'",
        ],
        ['a trigger turned off', 'ALTER TABLE products DISABLE TRIGGER ALL', 'ALTER TABLE products ENABLE TRIGGER ALL'],
        ['a session setting', "SET statement_timeout = '1s'", 'RESET statement_timeout'],
        ['a column', 'ALTER TABLE brands ADD COLUMN motto text'],
        [
          "a function's body",
          'CREATE OR REPLACE FUNCTION product_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$',
        ],
      ];
      for (const [change, sql, undo] of changes) {
        const before = await keptState(t.db);
        await t.db.exec(sql);
        expect(await keptState(t.db), change).not.toBe(before);
        if (undo) {
          await t.db.exec(undo);
          expect(await keptState(t.db), `${change}, undone`).toBe(before);
        }
      }
    });
  },
);
