import { Type } from 'typebox';
import { field, fields, isPlainObject } from '../../lib/fields';
import { DateTime, ProductRef, UserRef } from '../../lib/schemas';
import { text } from '../../lib/validate';
import { PAYMENT_METHODS } from '../../payments/provider';
import { ShippingAddressInput } from '../addresses';

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

const shippingAddress = field
  .object(ShippingAddressInput, 'Where the order goes (API.md §5.12)')
  .required('shippingAddress is required')
  .check(isPlainObject, 'shippingAddress is required');

/** POST /orders/:cartId (cash on delivery). */
export const CashOrderInput = fields({ shippingAddress });

/** Card checkout: the address (the original web app sends none), and ours: the method chosen and a wallet's number. */
export const CheckoutInput = fields({
  shippingAddress: shippingAddress.optional(),
  paymentMethod: field
    .oneOf(PAYMENT_METHODS, 'Ours: card (default), wallet, kiosk or valu; one the shop offers (GET /shop)')
    .optional()
    .check((v) => (PAYMENT_METHODS as readonly unknown[]).includes(text(v)), 'Invalid paymentMethod'),
  walletPhone: field
    .text('Ours: the mobile wallet number, required for paymentMethod wallet')
    .optional({ emptyIsAbsent: true })
    .egyptianPhone(),
});

const trackingText = (name: string, max: number) =>
  field
    .text(`At most ${max} characters`)
    .optional({ emptyIsAbsent: true })
    .string(`Invalid ${name}`)
    .maxLength(max, `Too long ${name}`);

/** PUT /orders/:id/ship: who carries it, and where the customer can follow it. */
export const ShipmentInput = fields({
  courier: field
    .text("The courier's name, 1–100 characters")
    .required('courier is required')
    .string('courier is required')
    .minLength(1, 'courier is required')
    .maxLength(100, 'Too long courier'),
  trackingNumber: trackingText('trackingNumber', 100),
  trackingUrl: trackingText('trackingUrl', 500).check((v) => {
    const url = text(v) ?? '';
    return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
  }, 'trackingUrl must be an http(s) link'),
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
  Type.Literal('confirmed'),
  Type.Literal('paid'),
  Type.Literal('shipped'),
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
  isConfirmed: Type.Boolean({
    description: 'Ours: staff confirmed the order with the customer (a cash order, by phone)',
  }),
  confirmedAt: Type.Optional(DateTime()),
  isShipped: Type.Boolean({ description: 'Ours' }),
  shippedAt: Type.Optional(DateTime()),
  shipment: Type.Optional(
    Type.Object(
      {
        courier: Type.String(),
        trackingNumber: Type.Optional(Type.String()),
        trackingUrl: Type.Optional(Type.String()),
      },
      { description: 'Ours: who carries it, once shipped' },
    ),
  ),
  statusHistory: Type.Array(Type.Object({ status: Step, at: DateTime() }), {
    description: 'Steps reached, oldest first',
  }),
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
