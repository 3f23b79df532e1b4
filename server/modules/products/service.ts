import type { Db } from '../../db';
import { cartsChanged, cartsHoldingProduct } from '../cart/repository';
import { deleteProductRow } from './repository';

/**
 * Deletes a product (see deleteProductRow) and answers its files, or undefined when there is no such product. The
 * carts that held it lose their applied coupon, as after any cart change (API.md §6.3); their totals are summed from
 * the lines left.
 */
export const deleteProduct = (db: Db, id: string) =>
  db.tx(async (tx) => {
    const carts = await cartsHoldingProduct(tx, id);
    const row = await deleteProductRow(tx, id);
    if (!row) return undefined;
    await cartsChanged(tx, carts);
    return row;
  });
