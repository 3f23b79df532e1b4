import { Type, type Static } from 'typebox';
import { Cart } from '../../../common/contract/cart';
import { field, fields } from '../../lib/fields';
import { Nullable } from '../../lib/schemas';
import { text } from '../../lib/validate';

// ————— Requests (API.md §5.11) —————

/** POST /cart: one of a product, in one of its colours or none. */
export const CartAddition = fields({
  productId: field.uuid('The product').required('productId is required').id(),
  // Ours: the variant of a product with options (README, API notes "Variants"); a product whose only option is its
  // colour may be given its colour instead.
  variant: field.uuid("One of the product's variants (ours)").optional().id(),
  // No rule of its own: the product is looked up first (404), then a colour it does not have answers API.md's
  // colour 400. Text is matched ignoring case; anything else (an object, an array) is null and matches no colour.
  color: field
    .custom(
      Nullable(Type.String({ description: 'One of the product\'s colours (text); "", null or none for no colour' })),
      (v) => text(v) ?? null,
    )
    .optional(),
});

/** PUT/PATCH /cart/applyCoupon: any value is read as text; what is not a running coupon's name is refused. */
export const CouponByName = fields({
  couponName: field.text('Coupon name, any case').optional(),
});

/** PUT/PATCH /cart/:itemId. */
export const LineCount = fields({
  count: field
    .integer({ description: 'At least 1', minimum: 1 })
    .integer((n) => n >= 1, 'count must be an integer of at least 1'),
});

export type CartJson = Static<typeof Cart>;
