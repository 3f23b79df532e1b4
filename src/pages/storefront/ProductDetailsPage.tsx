import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import LoadError from '../../components/LoadError';
import NotFound from '../../components/NotFound';
import ProductGrid from '../../features/products/ProductGrid';
import SectionHeader from '../../components/SectionHeader';
import Spinner from '../../components/Spinner';
import { useNearView } from '../../lib/useNearView';
import { reviewsSectionHeight } from '../../features/review/reviewsHeight';
import { selectIsUser } from '../../app/userSlice';
import { useBrands } from '../../app/useBrands';
import { useCategories } from '../../app/useCategories';
import ProductGalleryPlaceholder from '../../features/products/ProductGalleryPlaceholder';
import ProductInfo from '../../features/products/ProductInfo';
import {
  fetchProductDetails,
  fetchProductList,
  selectProductDetails,
  selectProductDetailsMissing,
  selectProductDetailsStatus,
  selectProductList,
} from '../../features/products/productsSlice';
import { usePageMeta } from '../../lib/usePageMeta';
import { useVariantChoice } from '../../features/products/useVariantChoice';
import { photosFor } from '../../features/products/variantChoice';

// The gallery library is only needed here: its own chunk, loaded with the first product page. Until it has run, the
// first photo stands in its place (the page's largest paint need not wait for the gallery's code).
const ProductGallery = lazy(() => import('../../features/products/ProductGallery'));
// Reviews sit below the photo and the details, and bring a pager, a form and two dialogs: they load once the page has
// rendered, so their bytes do not compete with the photo's.
const ReviewsSection = lazy(() => import('../../features/review/ReviewsSection'));

const PRODUCT_MISSING = 'هذا المنتج غير موجود';

/** SPEC §9: at most 4 'products you may like'. */
const RELATED_PRODUCTS = 4;

/** /products/{id}: gallery, details and add to cart, reviews, products of the same category. */
export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectProductDetails);
  const status = useAppSelector(selectProductDetailsStatus);
  const missing = useAppSelector(selectProductDetailsMissing);
  const product = stored?._id === id ? stored : null;
  const variantChoice = useVariantChoice(product);
  const related = useAppSelector((state) => selectProductList(state, 'related'));
  const categoryId = product?.category;
  // Customers get the review form (staff may not review).
  const mayReview = useAppSelector(selectIsUser);
  usePageMeta(
    product
      ? { title: product.title, description: product.description }
      : { title: missing && status === 'failed' ? PRODUCT_MISSING : undefined },
  );

  // ProductInfo names the product's category and brand.
  useCategories();
  useBrands();
  const loadProduct = useCallback(() => void dispatch(fetchProductDetails(id)), [dispatch, id]);
  useEffect(loadProduct, [loadProduct]);

  const loadRelated = useCallback(() => {
    // One more than needed, since the product itself is among them.
    if (categoryId)
      void dispatch(fetchProductList({ key: 'related', query: { category: categoryId, limit: RELATED_PRODUCTS + 1 } }));
  }, [dispatch, categoryId]);
  useEffect(loadRelated, [loadRelated]);

  // The reviews (their code and their request) load as the shopper scrolls near them, not with the first screen.
  const [reviewsSlotElement, setReviewsSlotElement] = useState<HTMLDivElement | null>(null);
  const reviewsNear = useNearView(reviewsSlotElement);

  if (!product) {
    if (status !== 'failed') return <Spinner />;
    if (missing) return <NotFound title={PRODUCT_MISSING} text="ربما تم حذفه او تغير الرابط، تصفح باقي المنتجات." />;
    return <LoadError onRetry={() => void dispatch(fetchProductDetails(id))} />;
  }

  // The chosen variant's photo first: the gallery opens on it.
  const images = photosFor(product, variantChoice.variant);
  const mayLike = related.items.filter((p) => p._id !== product._id).slice(0, RELATED_PRODUCTS);
  const reviewsSlot = (
    <div
      ref={setReviewsSlotElement}
      className="bg-white rounded shadow-sm my-4"
      // As tall as the section will be, so nothing below moves when it arrives.
      style={{ minHeight: reviewsSectionHeight(product.ratingsQuantity, mayReview) }}
      aria-busy="true"
    />
  );

  return (
    <>
      <Row className="g-4 my-1">
        <Col xs={12} lg={5}>
          <Suspense fallback={<ProductGalleryPlaceholder images={images} title={product.title} />}>
            <ProductGallery images={images} title={product.title} />
          </Suspense>
        </Col>
        <Col xs={12} lg={7}>
          <ProductInfo key={product._id} product={product} variantChoice={variantChoice} />
        </Col>
      </Row>
      {reviewsNear ? (
        <Suspense fallback={reviewsSlot}>
          <ReviewsSection product={product} onReviewed={loadProduct} />
        </Suspense>
      ) : (
        reviewsSlot
      )}
      {mayLike.length > 0 && (
        <section>
          <SectionHeader title="منتجات قد تعجبك" />
          <ProductGrid products={mayLike} status={related.status} onRetry={loadRelated} />
        </section>
      )}
    </>
  );
}
