import type { Order } from '../api/types';

// Which of the owner's steps an order still waits for (our server's fields; the original backend has neither step).

/** A cash order staff have not yet confirmed with its customer, and that is still on its way. */
export const awaitsConfirmation = (order: Order) =>
  order.paymentMethodType === 'cash' && order.isConfirmed === false && !order.isCancelled && !order.isDelivered;

/** Staff can still hand it to a courier. */
export const canShip = (order: Order) => order.isShipped === false && !order.isCancelled && !order.isDelivered;
