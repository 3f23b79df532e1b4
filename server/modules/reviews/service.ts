import type { Db, Queryable } from '../../db';
import { onUniqueViolation } from '../../db/errors';
import { ValidationError, fieldError, forbidden, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { lockProduct as lockProductRow } from '../catalogue';
import {
  REVIEW_LIST,
  deleteReview,
  findReview,
  findReviewById,
  insertReview,
  listReviews,
  newestReviewsOf,
  recomputeRatings,
  updateReview,
  type ReviewRow,
} from './repository';
import { ALREADY_REVIEWED } from './schemas';
import { reviewJson } from './serialize';

/** The list's filters and sorts (API.md §2): its route declares them, and robustness tests fuzz them. */
export { REVIEW_LIST } from './repository';

/**
 * Reviews (API.md §5.7, §6.1). Every write runs in one transaction: the product's row lock (so concurrent changes
 * recompute its ratings one after another), the write, then the ratings.
 */

/** Where a review is asked for: its id, and the product of the path when nested under /products/:productId. */
export interface ReviewPath {
  id: string;
  productId?: string;
}
interface Caller {
  id: string;
  role: string;
}

async function lockProduct(tx: Queryable, productId: string) {
  if (!(await lockProductRow(tx, productId))) throw notFound(`No document for this id ${productId}`);
}

/** A page of reviews (of the product, when given). */
export async function reviewPage(db: Db, query: Record<string, unknown>, productId?: string) {
  const q = productId
    ? buildListQuery(query, REVIEW_LIST, ['r.product_id = $1'], [productId])
    : buildListQuery(query, REVIEW_LIST);
  const { rows, total } = await listReviews(db, q);
  return listResponse(rows.map(reviewJson), total, q);
}

/** A product's newest reviews as the API answers them, at most `limit` (the product's page embeds them). */
export const newestReviewsJson = async (db: Queryable, productId: string, limit: number) =>
  (await newestReviewsOf(db, productId, limit)).map(reviewJson);

export async function readReview(db: Db, path: ReviewPath): Promise<ReviewRow> {
  const row = await findReview(db, path.id, path.productId);
  if (!row) throw notFound(`No document for this id ${path.id}`);
  return row;
}

/** Adds the caller's review of the product; a second one (two posts at once) is refused as API.md says. */
export async function createReview(
  db: Db,
  userId: string,
  productId: string,
  input: { review: string; rating: number },
): Promise<ReviewRow> {
  // Two simultaneous posts: the unique (user, product) constraint decides.
  const row = await onUniqueViolation(
    () =>
      db.tx(async (tx) => {
        await lockProduct(tx, productId);
        const id = await insertReview(tx, userId, productId, input);
        await recomputeRatings(tx, productId);
        return findReviewById(tx, id);
      }),
    () => new ValidationError([fieldError('body', 'review', ALREADY_REVIEWED, input.review)]),
  );
  return row!;
}

/** The review the caller may change: it exists (404) and is theirs (403). */
export async function ownReview(db: Db, caller: Caller, path: ReviewPath): Promise<ReviewRow> {
  const row = await findReview(db, path.id, path.productId);
  if (!row) throw notFound(`There is no review for this id ${path.id}`);
  if (row.user_id !== caller.id) throw forbidden();
  return row;
}

/** Changes the fields given of a review found with ownReview. */
export async function changeReview(
  db: Db,
  row: ReviewRow,
  changes: { review?: string; rating?: number },
): Promise<ReviewRow> {
  const updated = await db.tx(async (tx) => {
    await lockProduct(tx, row.product_id);
    await updateReview(tx, row.id, { review: changes.review, rating: changes.rating });
    await recomputeRatings(tx, row.product_id);
    return findReviewById(tx, row.id);
  });
  if (!updated) throw notFound(`There is no review for this id ${row.id}`);
  return updated;
}

/** Deletes a review: its author, or staff. */
export async function removeReview(db: Db, caller: Caller, path: ReviewPath): Promise<void> {
  const row = await findReview(db, path.id, path.productId);
  if (!row) throw notFound(`No document found for this id: ${path.id}`);
  if (caller.role === 'user' && row.user_id !== caller.id) throw forbidden();
  await db.tx(async (tx) => {
    await lockProduct(tx, row.product_id);
    await deleteReview(tx, row.id);
    await recomputeRatings(tx, row.product_id);
  });
}
