import type { Queryable } from '../../../db';
import { productCounts, type ProductGrouping } from './repository';

/**
 * `withCounts=1` (ours, additive): list answers of categories, subcategories and brands then carry each object's
 * `productCount`, from one grouped query over the page's ids (the admin's catalogue screens ask for it; the
 * storefront does not, so its lists cost nothing more). The list query declares it (categories' CountedListQuery).
 */
/** Adds `productCount` (0 when none) to each answer object of a list page. */
export async function withProductCounts<T extends { _id?: unknown }>(
  db: Queryable,
  of: ProductGrouping,
  objects: T[],
): Promise<(T & { productCount: number })[]> {
  const counts = await productCounts(
    db,
    of,
    objects.map((o) => String(o._id)),
  );
  return objects.map((o) => ({ ...o, productCount: counts.get(String(o._id)) ?? 0 }));
}
