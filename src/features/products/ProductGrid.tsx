import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { Product } from '../../api/types';
import type { RequestStatus } from '../../app/request';
import LoadError from '../../components/LoadError';
import ProductCard from './ProductCard';

const NO_PRODUCTS_TEXT = 'لا توجد منتجات';
const EAGER_CARDS = 4;

interface ProductGridProps {
  products: Product[];
  /** Card-shaped placeholders while the first load runs; the error with a retry button when the load failed. */
  status?: RequestStatus;
  /** Sends the failed load again. */
  onRetry: () => void;
  emptyText?: string;
  /** The grid starts above the fold: its first cards (one row on wide screens, two on phones) load their images
   * at once, the very first with high priority (the page's largest paint); the rest load lazily. */
  eager?: boolean;
  /** How many cards the first load will bring; their space is reserved while it runs (no layout shift). */
  placeholders?: number;
  /** The cards' title level: 'h2' when the grid stands right under the page's h1, 'h3' under a section's h2. */
  cardHeading?: 'h2' | 'h3';
}

/** Product cards: 2 a row on phones, 3 on tablets, 4 on wide screens. */
export default function ProductGrid({
  products,
  status = 'succeeded',
  onRetry,
  emptyText = NO_PRODUCTS_TEXT,
  eager = false,
  placeholders = 4,
  cardHeading = 'h3',
}: ProductGridProps) {
  if ((status === 'pending' || status === 'idle') && products.length === 0)
    return <ProductGridSkeleton count={placeholders} />;
  if (status === 'failed') return <LoadError onRetry={onRetry} />;
  if (status === 'succeeded' && products.length === 0) return <p className="text-body-secondary my-3">{emptyText}</p>;
  return (
    <Row xs={2} md={3} lg={4} className="g-2 g-md-3" aria-busy={status === 'pending'}>
      {products.map((product, i) => (
        <Col key={product._id}>
          <ProductCard
            product={product}
            lazy={!eager || i >= EAGER_CARDS}
            priority={eager && i === 0}
            heading={cardHeading}
          />
        </Col>
      ))}
    </Row>
  );
}

/** Grey cards of the real card height (345 px), so the page does not jump when the products arrive. */
function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <Row xs={2} md={3} lg={4} className="g-2 g-md-3" aria-busy="true">
      <span role="status" className="visually-hidden">
        جاري التحميل...
      </span>
      {Array.from({ length: count }, (_, i) => (
        <Col key={i} aria-hidden="true">
          <div className="card product-card border-0 shadow-sm placeholder-glow">
            <span className="placeholder bg-secondary-subtle w-100 product-card__image" />
            <div className="card-body d-flex flex-column gap-2 p-2">
              <span className="placeholder col-10" />
              <span className="placeholder col-6" />
              <span className="placeholder col-4 mt-auto" />
            </div>
          </div>
        </Col>
      ))}
    </Row>
  );
}
