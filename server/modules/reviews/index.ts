// The reviews module's public face.
export { newestReviewsOf, recomputeRatings, reviewedProductIds } from './repository';
export { reviewJson } from './serialize';
