import type { Queryable } from '../db';

/**
 * `withCounts=1` (ours, additive): list answers of categories, subcategories and brands then carry each object's
 * `productCount`, from one grouped query over the page's ids (the admin's catalogue screens ask for it; the
 * storefront does not, so its lists cost nothing more).
 */
export const wantsProductCounts = (query: unknown) => {
  const value = (query as Record<string, unknown> | undefined)?.withCounts;
  return value === '1' || value === 'true';
};

const COUNT_SQL = {
  categories: 'SELECT category_id::text AS id, count(*)::int AS n FROM products WHERE category_id = ANY($1::uuid[]) GROUP BY category_id',
  brands: 'SELECT brand_id::text AS id, count(*)::int AS n FROM products WHERE brand_id = ANY($1::uuid[]) GROUP BY brand_id',
  // Subcategory ids live in an array column with a GIN index: `&&` finds the products, unnest counts per id.
  subcategories: `SELECT s AS id, count(*)::int AS n FROM products, unnest(subcategory_ids) AS s
    WHERE subcategory_ids && $1::text[] AND s = ANY($1::text[]) GROUP BY s`,
} as const;

/** Adds `productCount` (0 when none) to each answer object of a list page. */
export async function withProductCounts<T extends { _id?: unknown }>(db: Queryable, of: keyof typeof COUNT_SQL, objects: T[]): Promise<(T & { productCount: number })[]> {
  const ids = objects.map((o) => String(o._id));
  const rows = ids.length ? await db.query<{ id: string; n: number }>(COUNT_SQL[of], [ids]) : [];
  const counts = new Map(rows.map((r) => [r.id, r.n]));
  return objects.map((o) => ({ ...o, productCount: counts.get(String(o._id)) ?? 0 }));
}
