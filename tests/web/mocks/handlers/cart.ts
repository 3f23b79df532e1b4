import { http, HttpResponse } from 'msw';
import type { CartResponse } from '../../../../src/api/types';
import { cart } from '../fixtures';

// Cart answers of our server (API.md §5.11). Without a token: 401, as for visitors.
export const COUPON = { name: 'SALE10', discount: 10 };

const notLoggedIn = () =>
  HttpResponse.json(
    { status: 'fail', message: 'You are not login, Please login to get access this route' },
    { status: 401 },
  );

/** The fixture cart with its totals recomputed (`extra` adds a coupon and its total, API.md §6.3). */
export function cartWith(
  products: CartResponse['data']['products'],
  extra: Partial<CartResponse['data']> = {},
): CartResponse {
  return {
    status: 'success',
    numOfCartItems: products.length,
    data: {
      ...cart.data,
      coupon: undefined,
      totalAfterDiscount: undefined,
      products,
      totalCartPrice: products.reduce((sum, line) => sum + line.price * line.count, 0),
      ...extra,
    },
  };
}

export const defaultHandlers = [
  http.get('*/api/v1/cart', ({ request }) =>
    request.headers.get('Authorization') ? HttpResponse.json(cart) : notLoggedIn(),
  ),
  http.put('*/api/v1/cart/applyCoupon', async ({ request }) => {
    const { couponName } = (await request.json()) as { couponName?: string };
    if (couponName?.trim().toUpperCase() !== COUPON.name) {
      return HttpResponse.json({ status: 'fail', message: 'Coupon is invalid or has expired' }, { status: 400 });
    }
    const total = cart.data.totalCartPrice;
    const body = cartWith(cart.data.products, {
      coupon: COUPON.name,
      totalAfterDiscount: Math.round(total * (100 - COUPON.discount)) / 100,
    });
    return HttpResponse.json({ ...body, coupon: COUPON.name });
  }),
  http.put('*/api/v1/cart/:itemId', async ({ params, request }) => {
    const { count } = (await request.json()) as { count?: unknown };
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1) {
      return HttpResponse.json(
        { errors: [{ msg: 'count must be an integer of at least 1', path: 'count', location: 'body' }] },
        { status: 400 },
      );
    }
    const line = cart.data.products.find((l) => l._id === params.itemId);
    if (!line)
      return HttpResponse.json(
        { status: 'fail', message: `No Product Cart item found for this id: ${String(params.itemId)}` },
        { status: 404 },
      );
    return HttpResponse.json(cartWith(cart.data.products.map((l) => (l._id === line._id ? { ...l, count: n } : l))));
  }),
  http.delete('*/api/v1/cart/:itemId', ({ params }) =>
    HttpResponse.json(cartWith(cart.data.products.filter((l) => l._id !== params.itemId))),
  ),
  http.delete('*/api/v1/cart', () => new HttpResponse(null, { status: 204 })),
];
