// The shop's own answers: what the web app must know about the shop, its settings, coupons and delivery (ours).
import { Type } from 'typebox';
import { DateTime, Timestamps } from './answers';

/** An online payment method (ours): a card everywhere; with Paymob also a mobile wallet, a kiosk or valU. */
export const PaymentMethod = Type.Union([
  Type.Literal('card'),
  Type.Literal('wallet'),
  Type.Literal('kiosk'),
  Type.Literal('valu'),
]);

/**
 * GET /shop (ours, public): what the web app must know about this shop. `demo`: card payments go to the built-in
 * test page, so no payment is real and the storefront says so; `cardPayment`: card checkout is offered at all.
 */
export const Shop = Type.Object({
  paymentProvider: Type.Union([Type.Literal('paymob'), Type.Literal('stripe'), Type.Literal('test'), Type.Null()], {
    description: 'Ours: who takes online payments (Paymob is paid in the same tab); null: cash only',
  }),
  demo: Type.Boolean({ description: 'Card payments go to the built-in test page: no payment is real' }),
  cardPayment: Type.Boolean({ description: 'Card checkout is offered' }),
  paymentMethods: Type.Array(PaymentMethod, {
    description: 'Ours: the online methods offered, in order (Paymob may offer several; none: cash only)',
  }),
  shopName: Type.String({ description: 'Ours: for the invoice' }),
  shopAddress: Type.String({ description: 'Ours: for the invoice' }),
  taxNumber: Type.String({ description: 'Ours: tax registration number, for the invoice' }),
  vatRate: Type.Number({ description: 'Ours: VAT included in prices, percent' }),
  cashOnDelivery: Type.Boolean({ description: 'Ours: cash on delivery is offered at all' }),
});

/** GET and PUT /shop/settings (ours, staff). */
export const ShopSettings = Type.Object({
  shopName: Type.String(),
  shopAddress: Type.String(),
  taxNumber: Type.String(),
  vatRate: Type.Number({ description: 'Percent, included in prices' }),
  defaultShippingFee: Type.Number(),
  cashOnDelivery: Type.Boolean(),
  cashFee: Type.Number(),
  cashMaxTotal: Type.Union([Type.Number(), Type.Null()]),
  staffEmail: Type.String(),
  lowStockLevel: Type.Integer(),
});

/** A coupon as API.md §1 answers it (couponJson in coupons/service.ts). */
export const Coupon = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  expire: DateTime({ description: 'The coupon works until this moment' }),
  discount: Type.Number({ description: 'Percentage, 0 < d ≤ 100' }),
  ...Timestamps,
});

/** One of Egypt's governorates (GET /delivery/governorates). */
export const Governorate = Type.Object({
  code: Type.String({ description: 'ISO 3166-2:EG, e.g. EG-C' }),
  name: Type.String({ description: 'Arabic' }),
  nameEn: Type.String(),
});

/** A shipping zone: governorates with one delivery price. */
export const Zone = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  fee: Type.Number(),
  freeShippingFrom: Type.Union([Type.Number(), Type.Null()]),
  cashOnDelivery: Type.Boolean(),
  cashFee: Type.Union([Type.Number(), Type.Null()], { description: "null: the shop's own cash fee" }),
  governorates: Type.Array(Type.String()),
});

/** GET /delivery/quote: what the caller's cart costs delivered to a governorate. Prices include VAT. */
export const Quote = Type.Object({
  itemsPrice: Type.Number({ description: "The cart's items after its coupon" }),
  discount: Type.Number(),
  shippingPrice: Type.Number(),
  freeShippingFrom: Type.Union([Type.Number(), Type.Null()]),
  cashOnDelivery: Type.Object({
    allowed: Type.Boolean(),
    fee: Type.Number(),
    reason: Type.Optional(Type.Union([Type.Literal('zone'), Type.Literal('shop'), Type.Literal('maxTotal')])),
    maxTotal: Type.Optional(Type.Number({ description: 'The largest total paid in cash, with reason maxTotal' })),
  }),
  taxPrice: Type.Number({ description: 'VAT included in totalOnline' }),
  totalOnline: Type.Number(),
  totalCash: Type.Number(),
});

/** GET /inventory/held (staff): units of each product held by cash orders not yet paid, delivered or cancelled. */
export const HeldList = Type.Object({
  data: Type.Array(
    Type.Object({
      product: Type.String({ description: 'The product id' }),
      heldByUnpaidCash: Type.Integer({
        description: 'Units held by cash orders that are neither paid, delivered nor cancelled',
      }),
    }),
  ),
});
