import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Product } from '../api/types';
import FavouriteButton from '../features/wishlist/FavouriteButton';
import PriceTag from './PriceTag';
import StarRating from './StarRating';
import './ProductCard.css';

interface ProductCardProps {
  product: Pick<Product, '_id' | 'title' | 'imageCover' | 'price' | 'priceAfterDiscount' | 'ratingsAverage'>;
  /** Below the fold: let the browser load the image late (default true). */
  lazy?: boolean;
}

/** SPEC §2 product card: image, title, price, rating, heart; 345 px high; opens /products/{id}. */
export default function ProductCard({ product, lazy = true }: ProductCardProps) {
  const href = `/products/${product._id}`;
  return (
    <Card className="product-card shadow-sm border-0">
      <Link to={href} className="product-card__image-link" tabIndex={-1} aria-hidden="true">
        <img
          src={product.imageCover}
          alt=""
          width={240}
          height={180}
          loading={lazy ? 'lazy' : 'eager'}
          className="product-card__image"
        />
      </Link>
      <Card.Body className="d-flex flex-column gap-1 p-2">
        <Card.Title as="h3" className="product-card__title fs-6 mb-0">
          <Link to={href} className="text-reset text-decoration-none">
            {product.title}
          </Link>
        </Card.Title>
        <div className="d-flex align-items-center gap-1 small">
          <StarRating value={product.ratingsAverage ?? 0} />
          <span className="text-body-secondary">{product.ratingsAverage ?? 0}</span>
        </div>
        <div className="mt-auto d-flex align-items-center justify-content-between">
          <PriceTag price={product.price} priceAfterDiscount={product.priceAfterDiscount} />
          <FavouriteButton productId={product._id} />
        </div>
      </Card.Body>
    </Card>
  );
}
