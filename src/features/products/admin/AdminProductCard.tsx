import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Product } from '../../../api/types';
import { piecesLabel } from '../../../lib/plural';
import PriceTag from '../../../components/PriceTag';
import StockEditor from './StockEditor';
import { fromPriceText } from '../variantChoice';

interface AdminProductCardProps {
  product: Product;
  onRemove: (product: Product) => void;
}

/**
 * A product in the admin list: remove (after confirmation), edit, a link to its shop page, stock (editable) and sold,
 * and the units unpaid cash orders hold, when they hold any.
 */
export default function AdminProductCard({ product, onRemove }: AdminProductCardProps) {
  return (
    <Card as="article" className="h-100 shadow-sm">
      <Card.Header className="d-flex justify-content-between bg-white py-1">
        <Button
          variant="link"
          size="sm"
          className="text-danger p-0 tap-target"
          onClick={() => onRemove(product)}
          aria-label={`ازالة ${product.title}`}
        >
          ازالة
        </Button>
        <Link
          to={`/admin/editproduct/${product._id}`}
          className="small tap-target"
          aria-label={`تعديل ${product.title}`}
        >
          تعديل
        </Link>
      </Card.Header>
      <Link to={`/products/${product._id}`} className="text-reset text-decoration-none d-flex flex-column flex-grow-1">
        <img
          src={product.imageCover || undefined}
          alt=""
          width={240}
          height={180}
          loading="lazy"
          className="card-img-top bg-light"
          style={{ objectFit: 'cover', height: 180, width: '100%' }}
        />
        <Card.Body className="p-2">
          <Card.Title as="h2" className="fs-6 text-truncate">
            {product.title}
          </Card.Title>
          {product.sku && (
            <p className="small text-muted mb-1">
              رمز المنتج: <bdi dir="ltr">{product.sku}</bdi>
            </p>
          )}
          {/* Variants at different prices: from the lowest, as the shop's card says it. */}
          {product.priceRange ? (
            <span className="fw-bold">{fromPriceText(product.priceRange.min)}</span>
          ) : (
            <PriceTag price={product.price} priceAfterDiscount={product.priceAfterDiscount} />
          )}
        </Card.Body>
      </Link>
      <Card.Footer className="bg-white p-2">
        <StockEditor product={product} />
        {!!product.heldByUnpaidCash && (
          <p className="small text-warning-emphasis mb-0 mt-1">
            محجوز لطلبات لم تُدفع: {piecesLabel(product.heldByUnpaidCash)}
          </p>
        )}
      </Card.Footer>
    </Card>
  );
}
