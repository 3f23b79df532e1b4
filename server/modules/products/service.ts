import type { Db } from '../../db';
import { cartItems, cartsHoldingProduct, lockCarts, settleCart } from '../cart';
import { deleteProductRow } from './repository';

/**
 * Deletes a product (see deleteProductRow) and answers its files, or undefined when there is no such product. The
 * carts that held it keep a running coupon with its total recomputed from the lines left, as after any cart change
 * (API.md §6.3).
 */
export const deleteProduct = (db: Db, id: string) =>
  db.tx(async (tx) => {
    const carts = await cartsHoldingProduct(tx, id);
    const row = await deleteProductRow(tx, id);
    if (!row) return undefined;
    for (const cart of await lockCarts(tx, carts)) await settleCart(tx, cart, await cartItems(tx, cart.id));
    return row;
  });
