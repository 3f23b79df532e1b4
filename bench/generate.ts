import sharp from 'sharp';
import type { Db, Queryable } from '../server/db';
import type { Storage } from '../server/storage';
import { slugify } from '../server/lib/arabic';
import { productSearchVector } from '../server/lib/searchText';
import { storeImage } from '../server/lib/images';

/**
 * Deterministic synthetic catalogue for the benchmarks: any number of products with Arabic titles and
 * descriptions, prices in piastres, categories, subcategories, brands and colours. The same seed and size
 * always give the same rows (ids included), so figures from different runs describe the same data.
 * Rows go in with `INSERT … SELECT FROM unnest(...)` in batches: 100,000 products take seconds.
 */

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version-4-shaped UUID drawn from the PRNG, so ids are reproducible. */
function uuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(rand() * 4)];
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

export const CATEGORIES = [
  {
    name: 'إلكترونيات',
    subs: ['هواتف', 'حواسيب', 'سماعات', 'شواحن'],
    nouns: ['هاتف ذكي', 'حاسوب محمول', 'سماعة لاسلكية', 'شاحن سريع', 'ساعة ذكية'],
  },
  {
    name: 'أزياء رجالية',
    subs: ['قمصان', 'بناطيل', 'أحذية', 'سترات'],
    nouns: ['قميص قطن', 'بنطلون جينز', 'حذاء جلد', 'سترة شتوية', 'حزام جلد'],
  },
  {
    name: 'أزياء نسائية',
    subs: ['فساتين', 'حقائب', 'أوشحة', 'أحذية نسائية'],
    nouns: ['فستان سهرة', 'حقيبة يد', 'وشاح حرير', 'حذاء كعب', 'عباءة'],
  },
  {
    name: 'المنزل والمطبخ',
    subs: ['أواني', 'مفروشات', 'إضاءة', 'تخزين'],
    nouns: ['طقم أواني', 'مفرش سرير', 'مصباح مكتب', 'علبة تخزين', 'خلاط كهربائي'],
  },
  {
    name: 'الجمال والعناية',
    subs: ['عطور', 'مستحضرات', 'عناية بالشعر', 'عناية بالبشرة'],
    nouns: ['عطر فاخر', 'كريم مرطب', 'شامبو طبيعي', 'غسول وجه', 'زيت شعر'],
  },
  {
    name: 'الرياضة',
    subs: ['ملابس رياضية', 'معدات', 'دراجات', 'مكملات'],
    nouns: ['حذاء جري', 'دمبل حديد', 'دراجة هوائية', 'حصيرة يوغا', 'كرة قدم'],
  },
  {
    name: 'الألعاب',
    subs: ['ألعاب تعليمية', 'دمى', 'ألعاب إلكترونية', 'ألغاز'],
    nouns: ['لعبة تركيب', 'دمية قماش', 'جهاز ألعاب', 'لغز خشبي', 'سيارة تحكم'],
  },
  {
    name: 'الكتب',
    subs: ['روايات', 'كتب أطفال', 'تاريخ', 'تطوير الذات'],
    nouns: ['رواية عربية', 'كتاب أطفال مصور', 'كتاب تاريخ', 'دليل الطبخ', 'كتاب تطوير الذات'],
  },
  {
    name: 'البقالة',
    subs: ['مشروبات', 'حلويات', 'توابل', 'معلبات'],
    nouns: ['قهوة عربية', 'شاي أخضر', 'تمر مجدول', 'عسل نحل', 'زيت زيتون'],
  },
  {
    name: 'السيارات',
    subs: ['إكسسوارات', 'زيوت', 'إطارات', 'أدوات'],
    nouns: ['غطاء مقعد', 'زيت محرك', 'منظف زجاج', 'حامل هاتف', 'مضخة هواء'],
  },
] as const;

export const BRANDS = [
  'النيل',
  'الأهرام',
  'الفراعنة',
  'الدلتا',
  'سيناء',
  'الإسكندرية',
  'الواحة',
  'الصعيد',
  'القاهرة',
  'البحر الأحمر',
  'نجمة',
  'الريحان',
  'اللؤلؤة',
  'الصقر',
  'الياسمين',
  'الأندلس',
  'قرطبة',
  'الزيتونة',
  'المرجان',
  'الفيروز',
] as const;

