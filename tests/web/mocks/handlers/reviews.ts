import { http, HttpResponse } from 'msw';
import type { Review } from '../../../../src/api/types';
import { customer, listOf, ts } from '../fixtures';

export const reviews: Review[] = [
  {
    _id: 'rev-1',
    review: 'منتج ممتاز وسعره مناسب',
    rating: 4.5,
    user: { _id: customer._id, name: customer.name },
    product: 'prod-1',
    ...ts,
  },
  {
    _id: 'rev-2',
    review: 'جيد لكن الشحن تأخر',
    rating: 3,
    user: { _id: 'u-other', name: 'منى حسن' },
    product: 'prod-1',
    ...ts,
  },
];

// API.md §5.7: public list (5 a page), create (201; 403 for admins), author-only update, delete 204.
export const defaultHandlers = [
  http.get('*/api/v1/products/:id/reviews', ({ params, request }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit')) || 5;
    const page = Number(url.searchParams.get('page')) || 1;
    return HttpResponse.json(
      listOf(
        reviews.filter((r) => r.product === params.id),
        limit,
        page,
      ),
    );
  }),
  http.post('*/api/v1/products/:id/reviews', async ({ params, request }) => {
    if (request.headers.get('Authorization') === null) {
      return HttpResponse.json(
        { status: 'fail', message: 'You are not logged in. Please login to get access' },
        { status: 401 },
      );
    }
    const body = (await request.json()) as { review: string; rating: number };
    return HttpResponse.json(
      {
        data: { _id: 'rev-new', ...body, user: { _id: customer._id, name: customer.name }, product: String(params.id) },
      },
      { status: 201 },
    );
  }),
  http.put('*/api/v1/reviews/:id', async ({ params, request }) => {
    const body = (await request.json()) as { review: string; rating: number };
    return HttpResponse.json({ data: { ...reviews[0], ...body, _id: String(params.id) } });
  }),
  http.delete('*/api/v1/reviews/:id', () => new HttpResponse(null, { status: 204 })),
];
