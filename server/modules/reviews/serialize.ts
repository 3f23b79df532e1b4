import type { Queryable, Row } from '../../db';
import { compact, iso } from '../../lib/time';

/** Reviews `r` with their author `u` joined, as reviewJson reads them. */
export const REVIEW_SELECT = `SELECT r.id, r.review, r.rating, r.product_id, r.user_id, r.created_at, r.updated_at,
  u.name AS user_name, u.profile_img AS user_profile_img
  FROM reviews r JOIN users u ON u.id = r.user_id`;

/** A review as API.md §1 answers it: the author populated as {_id, name, profileImg?}. */
export function reviewJson(row: Row) {
  return compact({
    _id: row.id,
    review: row.review,
    rating: Number(row.rating),
    user: compact({ _id: row.user_id, name: row.user_name, profileImg: row.user_profile_img }),
    product: row.product_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/**
 * Recomputes a product's ratings after a review change, in the caller's transaction (API.md §6.1):
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
