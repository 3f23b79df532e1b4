// The payments module's public face: its pages and callbacks outside the API (server/app.ts), the provider the shop's
// settings name, and what the orders endpoints do with a payment (open a session, refund one).
export { paymentRoutes } from './routes';
export { paymentProvider } from './provider';
export { createPaymentSession, completePaymentSession, refundOrder, returnOrigin } from './service';
