// The orders module's public face: checkout (checkCart, placeOrder) for the payment providers, orders for mails.
export {
  checkCart,
  findOrderJson,
  placeOrder,
  pricesChanged,
  readShippingAddress,
  type PricedLine,
  type ShippingAddress,
} from './service';
export { findOrderOfPaymentSession, forgetPaymentSessionsOf } from './repository';
