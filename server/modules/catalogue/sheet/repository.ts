import type { Queryable } from '../../../db';
import type { ProductValues, StoredProductRow } from '../products/repository';

// The catalogue sheet's statements: the names it reads and creates, and the products it reads and writes in bulk.

/** The names of categories, subcategories and brands by id (a shop has tens to hundreds of them). */
export interface CatalogueNames {
  categories: Map<string, string>;
  subcategories: Map<string, string>;
  brands: Map<string, string>;
}

export async function catalogueNames(db: Queryable): Promise<CatalogueNames> {
  const rows = await db.query<{ kind: keyof CatalogueNames; id: string; name: string }>(
    `SELECT 'categories' AS kind, id::text, name FROM categories
     UNION ALL SELECT 'subcategories', id::text, name FROM subcategories
     UNION ALL SELECT 'brands', id::text, name FROM brands`,
  );
  const names: CatalogueNames = { categories: new Map(), subcategories: new Map(), brands: new Map() };
  for (const r of rows) names[r.kind].set(r.id, r.name);
  return names;
}

/** Every category, subcategory (with its category) and brand, as the import matches the sheet's names. */
export const shopNames = (db: Queryable) =>
  db.query<{ kind: 'category' | 'subcategory' | 'brand'; id: string; name: string; category_id: string | null }>(
    `SELECT 'category' AS kind, id::text, name, NULL AS category_id FROM categories
     UNION ALL SELECT 'subcategory', id::text, name, category_id::text FROM subcategories
     UNION ALL SELECT 'brand', id::text, name, NULL FROM brands`,
  );

/** The stored products with one of the (normalised) SKUs or ids. */
export const productsBySkuOrId = (db: Queryable, skus: string[], ids: string[]) =>
  db.query<StoredProductRow>('SELECT * FROM products WHERE sku = ANY($1::text[]) OR id = ANY($2::uuid[])', [skus, ids]);

/** A new category or brand of the sheet, without image or aliases; the unique name refuses a duplicate. */
export const insertNamed = async (tx: Queryable, table: 'categories' | 'brands', name: string, slug: string) =>
  (await tx.one<{ id: string }>(
    `INSERT INTO ${table} (name, slug, image, aliases) VALUES ($1, $2, NULL, '{}') RETURNING id`,
    [name, slug],
  ))!;

/** A new subcategory of the sheet, without aliases; the unique name (within the category) refuses a duplicate. */
export const insertNamedSubcategory = async (tx: Queryable, name: string, slug: string, categoryId: string) =>
  (await tx.one<{ id: string }>(
    `INSERT INTO subcategories (name, slug, category_id, aliases) VALUES ($1, $2, $3, '{}') RETURNING id`,
    [name, slug, categoryId],
  ))!;

/** The columns a sheet writes, with their types (the statements below bind each value as its column's type). */
const WRITE_COLUMNS = {
  sku: 'text',
  title: 'text',
  slug: 'text',
  description: 'text',
  search_vector: 'tsvector',
  quantity: 'int',
  price: 'int',
  price_after_discount: 'int',
  available_colors: 'text[]',
  image_cover: 'text',
  images: 'text[]',
  category_id: 'uuid',
  subcategory_ids: 'text[]',
  brand_id: 'uuid',
} as const satisfies Record<keyof ProductValues, string>;
type WriteColumn = keyof typeof WRITE_COLUMNS;
const COLUMN_LIST = Object.keys(WRITE_COLUMNS) as WriteColumn[];
/** A new product's values for the columns its sheet had not. */
const DEFAULTS: Partial<Record<WriteColumn, unknown>> = {
  sku: null,
  price_after_discount: null,
  available_colors: [],
  images: [],
  subcategory_ids: [],
  brand_id: null,
};
/** Rows written per statement: the table's statement triggers (counts, search words) run once for each. */
const WRITE_BATCH = 500;

/** A stored product's values of the columns a sheet writes (an update writes the whole row). */
export const storedValues = (stored: StoredProductRow): ProductValues =>
  Object.fromEntries(COLUMN_LIST.map((c) => [c, stored[c]])) as ProductValues;

/** Inserts the new products and writes the changed ones, a few hundred rows per statement. */
export async function writeProducts(
  tx: Queryable,
  inserts: ProductValues[],
  updates: (ProductValues & { id: string })[],
) {
  const tuples = (rows: object[], columns: [string, string][], params: unknown[]) =>
    rows
      .map(
        (row) =>
          `(${columns
            .map(([column, type]) => {
              const value = (row as Record<string, unknown>)[column];
              params.push(value === undefined ? (DEFAULTS[column as WriteColumn] ?? null) : value);
              return `$${params.length}::${type}`;
            })
            .join(', ')})`,
      )
      .join(', ');
  const typed = Object.entries(WRITE_COLUMNS);
  for (let i = 0; i < inserts.length; i += WRITE_BATCH) {
    const params: unknown[] = [];
    const values = tuples(inserts.slice(i, i + WRITE_BATCH), typed, params);
    await tx.query(`INSERT INTO products (${COLUMN_LIST.join(', ')}) VALUES ${values}`, params);
  }
  const withId: [string, string][] = [['id', 'uuid'], ...typed];
  for (let i = 0; i < updates.length; i += WRITE_BATCH) {
    const params: unknown[] = [];
    const values = tuples(updates.slice(i, i + WRITE_BATCH), withId, params);
    await tx.query(
      `UPDATE products p SET ${COLUMN_LIST.map((c) => `${c} = v.${c}`).join(', ')}, updated_at = now()
       FROM (VALUES ${values}) AS v (id, ${COLUMN_LIST.join(', ')}) WHERE p.id = v.id`,
      params,
    );
  }
}
