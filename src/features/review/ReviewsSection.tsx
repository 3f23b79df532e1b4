import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import Spinner from '../../components/Spinner';
import StarRating from '../../components/StarRating';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { selectIsAdmin, selectIsUser } from '../../app/userSlice';
import { REVIEW_MESSAGES } from './reviewMessages';
import ReviewItem from './ReviewItem';
import { fetchReviews, selectReviewsOf } from './reviewSlice';
import { reviewsLabel } from '../../lib/plural';
import { REVIEWS_PARTS, reviewsSectionHeight } from './reviewsHeight';

// Most visitors neither write a review nor page through them: the form (react-bootstrap's Form) loads only for a
// customer, who may write one, and the pager (react-paginate) only when there is a second page. Until then each
// keeps its own height, so nothing below moves when it arrives.
const ReviewForm = lazy(() => import('./ReviewForm'));
const Paginator = lazy(() => import('../../components/Paginator'));

/**
 * Ratings of a product: average and count, the add form, the reviews 5 a page. `onReviewed` re-reads the product (its
 * rating) after a review was written, changed or deleted: the page that shows the product owns that read.
 */
export default function ReviewsSection({ product, onReviewed }: { product: Product; onReviewed: () => void }) {
  const dispatch = useAppDispatch();
  const later = useLater();
  // A customer (role user) gets the form; staff may not review (API.md: 403) and are told so; a visitor is asked to
  // log in.
  const withForm = useAppSelector(selectIsUser);
  const isAdmin = useAppSelector(selectIsAdmin);
  const { items, status, numberOfPages } = useAppSelector((state) => selectReviewsOf(state, product._id));
  const [page, setPage] = useState({ productId: product._id, number: 1 });
  const pageNumber = page.productId === product._id ? page.number : 1;
  // Not listed yet: before the first request (idle) or while it runs.
  const listing = items.length === 0 && (status === 'idle' || status === 'pending');

  useEffect(() => {
    void dispatch(fetchReviews({ productId: product._id, page: pageNumber }));
  }, [dispatch, product._id, pageNumber]);

  // DESIGN: instead of reloading the page, re-fetch the reviews and the product's rating after 1 s.
  const refreshLater = useCallback(() => {
    later(() => {
      void dispatch(fetchReviews({ productId: product._id, page: pageNumber }));
      onReviewed();
    }, DELAYS.reloadAfterAction);
  }, [later, dispatch, product._id, pageNumber, onReviewed]);

  return (
    <section
      className="bg-white rounded shadow-sm p-3 my-4"
      aria-labelledby="reviews-title"
      // Until the first page is listed, the height it will take (as the page's slot had it before this code came).
      style={{ minHeight: listing ? reviewsSectionHeight(product.ratingsQuantity, withForm) : undefined }}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="reviews-title" className="h5 fw-bold m-0">
          التقييمات
        </h2>
        <StarRating value={product.ratingsAverage} size={18} />
        <span className="text-warning fw-bold">{product.ratingsAverage}</span>
        <span className="text-body-secondary">({reviewsLabel(product.ratingsQuantity)})</span>
      </div>
      {withForm ? (
        <Suspense
          fallback={<div className="border-bottom mb-3" style={{ height: REVIEWS_PARTS.form }} aria-busy="true" />}
        >
          <ReviewForm productId={product._id} onDone={refreshLater} />
        </Suspense>
      ) : isAdmin ? (
        <p className="border-bottom pb-3 text-body-secondary">{REVIEW_MESSAGES.staffMayNotReview}</p>
      ) : (
        <p className="border-bottom pb-3">
          <Link to="/login">سجل الدخول</Link> لإضافة تقييم
        </p>
      )}
      {listing ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="text-body-secondary m-0">{REVIEW_MESSAGES.none}</p>
      ) : (
        <ul className="list-unstyled m-0">
          {items.map((review) => (
            <ReviewItem key={review._id} review={review} onChanged={refreshLater} />
          ))}
        </ul>
      )}
      {numberOfPages >= 2 && (
        <Suspense fallback={<div className="my-4" style={{ height: REVIEWS_PARTS.pager }} aria-busy="true" />}>
          <Paginator
            pageCount={numberOfPages}
            currentPage={pageNumber}
            onPageChange={(number) => setPage({ productId: product._id, number })}
          />
        </Suspense>
      )}
    </section>
  );
}
