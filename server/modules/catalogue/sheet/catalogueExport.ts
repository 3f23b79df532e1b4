import type { PageQuery, Queryable } from '../../../db';
import { CSV_BOM, csvLine } from '../../../lib/csv';
import { toEgp } from '../../../lib/money';
import { CATALOGUE_COLUMNS, LIST_SEPARATOR } from './catalogueColumns';
import { productWindow, type ProductRow } from '../products/repository';
import { catalogueNames, type CatalogueNames } from './repository';

/** Products read from the database at a time: the file is written page by page, never all rows at once. */
export const EXPORT_PAGE = 500;

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
 * Writes the sheet of the products `q` picks, in its order, with `write` (which waits while the reader is behind), a
 * page at a time in the caller's transaction, until the last page or until `stopped()` (the reader went away).
 */
export async function writeCatalogueSheet(
  tx: Queryable,
  q: PageQuery,
  write: (text: string) => Promise<void>,
  stopped: () => boolean,
) {
  const names = await catalogueNames(tx);
  await write(CSV_BOM + csvLine([...CATALOGUE_COLUMNS]));
  for (let offset = 0; !stopped(); offset += EXPORT_PAGE) {
    const rows = await productWindow(tx, q, EXPORT_PAGE, offset);
    if (rows.length) await write(rows.map((row) => csvLine(catalogueLine(row, names))).join(''));
    if (rows.length < EXPORT_PAGE) break;
  }
}
