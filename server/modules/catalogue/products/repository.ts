import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../../db';
import type { ListSpec } from '../../../lib/listQuery';

/** A product as productJson reads it (money in piastres). */
export interface ProductRow {
  id: string;
  /** The owner's stock-keeping code (migration 020), normalised; null when none. */
  sku: string | null;
  title: string;
  slug: string;
  description: string;
  quantity: number;
  sold: number;
  price: number;
  price_after_discount: number | null;
  available_colors: string[];
  image_cover: string;
  images: string[];
  category_id: string;
  subcategory_ids: string[];
  brand_id: string | null;
  /** numeric(2,1): a string from node-postgres, a number from PGlite. */
  ratings_average: string | number;
  ratings_quantity: number;
  /** The product's options (migration 034): [{name, values: [{value, hex?}]}]; [] when it has none. */
  options: StoredOption[];
  /** Its variants on sale, in their order (VARIANTS_SQL). */
  variants: VariantJsonRow[];
  created_at: Date;
  updated_at: Date;
}

/** An option as products.options stores it. */
export interface StoredOption {
  name: string;
  values: { value: string; hex?: string }[];
}

/** A variant as VARIANTS_SQL reads it (money in piastres, null = the product's). */
export interface VariantJsonRow {
  id: string;
  values: string[];
  quantity: number;
  sold: number;
  price: number | null;
  price_after_discount: number | null;
  sku: string | null;
  barcode: string | null;
  image: string | null;
}

/**
 * SQL of the non-archived variants of the product aliased `p`, in their order, as a JSON array of VariantJsonRow
 * (one correlated read of product_variants_product_idx per product answered).
 */
export const VARIANTS_SQL = `(SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id', v.id, 'values', v.option_values, 'quantity', v.quantity, 'sold', v.sold, 'price', v.price,
    'price_after_discount', v.price_after_discount, 'sku', v.sku, 'barcode', v.barcode, 'image', v.image
  ) ORDER BY v.position, v.created_at), '[]'::jsonb)
  FROM product_variants v WHERE v.product_id = p.id AND v.archived_at IS NULL)`;

/** The whole stored row, as writes return it. */
export interface StoredProductRow extends Omit<ProductRow, 'variants'> {
  search_vector: string;
  effective_price: number;
}

/** The columns a create or update writes; the routes allow-list them, nothing else reaches the database. */
export interface ProductValues {
  sku?: string | null;
  title?: string;
  slug?: string;
  description?: string;
  /** tsvector text from productSearchVector (lib/searchText.ts). */
  search_vector?: string;
  quantity?: number;
  price?: number;
  price_after_discount?: number | null;
  available_colors?: string[];
  image_cover?: string;
  images?: string[];
  category_id?: string;
  subcategory_ids?: string[];
  brand_id?: string | null;
}

/** What the product service writes: the columns above and the options (JSON text of StoredOption[]). */
export type ProductWrite = ProductValues & { options?: string };

/** Columns of `products p` that productJson reads. */
export const PRODUCT_COLUMNS = `p.id, p.sku, p.title, p.slug, p.description, p.quantity, p.sold, p.price, p.price_after_discount,
  p.available_colors, p.image_cover, p.images, p.category_id, p.subcategory_ids, p.brand_id,
  p.ratings_average, p.ratings_quantity, p.options, ${VARIANTS_SQL} AS variants, p.created_at, p.updated_at`;

/**
 * SQL that builds a ProductRef (`_id, title, imageCover, ratingsAverage, ratingsQuantity, category {_id,name}, brand {_id,name}?`)
 * as JSON for the product aliased `p`; join `categories c` and `brands b` to use it. Order items store the same shape as a snapshot.
 */
export const PRODUCT_REF_SQL = `jsonb_strip_nulls(jsonb_build_object(
  '_id', p.id, 'title', p.title, 'imageCover', p.image_cover,
  'ratingsAverage', p.ratings_average::float8, 'ratingsQuantity', p.ratings_quantity,
  'category', jsonb_build_object('_id', c.id, 'name', c.name),
  'brand', CASE WHEN b.id IS NULL THEN NULL ELSE jsonb_build_object('_id', b.id, 'name', b.name) END))`;

