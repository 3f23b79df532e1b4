import { formatEGP } from '../../common/format';
import { isDiscounted as hasDiscount } from '../../common/rules/price';

interface PriceTagProps {
  price: number;
  priceAfterDiscount?: number | null;
  className?: string;
}

/** The current price in جنيه, with the old price struck through when there is a discount. */
export default function PriceTag({ price, priceAfterDiscount, className = '' }: PriceTagProps) {
  if (!hasDiscount(priceAfterDiscount)) {
    return <span className={`fw-bold ${className}`}>{formatEGP(price)}</span>;
  }
  return (
    <span className={`d-inline-flex flex-wrap align-items-baseline gap-2 ${className}`}>
      <span className="fw-bold">{formatEGP(priceAfterDiscount)}</span>
      <del className="text-body-secondary small">
        <span className="visually-hidden">السعر قبل الخصم: </span>
        {formatEGP(price)}
      </del>
    </span>
  );
}
