import { field, fields, partial } from '../../lib/fields';
import { isId } from '../../lib/validate';
import { currentUser } from '../../plugins/auth';
import { hasReviewed } from './repository';

export const ALREADY_REVIEWED = 'You already added review on this product';

/** A review's fields (API.md §5.7). */
const ReviewFields = {
  review: field
    .text('Up to 1000 characters')
    .multiline()
    .required('Review required')
    .string('Review required')
    .maxLength(1000, 'Too long review'),
  rating: field
    .number({ description: '1.0–5.0', minimum: 1, maximum: 5 })
    .required('Review required')
    .number((n) => n >= 1 && n <= 5, 'Rating min value 1.0 and max 5.0'),
};

/**
 * A customer reviews a product once: the review is refused with API.md's message when the caller has reviewed the
 * product already (the path's product when nested, else the body's).
 */
const firstReview = ReviewFields.review.check(async (_value, { ctx, request, data }) => {
  const productId = (request?.params as { productId?: string } | undefined)?.productId ?? data.product;
  return !isId(productId) || !(await hasReviewed(ctx.db, currentUser(request!).id, productId as string));
}, ALREADY_REVIEWED);

/** POST /reviews. */
export const NewReview = fields({
  review: firstReview,
  rating: ReviewFields.rating,
  product: field.uuid('Product id').id('Invalid Product Id formate'),
});
/** POST /products/:productId/reviews: the path names the product; a `product` in the body is ignored. */
export const NewReviewOfProduct = fields({ review: firstReview, rating: ReviewFields.rating });
/** PUT/PATCH: only the fields sent; checked by the handler once the review is found and is the caller's (404 and 403 come first). */
export const ReviewChanges = fields(partial(ReviewFields));