const ADJECTIVES = [
  'أصلي',
  'فاخر',
  'عملي',
  'خفيف',
  'متين',
  'أنيق',
  'اقتصادي',
  'جديد',
  'كلاسيكي',
  'عصري',
  'مريح',
  'صغير',
  'كبير',
  'مميز',
] as const;
const DESCRIPTION_WORDS = [
  'منتج',
  'عالي',
  'الجودة',
  'مناسب',
  'للاستخدام',
  'اليومي',
  'تصميم',
  'أنيق',
  'وعملي',
  'يدوم',
  'طويلا',
  'سهل',
  'التنظيف',
  'مصنوع',
  'من',
  'خامات',
  'ممتازة',
  'ضمان',
  'لمدة',
  'عام',
  'شحن',
  'سريع',
  'إلى',
  'جميع',
  'المحافظات',
  'متوفر',
  'بألوان',
  'متعددة',
  'هدية',
  'مثالية',
  'للعائلة',
  'والأصدقاء',
  'سعر',
  'منافس',
  'وجودة',
  'مضمونة',
  'الأكثر',
  'مبيعا',
  'هذا',
  'الموسم',
] as const;
const COLORS = ['#000000', '#ffffff', '#ff0000', '#0000ff', '#008000', '#ffd700', '#808080', '#a52a2a'] as const;
/** Keywords the search benchmark rotates through: common nouns, each in a few percent of titles. */
export const SEARCH_WORDS = ['ساعة', 'حقيبة', 'عطر', 'قهوة', 'حذاء', 'مصباح', 'رواية', 'دراجة'] as const;

export interface Catalogue {
  categories: { id: string; name: string; subcategories: string[] }[];
  brands: string[];
  /** Product ids in generation order (product i is `productIds[i]`). */
  productIds: string[];
  images: string[];
}

export interface GenerateOptions {
  products: number;
  seed?: number;
  /** With a storage, a few real images (and their -w320/-w640 WebP variants) are made and shared by all products. */
  storage?: Storage;
  imageCount?: number;
  /** Newest product's createdAt; products are one minute apart going back. */
  now?: Date;
  batchSize?: number;
}

const PALETTE = [
  '#0d6efd',
  '#6f42c1',
  '#d63384',
  '#dc3545',
  '#fd7e14',
  '#198754',
  '#20c997',
  '#0dcaf0',
  '#6c757d',
  '#ffc107',
];

