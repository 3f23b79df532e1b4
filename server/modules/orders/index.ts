// The orders module's public face: checkout (checkCart, placeOrder) and refunds for the payment providers, orders for mails.
export {
  checkCart,
  findOrderJson,
  lockOrderForRefund,
  placeOrder,
  refundOrderInTx,
  pricesChanged,
  recordRefund,
  type PricedLine,
} from './service';
export { findOrderOfPaymentSession, forgetPaymentSessionsOf } from './repository';
export type { ShippingAddress } from '../addresses';
