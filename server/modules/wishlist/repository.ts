import type { Queryable } from '../../db';
import { PRODUCT_COLUMNS, type ProductRow } from '../catalogue';

/** The user's wishlist as product ids, oldest first (API.md §5.8). */
export const wishlistIds = async (db: Queryable, userId: string): Promise<string[]> =>
  (
    await db.query<{ product_id: string }>('SELECT product_id FROM wishlist_items WHERE user_id = $1 ORDER BY added', [
      userId,
    ])
  ).map((r) => r.product_id);

/** The user's wishlist as products, oldest first. */
export const wishlistProducts = (db: Queryable, userId: string) =>
  db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM wishlist_items w JOIN products p ON p.id = w.product_id WHERE w.user_id = $1 ORDER BY w.added`,
    [userId],
  );

/** Adds a product to the wishlist; adding it again changes nothing. */
export async function addToWishlist(db: Queryable, userId: string, productId: string) {
  await db.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    userId,
    productId,
  ]);
}

export async function removeFromWishlist(db: Queryable, userId: string, productId: string) {
  await db.query('DELETE FROM wishlist_items WHERE user_id = $1 AND product_id = $2', [userId, productId]);
}
