import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../db';
import type { ListSpec } from '../../lib/listQuery';

/** A review with its author's name and picture, as reviewJson reads it. */
export interface ReviewRow {
  id: string;
  review: string;
  /** numeric(2,1): a string from node-postgres, a number from PGlite. */
  rating: string | number;
  product_id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  user_name: string;
  user_profile_img: string | null;
}

export interface ReviewInput {
  review: string | undefined;
  rating: number | undefined;
}

const COLUMNS = `r.id, r.review, r.rating, r.product_id, r.user_id, r.created_at, r.updated_at,
  u.name AS user_name, u.profile_img AS user_profile_img`;
/** Reviews `r` with their author `u` joined. */
const FROM = 'reviews r JOIN users u ON u.id = r.user_id';
const SELECT = `SELECT ${COLUMNS} FROM ${FROM}`;

/** The filters and sorts of review lists (API.md §2). */
export const REVIEW_LIST: ListSpec = {
  fields: {
    rating: { column: 'r.rating', type: 'decimal', precision: 2, scale: 1 },
    user: { column: 'r.user_id', type: 'id' },
    product: { column: 'r.product_id', type: 'id' },
    createdAt: { column: 'r.created_at', type: 'date' },
    updatedAt: { column: 'r.updated_at', type: 'date', sortOnly: true },
  },
};

/** A page of reviews; filters read only `r`, so the count leaves the authors out. */
export const listReviews = (db: Queryable, q: PageQuery): Promise<PagedList<ReviewRow>> =>
  pagedList<ReviewRow>(db, q, { columns: COLUMNS, from: FROM, countFrom: 'reviews r' });

/** The review, when it exists (and belongs to `productId`, when given). */
export const findReview = (db: Queryable, id: string, productId?: string) =>
  db.one<ReviewRow>(`${SELECT} WHERE r.id = $1 AND ($2::uuid IS NULL OR r.product_id = $2)`, [id, productId ?? null]);

export const findReviewById = (db: Queryable, id: string) => db.one<ReviewRow>(`${SELECT} WHERE r.id = $1`, [id]);

/** A product's newest reviews, at most `limit`. */
export const newestReviewsOf = (db: Queryable, productId: string, limit: number) =>
  db.query<ReviewRow>(
    `${SELECT} WHERE r.product_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT ${Number(limit)}`,
    [productId],
  );

export const hasReviewed = async (db: Queryable, userId: string, productId: string) =>
  !!(await db.one('SELECT 1 FROM reviews WHERE user_id = $1 AND product_id = $2', [userId, productId]));

/** The products a user has reviewed (their ratings change when the user's reviews go). */
export const reviewedProductIds = async (db: Queryable, userId: string) =>
  (await db.query<{ product_id: string }>('SELECT product_id FROM reviews WHERE user_id = $1', [userId])).map(
    (r) => r.product_id,
  );

/** Adds a review and returns its id; the unique (user, product) constraint refuses a second one. */
export async function insertReview(
  tx: Queryable,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<string> {
  const inserted = await tx.one<{ id: string }>(
    'INSERT INTO reviews (review, rating, user_id, product_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.review, input.rating, userId, productId],
  );
  return inserted!.id;
}

/** Changes the given fields of a review. */
export async function updateReview(tx: Queryable, id: string, input: ReviewInput): Promise<void> {
  await tx.query(
    'UPDATE reviews SET review = COALESCE($2, review), rating = COALESCE($3, rating), updated_at = now() WHERE id = $1',
    [id, input.review ?? null, input.rating ?? null],
  );
}

export async function deleteReview(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM reviews WHERE id = $1', [id]);
}

/**
 * Recomputes a product's ratings after a review change, in the caller's transaction (API.md §6.1). Review writes run
 * in one transaction: the products repository's lockProduct (so concurrent changes recompute one after another), the
 * write, then this. The ratings are the reviews' figures kept on the product row:
 * the mean in exact numeric arithmetic rounded to one decimal, halves up (3.25 → 3.3), or 0 without reviews.
 */
export async function recomputeRatings(tx: Queryable, productId: string) {
  await tx.query(
    `UPDATE products SET
       ratings_average = COALESCE((SELECT round(avg(rating)::numeric, 1) FROM reviews WHERE product_id = $1), 0),
       ratings_quantity = (SELECT count(*) FROM reviews WHERE product_id = $1)
     WHERE id = $1`,
    [productId],
  );
}
