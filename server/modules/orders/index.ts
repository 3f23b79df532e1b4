// The orders module's public face: checkout (checkCart, placeOrder) and refunds for the payment providers, orders for mails.
export {
  checkCart,
  findOrderJson,
  lockOrderForRefund,
  placeOrder,
  refundOrderInTx,
  pricesChanged,
  readShippingAddress,
  type PricedLine,
  type ShippingAddress,
} from './service';
export { findOrderOfPaymentSession, forgetPaymentSessionsOf } from './repository';
