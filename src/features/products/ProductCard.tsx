import { Link } from 'react-router-dom';
import type { Product } from '../../api/types';
import FavouriteButton from './FavouriteButton';
import { IMAGE_SIZES } from '../../../common/images';
import { responsiveImage } from '../../lib/images';
import { isOutOfStock, OUT_OF_STOCK_TEXT } from '../../lib/stock';
import PriceTag from '../../components/PriceTag';
import { fromPriceText } from './variantChoice';
import StarRating from '../../components/StarRating';
import './ProductCard.css';

interface ProductCardProps {
  product: Pick<Product, '_id' | 'title' | 'imageCover' | 'price' | 'priceAfterDiscount' | 'ratingsAverage'> & {
    quantity?: number;
    /** A product whose variants' prices differ (ours): its card says 'من 299 جنيه'. */
    priceRange?: Product['priceRange'];
  };
  /** Below the fold: let the browser load the image late (default true). */
  lazy?: boolean;
  /** The page's largest image above the fold: fetch it first. */
  priority?: boolean;
  /** The title's heading level: one below the heading the cards stand under (h2 right under the page's h1). */
  heading?: 'h2' | 'h3';
}

/** SPEC §2 product card: image, title, price, rating, heart; 345 px high; opens /products/{id}. Sold out: a label on the image. */
export default function ProductCard({ product, lazy = true, priority = false, heading = 'h3' }: ProductCardProps) {
  const Heading = heading;
  const href = `/products/${product._id}`;
  const image = responsiveImage(product.imageCover, IMAGE_SIZES.productCard);
  const soldOut = isOutOfStock(product.quantity);
  return (
    <div className={`card product-card shadow-sm border-0${soldOut ? ' product-card--sold-out' : ''}`}>
      <Link to={href} className="product-card__image-link" tabIndex={-1} aria-hidden="true">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          alt=""
          width={240}
          height={180}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          className="product-card__image"
        />
      </Link>
      {/* Over the image (outside its link, which screen readers skip), so the card keeps its height. */}
      {soldOut && <span className="badge text-bg-dark product-card__sold-out">{OUT_OF_STOCK_TEXT}</span>}
      <div className="card-body d-flex flex-column gap-1 p-2">
        <Heading className="card-title product-card__title fs-6 mb-0">
          <Link to={href} className="text-reset text-decoration-none">
            {product.title}
          </Link>
        </Heading>
        <div className="d-flex align-items-center gap-1 small">
          <StarRating value={product.ratingsAverage ?? 0} />
          <span className="text-body-secondary">{product.ratingsAverage ?? 0}</span>
        </div>
        <div className="mt-auto d-flex align-items-center justify-content-between">
          {product.priceRange ? (
            <span className="fw-bold">{fromPriceText(product.priceRange.min)}</span>
          ) : (
            <PriceTag price={product.price} priceAfterDiscount={product.priceAfterDiscount} />
          )}
          <FavouriteButton productId={product._id} />
        </div>
      </div>
    </div>
  );
}