/** The filters and sorts of the product list (API.md §2). */
export const PRODUCT_LIST: ListSpec = {
  fields: {
    // The price the shopper pays (API.md §2), a stored column of migration 011.
    price: { column: 'p.effective_price', type: 'money' },
    priceAfterDiscount: { column: 'p.price_after_discount', type: 'money' },
    quantity: { column: 'p.quantity', type: 'int' },
    sold: { column: 'p.sold', type: 'int' },
    ratingsAverage: { column: 'p.ratings_average', type: 'decimal', precision: 2, scale: 1 },
    ratingsQuantity: { column: 'p.ratings_quantity', type: 'int' },
    category: { column: 'p.category_id', type: 'id' },
    // Exact, after normalizeSku (search.ts applies it to the query's value).
    sku: { column: 'p.sku', type: 'text' },
    subcategory: { column: 'p.subcategory_ids', type: 'textArray' },
    brand: { column: 'p.brand_id', type: 'id' },
    availableColors: { column: 'p.available_colors', type: 'textArray' },
    createdAt: { column: 'p.created_at', type: 'date' },
    title: { column: 'p.title', type: 'text', sortOnly: true },
    updatedAt: { column: 'p.updated_at', type: 'date', sortOnly: true },
  },
  // The keyword is matched by words, in search.ts, not by this spec.
  // `options=المقاس:42,السعة:256 جيجا`: one in-stock variant holding a value of each option named (values of one
  // option OR, options AND), found through product_variants_terms_idx (migration 034).
  filters: (query, bind) => {
    const asked = askedOptions(query.options);
    if (!asked.length) return [];
    const terms = asked.map((values) => `v.option_terms && ${bind(values)}::text[]`);
    return [
      `EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.archived_at IS NULL
         AND v.quantity > 0 AND ${terms.join(' AND ')})`,
    ];
  },
};

/**
 * The `options` filter as the terms of each option asked for ('name=value', product_variants.option_terms):
 * "name:value" pairs separated by commas (or sent repeated); a pair without its colon is ignored.
 */
export function askedOptions(sent: unknown): string[][] {
  const pairs = (Array.isArray(sent) ? sent : [sent])
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','));
  const byName = new Map<string, string[]>();
  for (const pair of pairs) {
    const at = pair.indexOf(':');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (at < 0 || !name || !value) continue;
    byName.set(name, [...(byName.get(name) ?? []), `${name}=${value}`]);
  }
  return [...byName.values()];
}

/** Matched products the option values of the filter panel are read from, newest first (a bound on its cost). */
export const OPTION_VALUES_READ = 20_000;

/**
 * The option names and values that in-stock variants of the products matching the filter hold, with how many
 * products have each: names in the order the products give them, values likewise, a colour value with its hex.
 */
export const optionValuesOf = (db: Queryable, q: Filter) =>
  db.query<{ name: string; value: string; hex: string | null; products: number }>(
    `WITH m AS (SELECT p.id, p.options FROM products p ${q.where} ORDER BY p.created_at DESC, p.id DESC
                LIMIT ${OPTION_VALUES_READ})
     SELECT o.opt->>'name' AS name, v.option_values[o.ord] AS value,
       max(x.hex) AS hex, count(DISTINCT m.id)::int AS products, min(o.ord) AS name_at, min(x.at) AS value_at
     FROM m CROSS JOIN LATERAL jsonb_array_elements(m.options) WITH ORDINALITY AS o(opt, ord)
       JOIN product_variants v ON v.product_id = m.id AND v.archived_at IS NULL AND v.quantity > 0
       LEFT JOIN LATERAL (
         SELECT e->>'hex' AS hex, at FROM jsonb_array_elements(o.opt->'values') WITH ORDINALITY AS ev(e, at)
         WHERE e->>'value' = v.option_values[o.ord]
       ) x ON true
     WHERE m.options <> '[]'::jsonb
     GROUP BY 1, 2 ORDER BY name_at, name, value_at, value`,
    filterParams(q),
  );

