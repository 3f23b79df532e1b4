import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { Product } from '../api/types';
import type { RequestStatus } from '../app/requestStatus';
import ProductCard from './ProductCard';
import Spinner from './Spinner';

export const LOAD_ERROR_TEXT = 'AN error Has Found';
export const NO_PRODUCTS_TEXT = 'لا توجد منتجات';

interface ProductGridProps {
  products: Product[];
  /** Spinner while pending with nothing to show; SPEC's error text when the load failed. */
  status?: RequestStatus;
  emptyText?: string;
  /** The first row is above the fold on the home page: load its images at once. */
  eager?: boolean;
}

/** Product cards: 2 a row on phones, 3 on tablets, 4 on wide screens. */
export default function ProductGrid({ products, status = 'succeeded', emptyText = NO_PRODUCTS_TEXT, eager = false }: ProductGridProps) {
  if (status === 'pending' && products.length === 0) return <Spinner />;
  if (status === 'failed') return <p className="text-danger my-3"><bdi>{LOAD_ERROR_TEXT}</bdi></p>;
  if (status === 'succeeded' && products.length === 0) return <p className="text-body-secondary my-3">{emptyText}</p>;
  return (
    <Row xs={2} md={3} lg={4} className="g-2 g-md-3" aria-busy={status === 'pending'}>
      {products.map((product) => (
        <Col key={product._id}>
          <ProductCard product={product} lazy={!eager} />
        </Col>
      ))}
    </Row>
  );
}
