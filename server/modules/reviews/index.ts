// The reviews module's public face.
export { recomputeRatings, reviewedProductIds } from './repository';
export { newestReviewsJson } from './service';
