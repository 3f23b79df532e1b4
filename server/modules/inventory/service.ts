import type { Db } from '../../db';
import { heldByUnpaidCash } from './repository';

/** The units unpaid, undelivered cash orders hold of the products (every product held, without ids). */
export async function heldStock(db: Db, productIds: string[] | undefined) {
  const rows = await heldByUnpaidCash(db, productIds);
  return rows.map((r) => ({ product: r.product_id, heldByUnpaidCash: r.held }));
}
