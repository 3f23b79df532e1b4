// Orders' answers (API.md §1 Order, §5.12).
import { Type } from 'typebox';
import { UserRef } from './accounts';
import { DateTime } from './answers';
import { ProductRef, VariantRef } from './catalogue';

/** A shipping address as an order keeps it (API.md §1; `alias` and the governorate are ours). */
export const ShippingAddress = Type.Object({
  alias: Type.Optional(Type.String()),
  details: Type.String(),
  phone: Type.String(),
  city: Type.String({ description: 'May be ""' }),
  postalCode: Type.String({ description: 'May be ""' }),
  governorate: Type.Optional(Type.String({ description: 'Ours: its governorate code' })),
  governorateName: Type.Optional(Type.String({ description: "Ours: the governorate's Arabic name at order time" })),
});

export const OrderItem = Type.Object({
  _id: Type.String(),
  count: Type.Integer(),
  color: Type.String(),
  price: Type.Number({ description: 'Unit price charged' }),
  product: ProductRef,
  variant: Type.Optional(
    Type.Object(VariantRef.properties, {
      description: 'Ours: the variant sold, as it was named when ordered (absent for a product without options)',
    }),
  ),
});

/** A step of an order's timeline (ours). */
export const OrderStep = Type.Union([
  Type.Literal('placed'),
  Type.Literal('confirmed'),
  Type.Literal('paid'),
  Type.Literal('shipped'),
  Type.Literal('delivered'),
  Type.Literal('cancelled'),
  Type.Literal('refunded'),
]);

/** Ours: who carries a shipped order, and where the customer follows it. */
export const Shipment = Type.Object(
  {
    courier: Type.String(),
    trackingNumber: Type.Optional(Type.String()),
    trackingUrl: Type.Optional(Type.String()),
  },
  { description: 'Ours: who carries it, once shipped' },
);

export const OrderStatusStep = Type.Object({ status: OrderStep, at: DateTime() });

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
  isConfirmed: Type.Boolean({
    description: 'Ours: staff confirmed the order with the customer (a cash order, by phone)',
  }),
  confirmedAt: Type.Optional(DateTime()),
  isShipped: Type.Boolean({ description: 'Ours' }),
  shippedAt: Type.Optional(DateTime()),
  shipment: Type.Optional(Shipment),
  statusHistory: Type.Array(OrderStatusStep, { description: 'Steps reached, oldest first' }),
  user: UserRef,
  cartItems: Type.Array(OrderItem),
  shippingAddress: Type.Optional(ShippingAddress),
  taxPrice: Type.Number({ description: 'The VAT included in totalOrderPrice (never added on top)' }),
  shippingPrice: Type.Number(),
  cashFee: Type.Number({ description: 'Ours: the cash-on-delivery fee, part of totalOrderPrice' }),
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
