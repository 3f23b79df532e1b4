import { DEMO_ZONES, seedDemoDelivery } from './seed/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { isDemoShop } from './shop';
import { slugify } from '../lib/arabic';
import { productSearchVector } from '../lib/searchText';
import { removeImage, storeImage } from '../lib/images';
import { toPiastres } from '../lib/money';
import type { ImageKind } from '../storage';
import { ensureAdmin } from '../modules/users';
import { insertUser } from '../modules/users';
import { colourOption, optionTerms } from '../modules/catalogue';
import {
  DEMO_BRANDS,
  DEMO_BRAND_ALIASES,
  DEMO_CATEGORIES,
  DEMO_COUPON,
  DEMO_PRODUCTS,
  DEMO_SUBCATEGORY_ALIASES,
} from './seed/catalogue';
import { demoImage } from './seed/images';

export const DEMO_ADMIN = { email: 'admin@shop.local', password: 'Admin1234' };
export const DEMO_USER = { name: 'عميل تجريبي', email: 'user@shop.local', password: 'User12345', phone: '01012345678' };

export interface SeedOptions {
  /** Number of products (default 40, the demo catalogue); more repeat the catalogue with numbered titles, for benchmarks. */
  products?: number;
}

export interface SeedResult {
  categories: number;
  subcategories: number;
  brands: number;
  products: number;
}

/** Runs tasks a few at a time: sharp works on the libuv thread pool, so a small pool keeps all cores busy. */
async function inPool<T>(tasks: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
  return results;
}

/**
 * Inserts the Arabic demo catalogue (categories with subcategories, brands, products with generated
 * WebP images, the SALE10 coupon) in one transaction. Files stored for a failed run are removed.
 */
export async function seedCatalogue(ctx: AppContext, options: SeedOptions = {}): Promise<SeedResult> {
  const productCount = options.products ?? DEMO_PRODUCTS.length;
  const stored: { kind: ImageKind; name: string }[] = [];
  const store = async (kind: ImageKind, data: Promise<Buffer>, suffix?: string) => {
    const name = await storeImage(ctx.storage, kind, await data, suffix);
    stored.push({ kind, name });
    return name;
  };

  try {
    const categoryImages = await inPool(
      DEMO_CATEGORIES.map(
        (c) => () => store('categories', demoImage({ hue: c.hue, shape: c.shape, initial: c.name[0], square: true })),
      ),
    );
    const brandImages = await inPool(
      DEMO_BRANDS.map(
        (name, i) => () =>
          store('brands', demoImage({ hue: (i * 57) % 360, shape: 'phone', initial: name[0], square: true })),
      ),
    );
    const products = Array.from({ length: productCount }, (_, i) => {
      const demo = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length];
      const round = Math.floor(i / DEMO_PRODUCTS.length);
      // The gallery repeats the cover first (as the original admin form does), plus up to two more pictures.
      return {
        ...demo,
        title: round ? `${demo.title} - ${round + 1}` : demo.title,
        extraPictures: round ? 0 : i % 3,
        index: i,
      };
    });
    const productImages = await inPool(
      products.map((p) => async () => {
        const category = DEMO_CATEGORIES[p.category];
        const picture = (variant: number) =>
          demoImage({ hue: (category.hue + p.index * 11) % 360, shape: category.shape, initial: p.title[0], variant });
        const cover = await store('products', picture(0), 'cover');
        const images = [cover];
        for (let n = 1; n <= p.extraPictures; n++) images.push(await store('products', picture(n), String(n + 1)));
        return { cover, images };
      }),
    );

    return await ctx.db.tx(async (tx) => {
      const categoryIds: string[] = [];
      const subcategoryIds = new Map<string, string>();
      for (const [i, c] of DEMO_CATEGORIES.entries()) {
        const row = await tx.one<{ id: string }>(
          'INSERT INTO categories (name, slug, image) VALUES ($1, $2, $3) RETURNING id',
          [c.name, slugify(c.name), categoryImages[i]],
        );
        categoryIds.push(row!.id);
        for (const name of c.subcategories) {
          const sub = await tx.one<{ id: string }>(
            'INSERT INTO subcategories (name, slug, category_id, aliases) VALUES ($1, $2, $3, $4) RETURNING id::text',
            [name, slugify(name), row!.id, DEMO_SUBCATEGORY_ALIASES[name] ?? []],
          );
          subcategoryIds.set(`${i}/${name}`, sub!.id);
        }
      }
      const brandIds = new Map<string, string>();
      for (const [i, name] of DEMO_BRANDS.entries()) {
        const row = await tx.one<{ id: string }>(
          'INSERT INTO brands (name, slug, image, aliases) VALUES ($1, $2, $3, $4) RETURNING id',
          [name, slugify(name), brandImages[i], DEMO_BRAND_ALIASES[name] ?? []],
        );
        brandIds.set(name, row!.id);
      }
      for (const [i, p] of products.entries()) {
        // Older products first, so "newest" lists show the start of the catalogue.
        const product = await tx.one<{ id: string }>(
          `INSERT INTO products (title, slug, description, quantity, sold, price, price_after_discount, available_colors, image_cover, images,
             category_id, subcategory_ids, brand_id, search_vector, created_at, updated_at, options)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now() - make_interval(mins => $15), now() - make_interval(mins => $15), $16)
           RETURNING id`,
          [
            p.title,
            slugify(p.title),
            p.description,
            p.quantity,
            p.sold,
            toPiastres(p.price),
            p.priceAfterDiscount === undefined ? null : toPiastres(p.priceAfterDiscount),
            // A product with options has the colours of its colour option (none without one).
            p.options ? (colourOption(p.options)?.values.map((v) => v.hex!) ?? []) : p.colors,
            productImages[i].cover,
            productImages[i].images,
            categoryIds[p.category],
            [subcategoryIds.get(`${p.category}/${p.subcategory}`)],
            p.brand ? brandIds.get(p.brand) : null,
            productSearchVector(p.title, p.description),
            i,
            JSON.stringify(p.options ?? []),
          ],
        );
        // Its sizes, colours or capacities replace its implicit variant (migration 034 sums their stock and sales).
        if (p.options && p.variants) {
          await tx.query("DELETE FROM product_variants WHERE product_id = $1 AND option_values = '{}'", [product!.id]);
          await tx.query(
            `INSERT INTO product_variants (product_id, position, option_values, option_terms, quantity, sold, price,
               price_after_discount)
             SELECT $1, v.position, v.option_values, v.option_terms, v.quantity, v.sold, v.price, v.price_after_discount
             FROM jsonb_to_recordset($2::jsonb) AS v(position int, option_values text[], option_terms text[],
               quantity int, sold int, price int, price_after_discount int)`,
            [
              product!.id,
              JSON.stringify(
                p.variants.map((v, position) => ({
                  position,
                  option_values: v.values,
                  option_terms: optionTerms(p.options!, v.values),
                  quantity: v.quantity,
                  sold: v.sold ?? 0,
                  price: v.price === undefined ? null : toPiastres(v.price),
                  price_after_discount: v.priceAfterDiscount === undefined ? null : toPiastres(v.priceAfterDiscount),
                })),
              ),
            ],
          );
        }
      }
      await tx.query(
        `INSERT INTO coupons (name, expire, discount) VALUES ($1, now() + interval '1 year', $2) ON CONFLICT (lower(name)) DO NOTHING`,
        [DEMO_COUPON.name, DEMO_COUPON.discount],
      );
      return {
        categories: categoryIds.length,
        subcategories: subcategoryIds.size,
        brands: brandIds.size,
        products: products.length,
      };
    });
  } catch (err) {
    await Promise.all(stored.map((s) => removeImage(ctx.storage, s.kind, s.name)));
    throw err;
  }
}

