import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import type { Db, Queryable } from '../../../db';
import { CSV_BOM, csvLine } from '../../../lib/csv';
import { toEgp } from '../../../lib/money';
import { CATALOGUE_COLUMNS, LIST_SEPARATOR } from './catalogueColumns';
import { PRODUCT_COLUMNS, type ProductRow } from '../products/repository';
import { listProductPage } from '../products/search';

/** Products read from the database at a time: the file is written page by page, never all rows at once. */
export const EXPORT_PAGE = 500;

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

/** One product as a line of the sheet, in CATALOGUE_COLUMNS order. */
export function catalogueLine(row: ProductRow, names: CatalogueNames) {
  return [
    row.sku ?? '',
    row.id,
    row.title,
    row.description,
    toEgp(row.price),
    row.price_after_discount == null ? '' : toEgp(row.price_after_discount),
    row.quantity,
    names.categories.get(row.category_id) ?? '',
    row.subcategory_ids
      .map((id) => names.subcategories.get(id))
      .filter(Boolean)
      .join(LIST_SEPARATOR),
    row.brand_id ? (names.brands.get(row.brand_id) ?? '') : '',
    row.available_colors.join(LIST_SEPARATOR),
    [row.image_cover, ...row.images].filter(Boolean).join(LIST_SEPARATOR),
    row.sold,
    Number(row.ratings_average),
  ];
}

/**
 * The catalogue as CSV (UTF-8 with BOM, lib/csv.ts), all of it or what the admin list's filters pick (the query of
 * GET /products, in its order), streamed a page at a time from one read-only snapshot, so an edit made meanwhile
 * neither repeats nor drops a line. The query is checked before the stream starts (a bad filter is API.md's 400).
 */
export async function catalogueCsv(db: Db, query: Record<string, unknown>): Promise<Readable> {
  const { q } = await listProductPage(db, { ...query, page: 1, limit: 1 });
  const out = new PassThrough();
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  void db
    .tx(
      async (tx) => {
        const names = await catalogueNames(tx);
        await write(CSV_BOM + csvLine([...CATALOGUE_COLUMNS]));
        const window = `LIMIT $${q.params.length + 1} OFFSET $${q.params.length + 2}`;
        for (let offset = 0; !out.destroyed; offset += EXPORT_PAGE) {
          const rows = await tx.query<ProductRow>(
            `SELECT ${PRODUCT_COLUMNS} FROM products p ${q.where} ${q.orderBy} ${window}`,
            [...q.params, EXPORT_PAGE, offset],
          );
          if (rows.length) await write(rows.map((row) => csvLine(catalogueLine(row, names))).join(''));
          if (rows.length < EXPORT_PAGE) break;
        }
      },
      { snapshot: true },
    )
    .then(
      () => out.end(),
      (err: Error) => out.destroy(err),
    );
  return out;
}
