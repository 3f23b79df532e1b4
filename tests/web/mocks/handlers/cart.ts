import { http, HttpResponse } from 'msw';
import { cart } from '../fixtures';

export const cartHandlers = [
  http.get('*/api/v1/cart', ({ request }) =>
    request.headers.get('Authorization')
      ? HttpResponse.json(cart)
      : HttpResponse.json({ status: 'fail', message: 'You are not login, Please login to get access this route' }, { status: 401 }),
  ),
];