/**
 * Start-up: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and, when SEED_DEMO asks for a demo shop (the default
 * outside production), once, on a database without categories, the demo catalogue with the demo admin (when there is
 * no admin) and the demo customer. Later starts change nothing. A shop left without an admin says how to make one.
 */
export async function seedDatabase(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  // Under the start-up lock, so that of several processes starting at once only the first seeds; the rest find it done.
  await ctx.db.exclusive(async () => {
    await ensureAdmin(ctx, log);
    if (ctx.config.seedDemo) await seedDemoShop(ctx, log);
  });
  // Another process may have seeded meanwhile; every process of the shop must agree on what kind of shop it is.
  ctx.shop.demo = await isDemoShop(ctx.db);
  if (!(await ctx.db.one(`SELECT 1 FROM users WHERE role = 'admin'`))) {
    log.warn('no admin account yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or run `npm run create-admin`');
  }
}

async function seedDemoShop(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const seeded = await ctx.db.one(`SELECT 1 FROM seed_runs WHERE name = 'demo'`);
  const hasCatalogue = await ctx.db.one('SELECT 1 FROM categories LIMIT 1');
  if (seeded || hasCatalogue) return;

  const started = Date.now();
  const result = await seedCatalogue(ctx);
  await ctx.db.tx(seedDemoDelivery);
  const accounts: string[] = [];
  if (!(await ctx.db.one(`SELECT 1 FROM users WHERE role = 'admin'`))) {
    await insertUser(ctx, { name: 'مدير المتجر', ...DEMO_ADMIN, role: 'admin' });
    accounts.push(`admin ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  } else if (ctx.config.adminEmail) {
    accounts.push(`admin ${ctx.config.adminEmail} / (ADMIN_PASSWORD)`);
  }
  if (!(await ctx.db.one('SELECT 1 FROM users WHERE lower(email) = $1', [DEMO_USER.email]))) {
    await insertUser(ctx, { ...DEMO_USER, role: 'user' });
    accounts.push(`customer ${DEMO_USER.email} / ${DEMO_USER.password}`);
  }
  await ctx.db.query(`INSERT INTO seed_runs (name) VALUES ('demo') ON CONFLICT DO NOTHING`);
  log.info({ ...result, ms: Date.now() - started }, 'seeded the demo catalogue');
  for (const account of accounts) log.info(`demo account: ${account}`);
  log.info(`demo coupon: ${DEMO_COUPON.name} (${DEMO_COUPON.discount}%)`);
  log.info(`demo delivery: ${DEMO_ZONES.length} shipping zones, VAT 14% included`);
}
