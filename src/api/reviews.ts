import { apiClient } from './client';
import type { Id, ListResponse, Review } from './types';

/** A review as the form sends it: the text and the rating of the answer. */
export type ReviewBody = Pick<Review, 'review' | 'rating'>;

/** Page size of a product's review list (API.md §5.7). */
export const REVIEWS_PAGE_SIZE = 5;

export async function listProductReviews(productId: Id, page = 1): Promise<ListResponse<Review>> {
  const { data } = await apiClient.get<ListResponse<Review>>(`/products/${encodeURIComponent(productId)}/reviews`, {
    params: { page, limit: REVIEWS_PAGE_SIZE },
  });
  return data;
}

export async function createReview(productId: Id, body: ReviewBody): Promise<Review> {
  const { data } = await apiClient.post<{ data: Review }>(`/products/${encodeURIComponent(productId)}/reviews`, body);
  return data.data;
}

export async function updateReview(reviewId: Id, body: ReviewBody): Promise<Review> {
  const { data } = await apiClient.put<{ data: Review }>(`/reviews/${encodeURIComponent(reviewId)}`, body);
  return data.data;
}

export async function deleteReview(reviewId: Id): Promise<void> {
  await apiClient.delete(`/reviews/${encodeURIComponent(reviewId)}`);
}
