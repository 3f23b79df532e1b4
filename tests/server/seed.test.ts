import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/db/seed';
import { verifyPassword } from '../../server/lib/passwords';
import { FRESH_SHOP, createTestApp, type TestContext } from './helpers';

let t: TestContext;
const log = { info: () => undefined, warn: () => undefined } as unknown as Parameters<typeof seedDatabase>[1];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () =>
  (await t.db
    .one(`SELECT (SELECT count(*)::int FROM categories) AS categories, (SELECT count(*)::int FROM subcategories) AS subcategories,
    (SELECT count(*)::int FROM brands) AS brands, (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM coupons) AS coupons,
    (SELECT count(*)::int FROM users) AS users`))!;

describe('demo seed', () => {
  it('fills an empty database with the Arabic catalogue, real images, a coupon and demo accounts', async () => {
    const shop = async (app = t.app) => (await app.inject({ method: 'GET', url: '/api/v1/shop' })).json().data;
    expect(await shop()).toEqual({
      paymentProvider: null,
      demo: false,
      cardPayment: false,
      paymentMethods: [],
      ...FRESH_SHOP,
    });
    await seedDatabase(t.app.ctx, log);
    // The seeded shop is a demo shop from now on: card checkout goes to the test page, and the web app says so.
    expect(await shop()).toEqual({
      paymentProvider: 'test',
      demo: true,
      cardPayment: true,
      paymentMethods: ['card'],
      // The demo shop's invoice details; prices include VAT at 14 %.
      shopName: 'متجر',
      shopAddress: '15 شارع طلعت حرب، وسط البلد، القاهرة',
      taxNumber: '100-200-300',
      vatRate: 14,
      cashOnDelivery: true,
    });
    // Delivery priced as Egyptian shops price it: Greater Cairo cheapest, Upper Egypt dearer, Sinai online only.
    const zones = await t.db.query<{ name: string; fee: number; cash_on_delivery: boolean }>(
      'SELECT name, fee, cash_on_delivery FROM shipping_zones ORDER BY fee, name',
    );
    expect(zones[0]).toEqual({ name: 'القاهرة الكبرى', fee: 5000, cash_on_delivery: true });
    expect(zones.at(-1)).toEqual({ name: 'المحافظات الحدودية', fee: 12000, cash_on_delivery: false });
    expect(await counts()).toEqual({ categories: 8, subcategories: 24, brands: 6, products: 40, coupons: 1, users: 2 });

    const admin = await t.db.one('SELECT password_hash, role FROM users WHERE email = $1', ['admin@shop.local']);
    expect(admin!.role).toBe('admin');
    expect(await verifyPassword('Admin1234', admin!.password_hash)).toBe(true);
    const user = await t.db.one('SELECT password_hash, role, phone FROM users WHERE email = $1', ['user@shop.local']);
    expect(user).toMatchObject({ role: 'user', phone: '01012345678' });
    expect(await verifyPassword('User12345', user!.password_hash)).toBe(true);
    const coupon = await t.db.one(
      `SELECT discount::float8 AS discount, expire > now() + interval '300 days' AS long FROM coupons WHERE name = 'SALE10'`,
    );
    expect(coupon).toEqual({ discount: 10, long: true });

    const list = (await t.app.inject({ url: '/api/v1/products?limit=100' })).json();
    expect(list.results).toBe(40);
    const discounted = list.data.filter(
      (p: { priceAfterDiscount?: number; price: number }) => p.priceAfterDiscount !== undefined,
    );
    expect(discounted.length).toBeGreaterThan(5);
    for (const p of discounted) expect(p.priceAfterDiscount).toBeLessThan(p.price);
    for (const p of list.data) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.subcategory).toHaveLength(1);
      expect(p.imageCover).toMatch(/^http:\/\/shop\.test\/products\/products-.*-cover\.webp$/);
    }
    expect(list.data.some((p: { sold: number }) => p.sold > 0)).toBe(true);

    // Every subcategory belongs to the product's category, and the files are real WebP with variants.
    const mismatched = await t.db.query(
      `SELECT 1 FROM products p, unnest(p.subcategory_ids) s JOIN subcategories sc ON sc.id::text = s WHERE sc.category_id <> p.category_id`,
    );
    expect(mismatched).toEqual([]);
    const cover = new URL(list.data[0].imageCover).pathname;
    const served = await t.app.inject({ url: cover });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(fs.existsSync(path.join(t.dataDir, 'uploads', cover.replace('.webp', '-w640.webp')))).toBe(true);
    const category = (await t.app.inject({ url: '/api/v1/categories?limit=undefined' })).json();
    expect(category.data.map((c: { name: string }) => c.name)).toContain('إلكترونيات');
    expect((await t.app.inject({ url: new URL(category.data[0].image).pathname })).statusCode).toBe(200);

    // Arabic search over the seeded text, with folding (ة → ه).
    const search = (await t.app.inject({ url: `/api/v1/products?keyword=${encodeURIComponent('شاشه')}` })).json();
    expect(search.results).toBeGreaterThan(0);
    // Brands typed in Latin letters find the demo brands' products through their aliases.
    const brands = (await t.app.inject({ url: '/api/v1/brands?limit=50' })).json().data as {
      _id: string;
      name: string;
    }[];
    for (const [latin, brand] of [
      ['samsung', 'سامسونج'],
      ['Lenovo', 'لينوفو'],
      ['iphone', 'أبل'],
    ]) {
      const found = (await t.app.inject({ url: `/api/v1/products?keyword=${latin}` })).json();
      const brandId = brands.find((b) => b.name === brand)!._id;
      expect(found.results, latin).toBeGreaterThan(0);
      expect(
        found.data.every((p: { brand?: string }) => p.brand === brandId),
        latin,
      ).toBe(true);
    }
  });

  it('gives the clothes and shoes sizes and colours, the phone two capacities, some of them sold out', async () => {
    if (!(await t.db.one("SELECT 1 FROM products WHERE title = 'قميص قطن رجالي كلاسيك'")))
      await seedDatabase(t.app.ctx, log);
    const variants = async (title: string) =>
      t.db.query<{ values: string[]; quantity: number }>(
        `SELECT v.option_values AS values, v.quantity FROM product_variants v JOIN products p ON p.id = v.product_id
         WHERE p.title = $1 AND v.archived_at IS NULL ORDER BY v.position`,
        [title],
      );
    const shirt = await variants('قميص قطن رجالي كلاسيك');
    expect(shirt.find((v) => v.values.join('/') === 'XL/أزرق')?.quantity).toBe(6);
    expect(shirt.find((v) => v.values.join('/') === 'XL/أبيض')?.quantity).toBe(0);
    expect((await variants('هاتف سامسونج جالاكسي A55')).map((v) => v.values)).toEqual([['128 جيجا'], ['256 جيجا']]);
    expect((await variants('حذاء رياضي رجالي خفيف')).length).toBe(8);
    const { data } = (
      await t.app.inject({ url: `/api/v1/products?options=${encodeURIComponent('المقاس:XL,اللون:أزرق')}` })
    ).json();
    expect(data.map((p: { title: string }) => p.title)).toEqual(['قميص قطن رجالي كلاسيك']);
    // 6+5+0+8+7+4+0+6+2 units; the lowest price paid is the product's 449, XXL's 499 the highest.
    expect(data[0]).toMatchObject({ quantity: 38, priceRange: { min: 449, max: 499 } });
  });

  it("finds the demo catalogue by the words Egyptian shoppers type for it, the subcategory's products first", async () => {
    await seedDatabase(t.app.ctx, log);
    const subcategories = (await t.app.inject({ url: '/api/v1/subcategories?limit=100' })).json().data as {
      _id: string;
      name: string;
    }[];
    const idOf = (name: string) => subcategories.find((s) => s.name === name)!._id;
    for (const [typed, names, count, corrected] of [
      ['جزمة', ['أحذية رجالي', 'أحذية حريمي'], 3],
      ['شنطة', ['حقائب'], 2],
      ['برفان', ['عطور'], 2],
      ['شاشات', ['تلفزيونات'], 2], // before the phones and laptops whose descriptions say "شاشة"
      ['لاب توب', ['لابتوبات أعمال', 'لابتوبات ألعاب'], 4],
      ['موبايل سامسونج', ['هواتف ذكية'], 1],
      ['بلاي ستيشن', ['ألعاب فيديو'], 1],
      ['دبدوب', ['ألعاب أطفال'], 2],
      ['laptop', ['لابتوبات أعمال', 'لابتوبات ألعاب'], 4],
      ['Perfume', ['عطور'], 2],
      ['play station', ['ألعاب فيديو'], 1, 'PlayStation'], // respaced as the alias writes it
    ] as [string, string[], number, string?][]) {
      const found = (await t.app.inject({ url: `/api/v1/products?keyword=${encodeURIComponent(typed)}` })).json();
      const first = (found.data as { subcategory: string[] }[]).slice(0, count);
      expect(first.length, typed).toBe(count);
      for (const product of first) expect(names.map(idOf), typed).toContain(product.subcategory[0]);
      expect(found.correctedKeyword, typed).toBe(corrected);
    }
  });

  it('does not seed again on a second start, even after every category was deleted', async () => {
    const before = await counts();
    await seedDatabase(t.app.ctx, log);
    expect(await counts()).toEqual(before);
    await t.db.exec('DELETE FROM products; DELETE FROM categories;');
    await seedDatabase(t.app.ctx, log);
    expect((await counts()).categories).toBe(0);
  });

  it('SEED_DEMO=false seeds nothing; ADMIN_EMAIL/ADMIN_PASSWORD create the first admin', async () => {
    const other = await createTestApp({ seedDemo: false, adminEmail: 'Boss@Shop.local', adminPassword: 'Boss12345' });
    try {
      await seedDatabase(other.app.ctx, log);
      const users = await other.db.query('SELECT email, role FROM users');
      expect(users).toEqual([{ email: 'boss@shop.local', role: 'admin' }]);
      expect(await other.db.query('SELECT 1 FROM categories')).toEqual([]);
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/shop' })).json().data).toEqual({
        paymentProvider: null,
        demo: false,
        cardPayment: false,
        paymentMethods: [],
        ...FRESH_SHOP,
      });
    } finally {
      await other.close();
    }
  });
});
