import { useRef, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { ApiError, CartItem as CartLine } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import ColorSwatch from '../../components/ColorSwatch';
import { parseNumberInput } from '../../../common/digits';
import { formatEGP } from '../../../common/format';
import { availableOnlyText, VARIANT_UNAVAILABLE_TEXT } from '../../lib/stock';
import { variantLabel } from '../../../common/rules/variant';
import { CART_MESSAGES, conflictMessage } from '../../content/cartMessages';
import { exceedsStock, fetchCart, lineStock, removeCartItem, updateCartItemCount } from '../../app/cartSlice';
import { useLater } from '../../lib/useLater';
import { useResetOn } from '../../lib/useResetOn';

/** Wait this long after the last keystroke before sending the count, so typing "12" sends one request. */
const COUNT_DEBOUNCE_MS = 700;

export default function CartItem({ line }: { line: CartLine }) {
  const dispatch = useAppDispatch();
  const [countText, setCountText] = useState(String(line.count));
  const [busy, setBusy] = useState(false);
  const later = useLater();
  /** Drops the count send still waiting for the shopper to stop typing. */
  const cancelPendingSend = useRef<(() => void) | null>(null);
  // The count being sent now: the debounce timer and the blur that follows (a focused input that gets disabled
  // blurs) must not send the same count twice.
  const sending = useRef<number | null>(null);
  const { product, variant } = line;

  // The server's count wins whenever it changes (after an update, a refusal or a re-fetch).
  useResetOn(String(line.count), () => setCountText(String(line.count)));

  const sendCount = async (text: string) => {
    cancelPendingSend.current?.();
    const count = parseNumberInput(text);
    if (count === line.count || (count !== null && count === sending.current)) return;
    if (count === null || !Number.isInteger(count) || count < 1) {
      toast.warn(CART_MESSAGES.countInvalid);
      setCountText(String(line.count));
      return;
    }
    setBusy(true);
    sending.current = count;
    try {
      await dispatch(updateCartItemCount({ itemId: line._id, count })).unwrap();
    } catch (err) {
      const error = err as ApiError;
      setCountText(String(line.count));
      if (error.status === 409) {
        toast.warn(conflictMessage(error));
        void dispatch(fetchCart());
      } else if (error.status === 400) {
        toast.warn(CART_MESSAGES.countInvalid);
      } else {
        toast.failure(error, { fallback: CART_MESSAGES.countFailed, retry: () => void sendCount(text) });
      }
    } finally {
      sending.current = null;
      setBusy(false);
    }
  };

  const onCountChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setCountText(text);
    cancelPendingSend.current?.();
    cancelPendingSend.current = later(() => void sendCount(text), COUNT_DEBOUNCE_MS);
  };

  const onRemove = async () => {
    setBusy(true);
    try {
      await dispatch(removeCartItem(line._id)).unwrap();
      toast.success(CART_MESSAGES.itemRemoved);
    } catch (err) {
      toast.failure(err as ApiError, { fallback: CART_MESSAGES.removeFailed, retry: () => void onRemove() });
      setBusy(false);
    }
  };

  const countId = `cart-count-${line._id}`;
  const overStock = exceedsStock(line);
  const stockId = `cart-stock-${line._id}`;
  return (
    <Card as="li" className="mb-3 shadow-sm" aria-label={product.title}>
      {/* Compact on a phone: a small photo beside the line, the brand and rating left out (the product page has them). */}
      <Card.Body className="d-flex flex-row gap-2 gap-sm-3 p-2 p-sm-3">
        <Link to={`/products/${product._id}`} className="flex-shrink-0 align-self-start align-self-sm-center">
          <img
            src={variant?.image || product.imageCover || undefined}
            alt={product.title}
            width={160}
            height={197}
            className="rounded bg-light cart-line__image"
            style={{ objectFit: 'cover' }}
          />
        </Link>
        <div className="flex-grow-1 d-flex flex-column gap-2" style={{ minWidth: 0 }}>
          <div className="d-flex justify-content-between align-items-start gap-2">
            <div className="small text-muted">{product.category?.name}</div>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => void onRemove()}
              disabled={busy}
              aria-label={`ازالة ${product.title} من العربة`}
            >
              ازالة
            </Button>
          </div>
          <h2 className="h6 mb-0">
            <Link to={`/products/${product._id}`} className="text-body text-decoration-none tap-target">
              {product.title}
            </Link>
          </h2>
          <div className="small d-flex flex-wrap gap-2 gap-sm-3">
            {product.brand?.name && (
              <span className="d-none d-sm-inline">
                الماركة: <span className="fw-semibold">{product.brand.name}</span>
              </span>
            )}
            <span className="d-none d-sm-inline">
              التقييم:{' '}
              <span className="text-warning" aria-hidden="true">
                ★
              </span>{' '}
              {product.ratingsAverage}
            </span>
            {variant && (
              <span className="fw-semibold" data-testid="line-variant">
                {variantLabel(variant.options)}
              </span>
            )}
            {/* A variant's colour is named in its label. */}
            {!variant && line.color && (
              <span className="d-inline-flex align-items-center gap-1">
                اللون: <ColorSwatch color={line.color} />
              </span>
            )}
          </div>
          <div className="d-flex flex-wrap align-items-center gap-3 mt-auto">
            <Form.Group controlId={countId} className="d-flex align-items-center gap-2">
              <Form.Label className="mb-0 small">الكمية</Form.Label>
              <Form.Control
                type="text"
                inputMode="numeric"
                pattern="[0-9\u0660-\u0669]*"
                value={countText}
                onChange={onCountChange}
                onBlur={() => void sendCount(countText)}
                disabled={busy}
                isInvalid={overStock}
                aria-describedby={overStock ? stockId : undefined}
                style={{ width: '5.5rem' }}
              />
            </Form.Group>
            {overStock && (
              <span id={stockId} className="small fw-bold text-danger" data-testid="line-stock">
                {variant?.available === false ? VARIANT_UNAVAILABLE_TEXT : availableOnlyText(lineStock(line) ?? 0)}
              </span>
            )}
            <div className="ms-auto text-end">
              <div className="small text-muted">
                سعر القطعة <span data-testid="line-price">{formatEGP(line.price)}</span>
              </div>
              <div className="fw-bold">
                المجموع <span data-testid="line-subtotal">{formatEGP(line.price * line.count)}</span>
              </div>
            </div>
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
