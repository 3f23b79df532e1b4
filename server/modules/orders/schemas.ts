import { field, fields, isPlainObject } from '../../lib/fields';
import { text } from '../../lib/validate';
import { PAYMENT_METHODS } from '../../paymentSettings';
import { ShippingAddressInput } from '../addresses';

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

export { Order, PaymentSession } from '../../../common/contract/orders';
