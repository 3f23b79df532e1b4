import { Type } from 'typebox';
import { DateTime, Maybe, ProductRef, Text, UserRef } from '../../lib/schemas';

/** A shipping address as an order keeps it (API.md §1; `alias` is ours, when the web app sends it). */
export const ShippingAddress = Type.Object({
  alias: Type.Optional(Type.String()),
  details: Type.String(),
  phone: Type.String(),
  city: Type.String({ description: 'May be ""' }),
  postalCode: Type.String({ description: 'May be ""' }),
});

/** The shipping address a customer sends (its rules read text from any scalar; null counts as not sent). */
export const ShippingAddressInput = Type.Object({
  details: Text('Street and area, at most 500 characters'),
  phone: Text('Egyptian mobile'),
  city: Maybe(Text('At most 50 characters')),
  postalCode: Maybe(Text('At most 20 characters')),
  alias: Maybe(Text("The saved address's nickname, at most 50 characters")),
});

export const OrderItem = Type.Object({
  _id: Type.String(),
  count: Type.Integer(),
  color: Type.String(),
  price: Type.Number({ description: 'Unit price charged' }),
  product: ProductRef,
});

const Step = Type.Union([
  Type.Literal('placed'),
  Type.Literal('paid'),
  Type.Literal('delivered'),
  Type.Literal('cancelled'),
  Type.Literal('refunded'),
]);

/** API.md §1 Order (orders/serialize.ts `orderJson`), with our additions: cancellation, refund, the timeline, `oversold`. */
export const Order = Type.Object({
  _id: Type.String(),
  id: Type.Integer({ description: 'Order number' }),
  paymentMethodType: Type.Union([Type.Literal('cash'), Type.Literal('card')]),
  isPaid: Type.Boolean(),
  paidAt: Type.Optional(DateTime()),
  isDelivered: Type.Boolean(),
  deliveredAt: Type.Optional(DateTime()),
  isCancelled: Type.Boolean(),
  cancelledAt: Type.Optional(DateTime()),
  isRefunded: Type.Boolean({
    description: 'Ours: staff gave the whole payment back (the order is then cancelled too)',
  }),
  refundedAt: Type.Optional(DateTime()),
  statusHistory: Type.Array(Type.Object({ status: Step, at: DateTime() }), {
    description: 'Steps reached, oldest first',
  }),
  user: UserRef,
  cartItems: Type.Array(OrderItem),
  shippingAddress: Type.Optional(ShippingAddress),
  taxPrice: Type.Number(),
  shippingPrice: Type.Number(),
  totalOrderPrice: Type.Number(),
  coupon: Type.Optional(Type.String()),
  oversold: Type.Optional(Type.Boolean({ description: 'A paid card order whose stock ran out meanwhile' })),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});

export const PaymentSession = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'Where the customer pays' }),
  expiresAt: DateTime(),
});
