import { ValidationError, fieldError } from '../../lib/errors';
import { Type } from '../../lib/schemas';

/** At most this many products per question (the admin list shows 10 a page). */
const MAX_PRODUCTS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const HeldQuery = Type.Object({
  products: Type.Optional(
    Type.String({ description: `Product ids, comma-separated (at most ${MAX_PRODUCTS}); none: every product` }),
  ),
});

/** The distinct product ids of `products` (undefined: every product); too many, or one that is no id, is a 400. */
export function heldProductIds(products: string | undefined): string[] | undefined {
  if (products === undefined) return undefined;
  const ids = [...new Set(products.split(',').map((id) => id.trim()))].filter(Boolean);
  if (ids.length > MAX_PRODUCTS || ids.some((id) => !UUID.test(id)))
    throw new ValidationError([
      fieldError(
        'query',
        'products',
        ids.length > MAX_PRODUCTS ? `At most ${MAX_PRODUCTS} products` : 'Invalid ID formate',
        products,
      ),
    ]);
  return ids;
}