/** A 1200×900 (4:3, the admin crop ratio) picture: a coloured gradient with a simple shape, as a PNG. */
async function makePicture(index: number): Promise<Buffer> {
  const a = PALETTE[index % PALETTE.length];
  const b = PALETTE[(index * 3 + 5) % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>
    <circle cx="${300 + ((index * 97) % 600)}" cy="450" r="${180 + ((index * 31) % 120)}" fill="#ffffff" fill-opacity="0.35"/>
    <rect x="${200 + ((index * 53) % 500)}" y="${200 + ((index * 41) % 300)}" width="320" height="220" rx="24" fill="#000000" fill-opacity="0.18"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Inserts categories, subcategories, brands and `products` products into an empty catalogue. */
export async function generateCatalogue(db: Db, options: GenerateOptions): Promise<Catalogue> {
  const seed = options.seed ?? 20240601;
  const rand = prng(seed);
  const now = (options.now ?? new Date('2025-01-01T00:00:00Z')).getTime();
  const batchSize = options.batchSize ?? 5000;

  const images: string[] = [];
  const imageCount = options.imageCount ?? 12;
  if (options.storage) {
    for (let i = 0; i < imageCount; i++)
      images.push(await storeImage(options.storage, 'products', await makePicture(i), `bench${i}`));
  } else {
    for (let i = 0; i < imageCount; i++) images.push(`bench-${i}.webp`);
  }
  const categoryImages: (string | null)[] = [];
  for (let i = 0; i < CATEGORIES.length; i++) {
    categoryImages.push(
      options.storage ? await storeImage(options.storage, 'categories', await makePicture(i + 3), `bench${i}`) : null,
    );
  }

  const categories: Catalogue['categories'] = [];
  await db.tx(async (tx) => {
    for (const [i, category] of CATEGORIES.entries()) {
      const id = uuid(rand);
      const created = new Date(now - (CATEGORIES.length - i) * 3_600_000).toISOString();
      await tx.query(
        'INSERT INTO categories (id, name, slug, image, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
        [id, category.name, slugify(category.name), categoryImages[i], created],
      );
      const subcategories: string[] = [];
      for (const sub of category.subs) {
        const subId = uuid(rand);
        subcategories.push(subId);
        await tx.query(
          'INSERT INTO subcategories (id, name, slug, category_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
          [subId, sub, slugify(sub), id, created],
        );
      }
      categories.push({ id, name: category.name, subcategories });
    }
  });
  const brands: string[] = [];
  for (const [i, name] of BRANDS.entries()) {
    const id = uuid(rand);
    brands.push(id);
    await db.query(
      'INSERT INTO brands (id, name, slug, image, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
      [
        id,
        name,
        slugify(name),
        categoryImages[i % categoryImages.length],
        new Date(now - (BRANDS.length - i) * 3_600_000).toISOString(),
      ],
    );
  }

  const productIds: string[] = [];
  const columns = {
    id: 'uuid',
    title: 'text',
    slug: 'text',
    description: 'text',
    quantity: 'int',
    sold: 'int',
    price: 'int',
    price_after_discount: 'int',
    available_colors: 'text',
    image_cover: 'text',
    images: 'text',
    category_id: 'uuid',
    subcategory_ids: 'text',
    brand_id: 'uuid',
    ratings_average: 'numeric',
    ratings_quantity: 'int',
    search_vector: 'tsvector',
    created_at: 'timestamptz',
  } as const;
  const names = Object.keys(columns) as (keyof typeof columns)[];
  const arrayColumns = new Set(['available_colors', 'images', 'subcategory_ids']);
  // Array columns travel as array literals ('{a,b}') inside a text[] parameter, because unnest flattens 2-D arrays.
  const select = names.map((n, i) => (arrayColumns.has(n) ? `c${i}::text[]` : `c${i}`)).join(', ');
  const unnest = names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(', ');
  const sql = `INSERT INTO products (${names.join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS t(${names.map((_, i) => `c${i}`).join(', ')})`;
  const literal = (values: string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

  // Bulk-load practice: drop the secondary indexes of products, load, then rebuild them from their own
  // definitions (the migration's), which is several times faster than maintaining them row by row.
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.tablename = 'products' AND i.schemaname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await db.exec(`DROP INDEX ${indexname}`);

  for (let start = 0; start < options.products; start += batchSize) {
    const end = Math.min(options.products, start + batchSize);
    const cols: unknown[][] = names.map(() => []);
    for (let i = start; i < end; i++) {
      const r = prng(seed * 31 + i); // one stream per product: any product can be regenerated on its own
      const categoryIndex = Math.floor(r() * CATEGORIES.length);
      const category = CATEGORIES[categoryIndex];
      const noun = pick(r, category.nouns);
      const brandIndex = Math.floor(r() * BRANDS.length);
      const title = `${noun} ${pick(r, ADJECTIVES)} ${BRANDS[brandIndex]} ${100 + Math.floor(r() * 900)}`;
      const words = Array.from({ length: 12 + Math.floor(r() * 24) }, () => pick(r, DESCRIPTION_WORDS));
      const description = `${noun} ${words.join(' ')}.`;
      const price = (20 + Math.floor(r() * r() * 20000)) * 100; // 20–20,000 EGP, skewed cheap
      const discounted = r() < 0.3 ? Math.floor((price * (0.5 + r() * 0.4)) / 100) * 100 : null;
      const colors = COLORS.filter(() => r() < 0.25);
      const cover = images[Math.floor(r() * images.length)];
      const gallery = images.filter(() => r() < 0.2).slice(0, 4);
      const subs = categories[categoryIndex].subcategories.filter(() => r() < 0.4);
      const ratingsQuantity = r() < 0.6 ? Math.floor(r() * 300) : 0;
      const ratingsAverage = ratingsQuantity ? (10 + Math.floor(r() * 41)) / 10 : 0;
      const id = uuid(r);
      productIds.push(id);
      const row = [
        id,
        title,
        slugify(title),
        description,
        50 + Math.floor(r() * 1000),
        Math.floor(r() * 5000),
        price,
        discounted,
        literal(colors),
        cover,
        literal(gallery),
        categories[categoryIndex].id,
        literal(subs),
        r() < 0.9 ? brands[brandIndex] : null,
        ratingsAverage,
        ratingsQuantity,
        productSearchVector(title, description),
        new Date(now - i * 60_000).toISOString(),
      ];
      row.forEach((v, c) => cols[c].push(v));
    }
    // In a transaction, which the storefront's statement timeout leaves alone: a batch and the vocabulary its
    // words add (migration 018's trigger) take longer than a storefront read may.
    await db.tx((tx) => tx.query(sql, cols));
  }
  await db.tx((tx) => sizedVariants(tx));
  await db.tx(async (tx) => {
    for (const { indexdef } of indexes) await tx.exec(indexdef);
  });
  // Fresh statistics and visibility map, as autovacuum would give a settled catalogue: the planner sees the
  // real sizes at once, and index-only scans (the filter count) need no heap visits.
  await db.exec('VACUUM ANALYZE products');
  await db.exec('ANALYZE');
  return { categories, brands, productIds, images };
}

/** The sizes of the part of the catalogue sold in sizes (the listing's size filter is benched on them). */
export const BENCH_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

/**
 * Variants (migration 034) for about three products in eight, picked by their id: one per size, a quarter of them
 * sold out, the product's sales on its first size; their stock becomes the product's (the variants' triggers).
 */
async function sizedVariants(tx: Queryable) {
  const options = JSON.stringify([{ name: 'المقاس', values: BENCH_SIZES.map((value) => ({ value })) }]);
  await tx.query(
    `CREATE TEMP TABLE sized ON COMMIT DROP AS
       SELECT id, sold FROM products WHERE (hashtext(id::text) & 7) < 3`,
  );
  await tx.query(`UPDATE products p SET options = $1::jsonb FROM sized s WHERE p.id = s.id`, [options]);
  await tx.query(`DELETE FROM product_variants v USING sized s WHERE v.product_id = s.id`);
  await tx.query(
    `INSERT INTO product_variants (product_id, position, option_values, option_terms, quantity, sold)
     SELECT s.id, z.i - 1, ARRAY[z.size], ARRAY['المقاس=' || z.size],
       CASE WHEN (hashtext(s.id::text || z.size) & 3) = 0 THEN 0 ELSE 1 + (hashtext(z.size || s.id::text) & 63) END,
       CASE WHEN z.i = 1 THEN s.sold ELSE 0 END
     FROM sized s CROSS JOIN unnest($1::text[]) WITH ORDINALITY AS z(size, i)`,
    [BENCH_SIZES],
  );
}

const FIRST_NAMES = [
  'محمد',
  'أحمد',
  'محمود',
  'مصطفى',
  'عمر',
  'يوسف',
  'كريم',
  'إبراهيم',
  'خالد',
  'طارق',
  'هشام',
  'عمرو',
  'سارة',
  'منى',
  'فاطمة',
  'مريم',
  'نورهان',
  'هبة',
  'ياسمين',
  'دينا',
  'رانيا',
  'شيماء',
  'آية',
  'إسراء',
  'مينا',
  'بيتر',
];
const FAMILY_NAMES = [
  'السيد',
  'عبد الله',
  'حسن',
  'علي',
  'إبراهيم',
  'عبد الرحمن',
  'فؤاد',
  'سليمان',
  'الشريف',
  'منصور',
  'عثمان',
  'رمضان',
  'شحاتة',
  'جرجس',
  'عزيز',
  'البنا',
  'النجار',
  'زكي',
  'بدوي',
  'فهمي',
  'رشاد',
  'سالم',
  'مرسي',
  'حلمي',
];

export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string;
}

/** `count` customers with Egyptian names, e-mails and mobile numbers, as the staff's order search meets them. */
export async function generateCustomers(db: Db, count: number, seed = 20240601): Promise<Customer[]> {
  const rand = prng(seed);
  const customers: Customer[] = [];
  for (let start = 0; start < count; start += 10_000) {
    const batch: Customer[] = [];
    for (let i = start; i < Math.min(count, start + 10_000); i++) {
      const name = `${pick(rand, FIRST_NAMES)} ${pick(rand, FAMILY_NAMES)}`;
      const phone = `01${pick(rand, ['0', '1', '2', '5'])}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
      batch.push({ id: uuid(rand), name, email: `customer${i}@example.com`, phone });
    }
    await db.query(
      `INSERT INTO users (id, name, slug, email, phone, password_hash, role)
       SELECT id, n, 'customer-' || e, e, p, 'x', 'user' FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x(id, n, e, p)`,
      [batch.map((c) => c.id), batch.map((c) => c.name), batch.map((c) => c.email), batch.map((c) => c.phone)],
    );
    customers.push(...batch);
  }
  await db.exec('ANALYZE users');
  return customers;
}

/**
 * The triggers that keep the dashboard's daily figures as orders and their lines are written (migration 021), and the
 * one that marks the kept best sellers stale when a day before today changes (migrations 028, 031).
 */
const SALES_TRIGGERS = [
  ['orders', 'orders_sales_inserted'],
  ['order_items', 'order_items_sales_inserted'],
  ['daily_product_sales', 'daily_product_sales_past_changed'],
] as const;

/**
 * `count` orders of `customers` over the `years` before `now` (evenly spaced, newest first; default one year), 1–4
 * lines each of random products (2.5 on average), cash or card; orders older than a few days are paid and delivered,
 * as in a shop that keeps up, so the "waiting" lists stay small, and about 2 % are cancelled. A shop that has been
 * open for years: the dashboard, the staff's order list and search, and a customer's orders read it.
 */
export async function generateOrders(
  db: Db,
  options: {
    count: number;
    customers: Customer[];
    productIds: string[];
    years?: number;
    now?: Date;
    seed?: number;
    batchSize?: number;
  },
) {
  const rand = prng(options.seed ?? 20240602);
  const now = (options.now ?? new Date()).getTime();
  const spacing = ((options.years ?? 1) * 365 * 86_400_000) / Math.max(1, options.count);
  const batchSize = options.batchSize ?? 5000;
  // Bulk-load practice, as for the catalogue: the secondary indexes are rebuilt once at the end, not row by row.
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.tablename IN ('orders', 'order_items') AND i.schemaname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await db.exec(`DROP INDEX ${indexname}`);
  // The dashboard's daily figures are added once per batch instead of by the triggers row by row: a batch holds the
  // ~900 orders of each of its days, and the triggers update a day's row once per order and the one row of the best
  // sellers' state once per line, in one transaction; each update walks the chain of row versions the ones before it
  // left (past half a million orders the load crawled at ~15,000 a minute on 2 cores).
  for (const [table, trigger] of SALES_TRIGGERS) await db.exec(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  try {
    for (let start = 0; start < options.count; start += batchSize) {
      const end = Math.min(options.count, start + batchSize);
      const o: unknown[][] = [[], [], [], [], [], [], [], [], [], []];
      const l: unknown[][] = [[], [], [], [], []];
      // Each line's order time and whether its order is cancelled, for the daily figures below.
      const lineOrder: unknown[][] = [[], []];
      for (let i = start; i < end; i++) {
        const id = uuid(rand);
        const customer = options.customers[Math.floor(rand() * options.customers.length)];
        const createdAt = now - i * spacing;
        const card = rand() < 0.4;
        const ageDays = (now - createdAt) / 86_400_000;
        let total = 0;
        const lines = 1 + Math.floor(rand() * 4);
        for (let n = 0; n < lines; n++) {
          const price = (20 + Math.floor(rand() * 2000)) * 100;
          const count = 1 + Math.floor(rand() * 3);
          total += price * count;
          l[0].push(id);
          l[1].push(options.productIds[Math.floor(rand() * options.productIds.length)]);
          l[2].push(count);
          l[3].push(price);
          l[4].push(n);
        }
        const { name, email, phone } = customer;
        o[0].push(id);
        o[1].push(customer.id);
        o[2].push(JSON.stringify({ _id: customer.id, name, email, phone }));
        o[3].push(JSON.stringify({ details: `شارع ${i % 500}`, phone, city: 'القاهرة', postalCode: '' }));
        o[4].push(total);
        o[5].push(card ? 'card' : 'cash');
        o[6].push(card || ageDays > 3);
        o[7].push(ageDays > 5);
        const at = new Date(createdAt).toISOString();
        o[8].push(at);
        const cancelled = ageDays > 5 && rand() < 0.02;
        o[9].push(cancelled);
        for (let n = 0; n < lines; n++) {
          lineOrder[0].push(at);
          lineOrder[1].push(cancelled);
        }
      }
      await db.query(
        `INSERT INTO orders (id, user_id, user_snapshot, shipping_address, total_order_price, payment_method_type, is_paid, is_delivered, created_at, updated_at, is_cancelled, cancelled_at)
       SELECT id, u, s::jsonb, a::jsonb, t, m, p, d AND NOT k, c, c, k, CASE WHEN k THEN c END FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bool[], $8::bool[], $9::timestamptz[], $10::bool[])
         AS x(id, u, s, a, t, m, p, d, c, k)`,
        o,
      );
      await db.query(
        `INSERT INTO order_items (order_id, product_id, product_snapshot, count, price, position)
       SELECT o, p, '{}'::jsonb, n, pr, pos FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::int[]) AS x(o, p, n, pr, pos)`,
        l,
      );
      // What the triggers would have added for these orders and lines: the same sums, from the batch's own values.
      await db.query(
        `INSERT INTO daily_sales AS d (day, slot, orders, revenue)
         SELECT shop_day(o.created_at), 0, count(*), sum(o.total)
         FROM unnest($1::timestamptz[], $2::bigint[], $3::bool[]) AS o(created_at, total, cancelled)
         WHERE NOT o.cancelled GROUP BY 1
         ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders, revenue = d.revenue + EXCLUDED.revenue`,
        [o[8], o[4], o[9]],
      );
      await db.query(
        `INSERT INTO daily_product_sales AS d (day, product_id, sold, revenue)
         SELECT shop_day(i.created_at), i.product_id, sum(i.count), sum(i.count * i.price::bigint)
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::bool[])
           AS i(product_id, count, price, created_at, cancelled)
         WHERE NOT i.cancelled GROUP BY 1, 2 ORDER BY 2, 1
         ON CONFLICT (day, product_id) DO UPDATE SET sold = d.sold + EXCLUDED.sold, revenue = d.revenue + EXCLUDED.revenue`,
        [l[1], l[2], l[3], lineOrder[0], lineOrder[1]],
      );
    }
    // What the last trigger would have left: days before today changed, so the next read computes the best sellers.
    await db.exec('UPDATE best_sellers_state SET day = NULL');
  } finally {
    for (const [table, trigger] of SALES_TRIGGERS) await db.exec(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  }
  // Memory to build each index in one pass (the trigram index of a million orders sorts for minutes with the default).
  await db.tx(async (tx) => {
    await tx.exec("SET LOCAL maintenance_work_mem = '512MB'");
    for (const { indexdef } of indexes) await tx.exec(indexdef);
  });
  // Settled, as autovacuum leaves a working shop's tables: the daily figures were rewritten by every batch.
  for (const table of ['orders', 'order_items', 'daily_sales', 'daily_product_sales'])
    await db.exec(`VACUUM ANALYZE ${table}`);
}
