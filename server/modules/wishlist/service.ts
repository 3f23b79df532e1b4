import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db';
import type { Product } from '../../../common/contract/catalogue';
import { imageBase } from '../../context';
import { notFound } from '../../lib/errors';
import { productExists, productJson } from '../catalogue';
import { addToWishlist, removeFromWishlist, wishlistIds, wishlistProducts } from './repository';

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

/** The wishlist as products, oldest first. */
export async function wishlistOf(ctx: AppContext, userId: string) {
  const rows = await wishlistProducts(ctx.db, userId);
  const base = imageBase(ctx);
  // productJson types each gallery URL as possibly missing; stored images always have a name, so none is.
  return rows.map((row) => productJson(row, base)) as Static<typeof Product>[];
}
