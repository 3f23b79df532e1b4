import { Type } from 'typebox';
import { field, fields } from '../../lib/fields';

/** POST /wishlist (API.md §5.8). */
export const WishlistAddition = fields({
  productId: field.uuid('The product to keep').required('productId is required').id(),
});

/** The wishlist after a change: product ids, oldest first. */
export const WishlistIds = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Array(Type.String({ description: 'Product id' })),
});
