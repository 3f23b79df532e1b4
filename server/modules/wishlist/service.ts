import type { Queryable } from '../../db';
import { notFound } from '../../lib/errors';
import { productExists } from '../catalogue';
import { addToWishlist, removeFromWishlist, wishlistIds } from './repository';

/** Adds a product (once); answers the wishlist's product ids, oldest first. */
export async function keepProduct(db: Queryable, userId: string, productId: string): Promise<string[]> {
  if (!(await productExists(db, productId))) throw notFound(`No document for this id ${productId}`);
  await addToWishlist(db, userId, productId);
  return wishlistIds(db, userId);
}

/** Removes a product (if there); answers the wishlist's product ids, oldest first. */
export async function dropProduct(db: Queryable, userId: string, productId: string): Promise<string[]> {
  await removeFromWishlist(db, userId, productId);
  return wishlistIds(db, userId);
}
