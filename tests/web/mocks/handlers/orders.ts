import { http, HttpResponse } from 'msw';
import type { Order } from '../../../../src/api/types';
import { customer, listOf, orderUser, productRef, products, ts } from '../fixtures';

// The customer's orders and checkout answers of our server (API.md §5.12).
/** What GET /shop says for the invoice. */
export const invoiceShop = {
  shopName: 'متجر النيل للإلكترونيات',
  shopAddress: '15 شارع طلعت حرب، وسط البلد، القاهرة',
  taxNumber: '512-345-678',
  vatRate: 14,
  cashOnDelivery: true,
};

export const PAYMENT_URL = 'http://127.0.0.1:8000/payments/test/ps-1';

const orderNotFound = (id: unknown) =>
  HttpResponse.json({ status: 'fail', message: `No document for this id ${String(id)}` }, { status: 404 });

export function makeOrder(n: number, overrides: Partial<Order> = {}): Order {
  return {
    _id: `my-order-${n}`,
    id: n,
    user: orderUser(customer),
    cartItems: [
      {
        _id: `my-oi-${n}`,
        count: 2,
        color: '#000000',
        price: 11999,
        product: productRef(products[0], { category: { _id: 'cat-1', name: 'الكترونيات' } }),
      },
    ],
    shippingAddress: {
      alias: 'المنزل',
      details: 'مدينة نصر، شارع عباس العقاد 12',
      phone: '01012345678',
      city: 'القاهرة',
      postalCode: '11765',
    },
    taxPrice: 0,
    shippingPrice: 0,
    totalOrderPrice: 23998,
    paymentMethodType: 'cash',
    isPaid: false,
    isDelivered: false,
    ...ts,
    ...overrides,
  };
}

export const myOrders: Order[] = [
  makeOrder(17),
  makeOrder(16, {
    paymentMethodType: 'card',
    isPaid: true,
    paidAt: ts.createdAt,
    isDelivered: true,
    deliveredAt: ts.createdAt,
  }),
];

export const defaultHandlers = [
  // GET /shop (ours): by default a real shop that takes cards, registered for VAT at 14 %.
  http.get('*/api/v1/shop', () => HttpResponse.json({ data: { demo: false, cardPayment: true, ...invoiceShop } })),
  http.get('*/api/v1/orders', ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json(
      listOf(myOrders, Number(url.searchParams.get('limit')) || 50, Number(url.searchParams.get('page')) || 1),
    );
  }),
  http.post('*/api/v1/orders/checkout-session/:cartId', () =>
    HttpResponse.json({
      status: 'success',
      session: { id: 'ps-1', url: PAYMENT_URL, expiresAt: '2030-01-01T00:00:00.000Z' },
    }),
  ),
  http.post('*/api/v1/orders/:cartId', () =>
    HttpResponse.json({ status: 'success', data: makeOrder(18) }, { status: 201 }),
  ),
  // One order: the customer's own only; anyone else's, like an unknown id, does not exist (API.md §5.12).
  http.get('*/api/v1/orders/:id', ({ params }) => {
    const order = myOrders.find((o) => o._id === params.id);
    return order ? HttpResponse.json({ data: order }) : orderNotFound(params.id);
  }),
  http.put('*/api/v1/orders/:id/cancel', ({ params }) => {
    const order = myOrders.find((o) => o._id === params.id);
    if (!order) return orderNotFound(params.id);
    if (order.isPaid || order.isDelivered || order.isCancelled) {
      return HttpResponse.json({ status: 'fail', message: 'This order can no longer be cancelled' }, { status: 409 });
    }
    const cancelledAt = '2024-03-28T12:00:00.000Z';
    return HttpResponse.json({
      status: 'success',
      data: {
        ...order,
        isCancelled: true,
        cancelledAt,
        statusHistory: [
          { status: 'placed', at: order.createdAt },
          { status: 'cancelled', at: cancelledAt },
        ],
      },
    });
  }),
];
