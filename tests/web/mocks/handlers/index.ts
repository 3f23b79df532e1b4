import { addressesHandlers } from './addresses';
import { authHandlers } from './auth';
import { cartHandlers } from './cart';
import { catalogHandlers } from './catalog';
import { deliveryHandlers } from './delivery';
import { ordersHandlers } from './orders';
import { profileHandlers } from './profile';
import { reviewsHandlers } from './reviews';
import { wishlistHandlers } from './wishlist';

// Default answers for every test; a test overrides one with server.use(...).
export const handlers = [
  ...authHandlers,
  ...cartHandlers,
  ...catalogHandlers,
  ...ordersHandlers,
  ...addressesHandlers,
  ...profileHandlers,
  ...wishlistHandlers,
  ...reviewsHandlers,
  ...deliveryHandlers,
];
