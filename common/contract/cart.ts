// The cart's answers (API.md §5.11).
import { Type } from 'typebox';
import { DateTime } from './answers';
import { ProductRef, VariantRef } from './catalogue';

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
  variant: Type.Optional(
    Type.Object(
      {
        ...VariantRef.properties,
        quantity: Type.Integer({ description: 'Stock left of this variant' }),
        available: Type.Boolean({ description: 'False once the owner removed the variant: refused at checkout' }),
      },
      { description: 'Ours: the variant of a product with options (absent for a product without options)' },
    ),
  ),
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