/**
 * Every table the product list, its search and the suggestions read (the product service's statements, and the
 * names and aliases of search.ts): a write that names one of them changes their answers (the answer cache of
 * routes.ts). Writes that reach them through triggers start from products itself (migrations 005, 018).
 */
export const CATALOGUE_TABLES =
  /\b(products|product_variants|categories|subcategories|brands|search_words|product_count|search_index_state)\b/i;

/** Every table a product's page reads (the product and its newest reviews with their authors' names). */
export const PRODUCT_PAGE_TABLES = /\b(products|product_variants|reviews|users)\b/i;

/** A page of products; without a filter the catalogue's size comes from the count kept by triggers (migration 005). */
export const listProducts = (db: Queryable, q: PageQuery): Promise<PagedList<ProductRow>> =>
  pagedList<ProductRow>(db, q, {
    columns: PRODUCT_COLUMNS,
    from: 'products p',
    unfilteredTotal: 'SELECT n FROM product_count',
    // A filtered page is picked from products_filter_sort_idx alone (migration 033).
    pageKey: 'p.id',
  });

/**
 * How many best sellers a common keyword's page is looked for among first (search.ts): a bound on the rows that
 * costs, whatever the keyword.
 */
export const BEST_SELLERS_READ = 2000;

/** The filter of a list query: its WHERE and the parameters it binds. */
type Filter = Pick<PageQuery, 'where' | 'params' | 'whereParams'>;
const filterParams = (q: Filter) => q.params.slice(0, q.whereParams ?? q.params.length);

/** How many products match the filter, counted up to `cap` + 1 (the count stops there). */
export async function countProductsUpTo(db: Queryable, q: Filter, cap: number) {
  const [{ count }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 FROM products p ${q.where} LIMIT ${Number(cap) + 1}) AS capped`,
    filterParams(q),
  );
  return count;
}

/** Ids of products that match the filter, at most `limit`, in no order. */
export async function productIdsUpTo(db: Queryable, q: Filter, limit: number) {
  const rows = await db.query<{ id: string }>(
    `SELECT p.id FROM products p ${q.where} LIMIT ${Number(limit)}`,
    filterParams(q),
  );
  return rows.map((r) => r.id);
}

/** The products of a page in its order (`q.limit` from `q.offset`), without a count. */
export const productPage = (db: Queryable, q: PageQuery) =>
  db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p ${q.where} ${q.orderBy} LIMIT ${Number(q.limit)} OFFSET ${Number(q.offset)}`,
    q.params,
  );

/** The `limit` products of the list query's filter and order from `offset` (the catalogue sheet reads it page by page). */
export const productWindow = (db: Queryable, q: PageQuery, limit: number, offset: number) =>
  db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p ${q.where} ${q.orderBy}
     LIMIT $${q.params.length + 1} OFFSET $${q.params.length + 2}`,
    [...q.params, limit, offset],
  );

/**
 * The products among the BEST_SELLERS_READ best sellers that match the filter, best seller first, at most `limit`:
 * read down the sold index, so it costs at most that many rows, and fewer when matches are common.
 */
export const amongBestSellers = (db: Queryable, q: Filter, limit = BEST_SELLERS_READ) =>
  db.query<ProductRow>(bestSellersSql(PRODUCT_COLUMNS, q, limit), filterParams(q));

/** The ids of amongBestSellers. */
export const bestSellerIds = async (db: Queryable, q: Filter) =>
  (await db.query<{ id: string }>(bestSellersSql('p.id', q, BEST_SELLERS_READ), filterParams(q))).map((r) => r.id);

const bestSellersSql = (columns: string, q: Filter, limit: number) =>
  `SELECT ${columns} FROM (SELECT * FROM products ORDER BY sold DESC, id DESC LIMIT ${BEST_SELLERS_READ}) p
   ${q.where} ORDER BY p.sold DESC, p.id DESC LIMIT ${Number(limit)}`;

export const findProduct = (db: Queryable, id: string) =>
  db.one<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = $1`, [id]);

/** The whole stored row (an update compares with it and removes the files it replaces). */
export const findStoredProduct = (db: Queryable, id: string) =>
  db.one<StoredProductRow>('SELECT * FROM products WHERE id = $1', [id]);

