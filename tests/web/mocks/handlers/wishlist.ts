import { http, HttpResponse } from 'msw';
import { products } from '../fixtures';

const notLoggedIn = () =>
  HttpResponse.json({ status: 'fail', message: 'You are not logged in. Please login to get access' }, { status: 401 });

// API.md §5.8: the customer's list starts with the first fixture product.
export const defaultHandlers = [
  http.get('*/api/v1/wishlist', ({ request }) =>
    request.headers.get('Authorization')
      ? HttpResponse.json({ status: 'success', results: 1, data: [products[0]] })
      : notLoggedIn(),
  ),
  http.post('*/api/v1/wishlist', async ({ request }) => {
    if (!request.headers.get('Authorization')) return notLoggedIn();
    const { productId } = (await request.json()) as { productId: string };
    return HttpResponse.json({
      status: 'success',
      message: 'Product added successfully to your wishlist',
      data: [products[0]._id, productId],
    });
  }),
  http.delete('*/api/v1/wishlist/:productId', ({ request }) =>
    request.headers.get('Authorization')
      ? HttpResponse.json({ status: 'success', message: 'Product removed successfully to your wishlist', data: [] })
      : notLoggedIn(),
  ),
];
