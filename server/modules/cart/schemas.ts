import { Type, type Static } from 'typebox';
import { field, fields } from '../../lib/fields';
import { DateTime, Nullable, ProductRef } from '../../lib/schemas';
import { text } from '../../lib/validate';

// ————— Requests (API.md §5.11) —————

/** POST /cart: one of a product, in one of its colours or none. */
export const CartAddition = fields({
  productId: field.uuid('The product').required('productId is required').id(),
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

// ————— Answers —————

/** A cart line's product: a ProductRef with the product's current stock (ours, additive). */
export const CartProduct = Type.Object({
  ...ProductRef.properties,
  quantity: Type.Integer({ description: 'Stock left' }),
});

export const CartItem = Type.Object({
  _id: Type.String({ description: 'Line id, used by /cart/:itemId' }),
  count: Type.Integer(),
  color: Type.String({ description: '"" = no colour' }),
  price: Type.Number({ description: 'Unit price kept in the line' }),
  product: CartProduct,
});

/** API.md §1 Cart; a customer without a cart gets the empty one (no _id, owner or timestamps, API.md §9.3). */
export const Cart = Type.Object({
  _id: Type.Optional(Type.String()),
  cartOwner: Type.Optional(Type.String({ description: 'User id' })),
  products: Type.Array(CartItem),
  totalCartPrice: Type.Number(),
  totalAfterDiscount: Type.Optional(Type.Number({ description: 'Only while a coupon is applied' })),
  coupon: Type.Optional(Type.String({ description: 'Only while a coupon is applied' })),
  couponRemoved: Type.Optional(
    Type.String({ description: 'Ours: the coupon that expired or was deleted and left the cart; said once' }),
  ),
  createdAt: Type.Optional(DateTime()),
  updatedAt: Type.Optional(DateTime()),
});
export type CartJson = Static<typeof Cart>;

/** The "Cart response" of API.md §5.11. */
export const CartResponse = Type.Object({
  status: Type.Literal('success'),
  numOfCartItems: Type.Integer(),
  data: Cart,
});

/** The answer of POST /cart. */
export const CartAdded = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  numOfCartItems: Type.Integer(),
  data: Cart,
});

/** The answer of PUT /cart/applyCoupon. */
export const CartWithCoupon = Type.Object({
  status: Type.Literal('success'),
  numOfCartItems: Type.Integer(),
  coupon: Type.String(),
  data: Cart,
});
