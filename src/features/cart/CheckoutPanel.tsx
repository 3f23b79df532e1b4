import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { ApiError } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmModal from '../../components/ConfirmModal';
import { DELAYS } from '../../lib/delays';
import { formatEGP } from '../../../common/format';
import { useLater } from '../../lib/useLater';
import { CART_MESSAGES } from '../../content/cartMessages';
import {
  applyCoupon,
  clearCart,
  fetchCart,
  selectCart,
  selectHasLineOverStock,
  selectRemovedCoupon,
} from '../../app/cartSlice';
import { useResetOn } from '../../lib/useResetOn';
import { useOutOfView } from '../../lib/useOutOfView';
import { usePhone } from '../../lib/usePhone';
import { isDiscounted } from '../../../common/rules/price';

/**
 * Coupon, totals, complete purchase and clear cart (SPEC §2 Cart). On a phone, while its purchase button is out of view,
 * a bar at the bottom of the screen keeps the total and "اتمام الشراء". `deliveryEstimate` (the checkout's, given by the
 * page) shows under the totals while the cart holds products.
 */
export default function CheckoutPanel({ deliveryEstimate }: { deliveryEstimate?: ReactNode }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  const cart = useAppSelector(selectCart);
  // Checkout would be refused (409): the shopper first lowers or removes the lines marked with what is left.
  const overStock = useAppSelector(selectHasLineOverStock);
  const removedCoupon = useAppSelector(selectRemovedCoupon);
  const [couponName, setCouponName] = useState(cart.coupon ?? '');
  const [busy, setBusy] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const hasDiscount = isDiscounted(cart.totalAfterDiscount);
  const checkoutButton = useRef<HTMLButtonElement>(null);
  const phone = usePhone();
  const showStickySummary = useOutOfView(checkoutButton, phone && cart.products.length > 0);

  useResetOn(cart.coupon ?? '', () => setCouponName(cart.coupon ?? ''));

  const onApplyCoupon = async (event: FormEvent) => {
    event.preventDefault();
    const name = couponName.trim();
    if (!name) {
      toast.warn(CART_MESSAGES.couponRequired);
      return;
    }
    // A coupon on an empty cart is not "invalid": there is nothing to discount.
    if (cart.products.length === 0) {
      toast.warn(CART_MESSAGES.couponOnEmptyCart);
      return;
    }
    setBusy(true);
    try {
      const replaced = cart.coupon;
      const applied = (await dispatch(applyCoupon(name)).unwrap()).data.coupon ?? name;
      // One coupon at a time (API.md §6.3): a new one replaces the old, and the shopper is told which one now counts.
      toast.success(
        replaced && replaced.toLowerCase() !== applied.toLowerCase()
          ? CART_MESSAGES.couponReplaced(applied, replaced)
          : CART_MESSAGES.couponApplied,
      );
    } catch (err) {
      // 404: the cart was emptied (and deleted) elsewhere since it was shown.
      // A coupon the server refused is "invalid or expired"; offline, server trouble or a lost session are said as such.
      const error = err as ApiError;
      if (error.status === 404 || /cart is empty/i.test(error.message)) toast.warn(CART_MESSAGES.couponOnEmptyCart);
      else toast.failure(error, { fallback: CART_MESSAGES.couponInvalid });
    } finally {
      setBusy(false);
    }
    // SPEC §4: the cart is shown afresh after a coupon attempt, also after a failed one (the server drops the old coupon).
    later(() => void dispatch(fetchCart()), DELAYS.reloadAfterAction);
  };

  const onCheckout = () => {
    if (cart.products.length === 0) {
      toast.warn(CART_MESSAGES.addProductsFirst);
      return;
    }
    navigate('/order/paymethoud');
  };

  const onClear = async () => {
    setConfirmingClear(false);
    setBusy(true);
    try {
      await dispatch(clearCart()).unwrap();
      toast.success(CART_MESSAGES.cleared);
    } catch (err) {
      toast.failure(err as ApiError, { fallback: CART_MESSAGES.clearFailed, retry: () => void onClear() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="checkout-panel-title" className="shadow-sm">
      <Card.Body className="d-flex flex-column gap-3">
        <h2 id="checkout-panel-title" className="h6 mb-0">
          ملخص الطلب
        </h2>
        <Form onSubmit={(e) => void onApplyCoupon(e)} noValidate>
          <Form.Label htmlFor="coupon-name" className="small">
            كود الخصم
          </Form.Label>
          <InputGroup>
            <Form.Control
              id="coupon-name"
              placeholder="كود الخصم"
              value={couponName}
              onChange={(e) => setCouponName(e.target.value)}
              autoComplete="off"
            />
            <Button type="submit" variant="dark" disabled={busy}>
              تطبيق
            </Button>
          </InputGroup>
        </Form>
        {cart.coupon && (
          <p className="mb-0 small" data-testid="applied-coupon">
            الكوبون المطبق: <bdi className="fw-semibold">{cart.coupon}</bdi>
          </p>
        )}
        <div role="status" className={removedCoupon ? 'alert alert-warning small mb-0 p-2' : 'd-none'}>
          {removedCoupon && CART_MESSAGES.couponRemoved(removedCoupon)}
        </div>
        <dl className="mb-0 border rounded p-2 text-center">
          <dt className="small text-muted fw-normal">الاجمالي</dt>
          <dd
            className={hasDiscount ? 'mb-1 text-decoration-line-through text-muted' : 'mb-0 fs-5 fw-bold'}
            data-testid="cart-total"
          >
            {formatEGP(cart.totalCartPrice)}
          </dd>
          {hasDiscount && (
            <>
              <dt className="small text-muted fw-normal">بعد الخصم</dt>
              <dd className="mb-0 fs-5 fw-bold text-success" data-testid="cart-total-after-discount">
                {formatEGP(cart.totalAfterDiscount ?? 0)}
              </dd>
            </>
          )}
        </dl>
        {cart.products.length > 0 && deliveryEstimate}
        {overStock && (
          <p id="checkout-over-stock" className="mb-0 small text-danger">
            {CART_MESSAGES.reduceOverStock}
          </p>
        )}
        <Button
          ref={checkoutButton}
          variant="dark"
          onClick={onCheckout}
          disabled={busy || overStock}
          aria-describedby={overStock ? 'checkout-over-stock' : undefined}
        >
          اتمام الشراء
        </Button>
        <Button variant="outline-danger" onClick={() => setConfirmingClear(true)} disabled={busy}>
          مسح العربة
        </Button>
      </Card.Body>
      {showStickySummary && (
        <div
          className="sticky-action-bar fixed-bottom bg-white border-top shadow d-flex align-items-center gap-3 px-3 py-2"
          data-testid="cart-sticky-summary"
        >
          <div className="flex-grow-1">
            <div className="small text-muted">{hasDiscount ? 'الاجمالي بعد الخصم' : 'الاجمالي'}</div>
            <div className="fw-bold">
              {formatEGP(hasDiscount ? (cart.totalAfterDiscount ?? 0) : cart.totalCartPrice)}
            </div>
          </div>
          <Button variant="dark" onClick={onCheckout} disabled={busy || overStock}>
            اتمام الشراء
          </Button>
        </div>
      )}
      <ConfirmModal
        show={confirmingClear}
        title="مسح العربة"
        body="هل انت متأكد من حذف كل المنتجات من العربة؟"
        confirmLabel="مسح العربة"
        cancelLabel="تراجع"
        busy={busy}
        onConfirm={() => void onClear()}
        onCancel={() => setConfirmingClear(false)}
      />
    </Card>
  );
}
