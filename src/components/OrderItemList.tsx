import { Link } from 'react-router-dom';
import type { OrderItem } from '../api/types';
import { formatEGP } from '../../common/format';
import { variantLabel } from '../../common/rules/variant';
import ColorSwatch from './ColorSwatch';
import { lineTotal } from './orderMoney';
import StarRating from './StarRating';
import { reviewsLabel } from '../lib/plural';

/**
 * How the lines look on each order screen: `compact`, text only (the owner's order cards); `detailed`, a larger
 * picture linking to the product, its rating and the line total among the facts (the owner's order page);
 * `customer`, a picture, the title linking to the product and each line named by it (the customer's order page).
 */
export type OrderItemLook = 'compact' | 'detailed' | 'customer';

const LOOKS: Record<OrderItemLook, { line: string; text?: string; facts: string }> = {
  compact: {
    line: 'd-flex align-items-center gap-3 py-2 border-bottom',
    text: 'flex-grow-1',
    facts: 'small text-muted d-flex flex-wrap align-items-center gap-2 mt-1',
  },
  detailed: {
    line: 'd-flex align-items-center gap-3 py-2 border-bottom',
    facts: 'd-flex flex-wrap align-items-center gap-2 small mt-1',
  },
  customer: {
    line: 'd-flex align-items-start gap-3 py-3 border-bottom',
    text: 'flex-grow-1',
    facts: 'small text-body-secondary d-flex flex-wrap align-items-center gap-2 mt-1',
  },
};

function ProductPicture({ item, size, className }: { item: OrderItem; size: 'small' | 'large'; className: string }) {
  return (
    <img
      // The variant's own photo when it has one. No photo (a line of a product without one): no src at all; React
      // refuses an empty one with a warning.
      src={item.variant?.image || item.product.imageCover || undefined}
      alt=""
      width={size === 'small' ? 64 : 80}
      height={size === 'small' ? 79 : 98}
      loading="lazy"
      className={className}
      style={{ objectFit: 'cover' }}
    />
  );
}

function OrderItemLine({ item, look }: { item: OrderItem; look: OrderItemLook }) {
  const { product } = item;
  const classes = LOOKS[look];
  const total = formatEGP(lineTotal(item));
  return (
    <li className={classes.line} aria-label={look === 'customer' ? product.title : undefined}>
      {look === 'detailed' && (
        <Link to={`/products/${product._id}`} className="flex-shrink-0" aria-label={product.title}>
          <ProductPicture item={item} size="large" className="rounded bg-light" />
        </Link>
      )}
      {look === 'customer' && <ProductPicture item={item} size="small" className="rounded flex-shrink-0 bg-light" />}
      <div className={classes.text} style={{ minWidth: 0 }}>
        {look === 'compact' && <div className="text-truncate fw-semibold">{product.title}</div>}
        {look === 'detailed' && (
          <>
            <p className="mb-1 fw-semibold">{product.title}</p>
            <div className="d-flex align-items-center gap-1 small">
              <StarRating value={product.ratingsAverage} />
              <span>{product.ratingsAverage}</span>
              <span className="text-muted">({reviewsLabel(product.ratingsQuantity)})</span>
            </div>
          </>
        )}
        {look === 'customer' && (
          <Link to={`/products/${product._id}`} className="d-block text-break">
            {product.title}
          </Link>
        )}
        {item.variant && (
          <>
            <div className={look === 'customer' ? 'small' : 'small fw-semibold'}>
              {variantLabel(item.variant.options)}
            </div>
            {/* A code reads whole, left to right, on its own line. */}
            {look !== 'customer' && item.variant.sku && (
              <div className="small text-muted">
                رمز:{' '}
                <bdi dir="ltr" className="text-nowrap">
                  {item.variant.sku}
                </bdi>
              </div>
            )}
          </>
        )}
        <div className={classes.facts}>
          <span>الكمية: {item.count}</span>
          {/* A variant's colour is named in its label. */}
          {!item.variant && <ColorSwatch color={item.color} />}
          <span className={look === 'customer' ? 'text-nowrap' : undefined}>سعر القطعة: {formatEGP(item.price)}</span>
          {look === 'detailed' && <span className="fw-semibold">الاجمالي: {total}</span>}
        </div>
      </div>
      {look === 'compact' && <span className="fw-semibold text-nowrap">{total}</span>}
      {look === 'customer' && (
        <span className="fw-semibold text-nowrap" data-testid="line-total">
          <span className="visually-hidden">اجمالي المنتج: </span>
          {total}
        </span>
      )}
    </li>
  );
}

/**
 * An order's lines: each product with its variant ("المقاس: XL، اللون: أزرق", and its SKU for the owner), quantity,
 * colour, unit price and line total, as the screen's look shows them.
 */
export default function OrderItemList({ items, look }: { items: OrderItem[]; look: OrderItemLook }) {
  return (
    <ul className="list-unstyled mb-0">
      {items.map((item) => (
        <OrderItemLine key={item._id} item={item} look={look} />
      ))}
    </ul>
  );
}