export async function insertProduct(db: Queryable, values: ProductWrite): Promise<StoredProductRow> {
  const columns = Object.keys(values);
  const row = await db.one<StoredProductRow>(
    `INSERT INTO products (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    Object.values(values),
  );
  return row!;
}

/** Writes the values given; undefined when there is no such product. */
export function updateProduct(db: Queryable, id: string, values: ProductWrite) {
  const columns = Object.keys(values);
  return db.one<StoredProductRow>(
    `UPDATE products SET ${columns.map((c, i) => `${c} = $${i + 2}, `).join('')}updated_at = now() WHERE id = $1 RETURNING *`,
    [id, ...Object.values(values)],
  );
}

/** What the audit log keeps of a product, locked until the transaction ends; undefined when there is none. */
export const lockProductForAudit = (tx: Queryable, id: string) =>
  tx.one<{
    sku: string | null;
    title: string;
    description: string;
    price: number;
    price_after_discount: number | null;
    quantity: number;
    available_colors: string[];
    category_id: string;
    subcategory_ids: string[];
    brand_id: string | null;
    image_cover: string;
    images: string[];
    options: StoredOption[];
  }>(
    `SELECT sku, title, description, price, price_after_discount, quantity, available_colors, category_id,
       subcategory_ids, brand_id, image_cover, images, options FROM products WHERE id = $1 FOR UPDATE`,
    [id],
  );

/**
 * Deletes a product and answers its files, or undefined when there is no such product. Cart lines, wishlist
 * entries and reviews go by foreign-key cascade; order items keep their snapshot (SET NULL).
 */
export const deleteProductRow = (tx: Queryable, id: string) =>
  tx.one<{ image_cover: string; images: string[] }>(
    'DELETE FROM products WHERE id = $1 RETURNING image_cover, images',
    [id],
  );

/** The unique index of SKUs (migration 020): a write that meets it answers API.md's duplicate-value 400. */
export const SKU_INDEX = 'products_sku_key';

/** Whether a product other than `exceptId` has the (normalised) SKU. */
export const skuTakenByOther = async (db: Queryable, sku: string, exceptId?: string) =>
  !!(await db.one('SELECT 1 FROM products WHERE sku = $1 AND id IS DISTINCT FROM $2', [sku, exceptId ?? null]));

export const productExists = async (db: Queryable, id: string) =>
  !!(await db.one('SELECT id FROM products WHERE id = $1', [id]));

/** Locks the product's row (review changes recompute its ratings one after another); false when there is no such product. */
export const lockProduct = async (tx: Queryable, id: string) =>
  !!(await tx.one('SELECT id FROM products WHERE id = $1 FOR UPDATE', [id]));

/** What a cart change needs of a product: its stock, prices and colours. */
export interface ProductForCartRow {
  id: string;
  title: string;
  quantity: number;
  price: number;
  price_after_discount: number | null;
  available_colors: string[];
  options: StoredOption[];
  /** Its variants on sale (VariantJsonRow), in their order. */
  variants: VariantJsonRow[];
}

export const findProductForCart = (db: Queryable, id: string) =>
  db.one<ProductForCartRow>(
    `SELECT p.id, p.title, p.quantity, p.price, p.price_after_discount, p.available_colors, p.options,
       ${VARIANTS_SQL} AS variants FROM products p WHERE p.id = $1`,
    [id],
  );

const COUNT_SQL = {
  categories:
    'SELECT category_id::text AS id, count(*)::int AS n FROM products WHERE category_id = ANY($1::uuid[]) GROUP BY category_id',
  brands:
    'SELECT brand_id::text AS id, count(*)::int AS n FROM products WHERE brand_id = ANY($1::uuid[]) GROUP BY brand_id',
  // Subcategory ids live in an array column with a GIN index: `&&` finds the products, unnest counts per id.
  subcategories: `SELECT s AS id, count(*)::int AS n FROM products, unnest(subcategory_ids) AS s
    WHERE subcategory_ids && $1::text[] AND s = ANY($1::text[]) GROUP BY s`,
} as const;

export type ProductGrouping = keyof typeof COUNT_SQL;

/** How many products each category, brand or subcategory of `ids` has, in one grouped query (ids without products are missing). */
export async function productCounts(db: Queryable, of: ProductGrouping, ids: string[]): Promise<Map<string, number>> {
  const rows = ids.length ? await db.query<{ id: string; n: number }>(COUNT_SQL[of], [ids]) : [];
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Whether any product is of the category (such a category is not deleted). */
export const categoryHasProducts = async (db: Queryable, categoryId: string) =>
  !!(await db.one('SELECT 1 FROM products WHERE category_id = $1 LIMIT 1', [categoryId]));

/** Takes a subcategory off every product, or, given `unlessInCategory`, off the products of other categories. */
export async function removeSubcategoryFromProducts(tx: Queryable, subcategoryId: string, unlessInCategory?: string) {
  if (unlessInCategory === undefined) {
    await tx.query(
      'UPDATE products SET subcategory_ids = array_remove(subcategory_ids, $1) WHERE subcategory_ids @> ARRAY[$1]',
      [subcategoryId],
    );
  } else {
    await tx.query(
      'UPDATE products SET subcategory_ids = array_remove(subcategory_ids, $1) WHERE subcategory_ids @> ARRAY[$1] AND category_id <> $2',
      [subcategoryId, unlessInCategory],
    );
  }
}

/** The version of the text analysis the stored search vectors were made with (migration 018); undefined before any. */
export const searchAnalysis = async (db: Queryable) =>
  (await db.one<{ analysis: number }>('SELECT analysis FROM search_index_state'))?.analysis;

/** Forgets every stored search vector (the analysis changed) and records the analysis they will be made with. */
export async function restartSearchIndex(tx: Queryable, analysis: number, hadOne: boolean) {
  if (hadOne) await tx.query('UPDATE products SET search_vector = NULL WHERE search_vector IS NOT NULL');
  await tx.query(
    `INSERT INTO search_index_state (analysis) VALUES ($1)
     ON CONFLICT (only_row) DO UPDATE SET analysis = excluded.analysis`,
    [analysis],
  );
}

/** Up to `limit` products without a search vector. */
export const productsToAnalyse = (db: Queryable, limit: number) =>
  db.query<{ id: string; title: string; description: string }>(
    `SELECT id, title, description FROM products WHERE search_vector IS NULL LIMIT ${Number(limit)}`,
  );

/** Stores the search vectors of the products `ids` (vectors in the same order). */
export async function setSearchVectors(tx: Queryable, ids: string[], vectors: string[]) {
  await tx.query(
    `UPDATE products p SET search_vector = v.vector::tsvector
     FROM unnest($1::uuid[], $2::text[]) AS v(id, vector) WHERE p.id = v.id`,
    [ids, vectors],
  );
}

export type NameKind = 'category' | 'subcategory' | 'brand';

/** A category, subcategory or brand with its aliases, as search matches them. */
export interface NamedRow {
  kind: NameKind;
  id: string;
  name: string;
  aliases: string[];
}

/** Every category, subcategory and brand with its aliases (a shop has tens to hundreds of them). */
export const namesForSearch = (db: Queryable) =>
  db.query<NamedRow>(
    `SELECT 'category' AS kind, id::text, name, aliases FROM categories
     UNION ALL SELECT 'subcategory', id::text, name, aliases FROM subcategories
     UNION ALL SELECT 'brand', id::text, name, aliases FROM brands`,
  );

/** Which of these exact forms are words of the shop's products, and how many products hold each. */
export const shopWordCounts = (db: Queryable, forms: string[]) =>
  db.query<{ word: string; products: number }>('SELECT word, products FROM search_words WHERE word = ANY($1::text[])', [
    forms,
  ]);

/**
 * For each typed form, the most similar word (pg_trgm similarity of at least `similarEnough`, length within 2) of
 * search_words or of `nameWords`, more products first on a tie; a form with none is missing. One statement, each
 * lookup served by the trigram index of search_words.
 */
export const mostSimilarWords = (db: Queryable, typed: string[], nameWords: string[], similarEnough: number) =>
  db.query<{ typed: string; word: string }>(
    `SELECT q.typed, c.word FROM unnest($1::text[]) AS q(typed)
     CROSS JOIN LATERAL (
       SELECT word, s, products FROM (
         SELECT word, similarity(word, q.typed) AS s, products FROM search_words
         WHERE word % q.typed AND abs(length(word) - length(q.typed)) <= 2
         UNION ALL
         SELECT n, similarity(n, q.typed), 0 FROM unnest($2::text[]) AS n
         WHERE n % q.typed AND abs(length(n) - length(q.typed)) <= 2
       ) candidates
       WHERE s >= ${Number(similarEnough)} ORDER BY s DESC, products DESC, word LIMIT 1
     ) c`,
    [typed, nameWords],
  );

/** A variant of a product as its changes read it, archived ones too (migration 034). */
export interface StoredVariantRow {
  id: string;
  product_id: string;
  option_values: string[];
  quantity: number;
  sold: number;
  price: number | null;
  price_after_discount: number | null;
  sku: string | null;
  barcode: string | null;
  image: string | null;
  archived_at: Date | null;
}

/** The columns a variant's write sets. */
export interface VariantValues {
  position?: number;
  option_values?: string[];
  option_terms?: string[];
  quantity?: number;
  price?: number | null;
  price_after_discount?: number | null;
  sku?: string | null;
  barcode?: string | null;
  image?: string | null;
}

/** Every variant of the product, archived ones last. */
export const variantsOfProduct = (db: Queryable, productId: string) =>
  db.query<StoredVariantRow>(
    `SELECT id, product_id, option_values, quantity, sold, price, price_after_discount, sku, barcode, image, archived_at
     FROM product_variants WHERE product_id = $1 ORDER BY archived_at NULLS FIRST, position, created_at`,
    [productId],
  );

/** One variant of the product (archived or not); undefined when the product has no such variant. */
export const findVariantOf = (db: Queryable, productId: string, variantId: string) =>
  db.one<StoredVariantRow>(
    `SELECT id, product_id, option_values, quantity, sold, price, price_after_discount, sku, barcode, image, archived_at
     FROM product_variants WHERE product_id = $1 AND id = $2`,
    [productId, variantId],
  );

export async function insertVariant(tx: Queryable, productId: string, values: VariantValues) {
  const columns = Object.keys(values);
  await tx.query(
    `INSERT INTO product_variants (product_id, ${columns.join(', ')})
     VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`,
    [productId, ...Object.values(values)],
  );
}

/** Writes the values given to a variant of the product, taking it out of the archive. */
export async function updateVariant(tx: Queryable, productId: string, id: string, values: VariantValues) {
  const columns = Object.keys(values);
  await tx.query(
    `UPDATE product_variants SET ${columns.map((c, i) => `${c} = $${i + 3}, `).join('')}archived_at = NULL,
       updated_at = now() WHERE product_id = $1 AND id = $2`,
    [productId, id, ...Object.values(values)],
  );
}

/** Archives the product's variants other than `keep` (carts and orders that hold them still name them). */
export async function archiveVariantsExcept(tx: Queryable, productId: string, keep: string[]) {
  await tx.query(
    `UPDATE product_variants SET archived_at = now(), updated_at = now()
     WHERE product_id = $1 AND archived_at IS NULL AND NOT (id = ANY($2::uuid[]))`,
    [productId, keep],
  );
}

/** The unique index of variant SKUs; a variant's SKU that another product holds answers the same violation. */
export const VARIANT_SKU_INDEX = 'product_variants_sku_key';

/** Whether the (normalised) SKU is a variant's, other than the variants `exceptVariants`. */
export const skuTakenByVariant = async (db: Queryable, sku: string, exceptVariants: string[] = []) =>
  !!(await db.one('SELECT 1 FROM product_variants WHERE sku = $1 AND NOT (id = ANY($2::uuid[]))', [
    sku,
    exceptVariants,
  ]));

/** Marks the product changed (one of its variants was). */
export async function touchProduct(tx: Queryable, id: string) {
  await tx.query('UPDATE products SET updated_at = now() WHERE id = $1', [id]);
}
