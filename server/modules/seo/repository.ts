import type { Queryable } from '../../db';

/** The tables whose rows have pages of their own (sitemaps list them; shared links of categories and brands). */
export type SitemapTable = 'categories' | 'brands' | 'products';

/** What a product's shared link shows: first_image is what its page's gallery shows first (its images, else the cover). */
export interface SharedProductRow {
  title: string;
  description: string;
  image_cover: string;
  first_image: string | null;
}

/** What a category's or brand's shared link shows. */
export interface SharedNamedImageRow {
  name: string;
  image: string | null;
}

/** A row of a sitemap: its id and when it last changed. */
export interface SitemapRow {
  id: string;
  updated_at: Date;
}

/** The cover of the first product of /products as a first visit asks for it (newest first, API.md's default order). */
export const newestProductCover = (db: Queryable) =>
  db.one<{ image_cover: string | null }>('SELECT image_cover FROM products ORDER BY created_at DESC, id DESC LIMIT 1');

export const findSharedProduct = (db: Queryable, id: string) =>
  db.one<SharedProductRow>(
    'SELECT title, description, image_cover, COALESCE(images[1], image_cover) AS first_image FROM products WHERE id = $1',
    [id],
  );

export const findSharedNamedImage = (db: Queryable, table: 'categories' | 'brands', id: string) =>
  db.one<SharedNamedImageRow>(`SELECT name, image FROM ${table} WHERE id = $1`, [id]);

/** How many categories, brands and products there are; the products from the exact counter table (005_product_count.sql), not a full count. */
export const catalogueSizes = async (db: Queryable) =>
  (await db.one<Record<SitemapTable, number>>(
    `SELECT (SELECT count(*) FROM categories)::int AS categories, (SELECT count(*) FROM brands)::int AS brands,
            (SELECT n FROM product_count)::int AS products`,
  ))!;

/**
 * Up to `limit` rows of the table in id order: those after the id `after` (keyset, when a page continues), else
 * those after skipping `skip` rows.
 */
export const sitemapRows = (
  db: Queryable,
  table: SitemapTable,
  from: { after?: string; skip: number },
  limit: number,
) =>
  from.after
    ? db.query<SitemapRow>(`SELECT id, updated_at FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2`, [
        from.after,
        limit,
      ])
    : db.query<SitemapRow>(`SELECT id, updated_at FROM ${table} ORDER BY id OFFSET $1 LIMIT $2`, [from.skip, limit]);
