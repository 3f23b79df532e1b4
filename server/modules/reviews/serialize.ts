import { compact, iso } from '../../lib/time';
import type { ReviewRow } from './repository';

/** A review as API.md §1 answers it: the author populated as {_id, name, profileImg?}. */
export function reviewJson(row: ReviewRow) {
  return compact({
    _id: row.id,
    review: row.review,
    rating: Number(row.rating),
    user: compact({ _id: row.user_id, name: row.user_name, profileImg: row.user_profile_img ?? undefined }),
    product: row.product_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
