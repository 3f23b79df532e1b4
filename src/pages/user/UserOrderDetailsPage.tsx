import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router-dom';
import { PAYMENT_RESULT_MESSAGES } from '../../features/checkOut/paymentMethods';
import { isOriginalBackend } from '../../api/orders';
import type { ApiError, Order } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmModal from '../../components/ConfirmModal';
import OrderItemList from '../../components/OrderItemList';
import OrderTimeline from '../../components/OrderTimeline';
import AmountRow from '../../components/AmountRow';
import { paymentMethodLabel } from '../../components/orderLabels';
import OrderLoadState from '../../features/orders/OrderLoadState';
import { cancelOrder, selectOrderDetails } from '../../features/orders/ordersSlice';
import { useRouteOrder } from '../../features/orders/useRouteOrder';
import { couponSaving, itemsSubtotal } from '../../components/orderMoney';
import { addressPlace } from '../../content/addressTexts';
import { formatDateTime, formatEGP } from '../../../common/format';
import { toast } from '../../lib/toast';
import { usePageMeta } from '../../lib/usePageMeta';

const ORDER_DETAILS_MESSAGES = {
  notFoundText: 'ربما تغير الرابط او ان الطلب ليس من طلباتك.',
  cancelled: 'تم الغاء طلبك بنجاح',
  cannotCancel: 'لم يعد من الممكن الغاء هذا الطلب',
  cancelFailed: 'تعذر الغاء الطلب، حاول مرة اخرى',
  refunded: 'تم استرداد المبلغ',
} as const;

/** The order's state in one word for its heading. */
function orderStatus(order: Order): { label: string; bg: string } {
  if (order.isRefunded) return { label: ORDER_DETAILS_MESSAGES.refunded, bg: 'warning' };
  if (order.isCancelled) return { label: 'ملغي', bg: 'danger' };
  if (order.isDelivered) return { label: 'تم التوصيل', bg: 'success' };
  if (order.isShipped) return { label: 'تم الشحن', bg: 'info' };
  if (order.isPaid) return { label: 'تم الدفع', bg: 'primary' };
  if (order.isConfirmed) return { label: 'تم التأكيد', bg: 'primary' };
  return { label: 'قيد التنفيذ', bg: 'secondary' };
}

/** /user/orders/:id: one of the customer's orders, with its status history; cancellable while neither paid nor delivered. */
export default function UserOrderDetailsPage() {
  // Paymob's return lands here with ?payment=paid once the order is made.
  const justPaid = useSearchParams()[0].get('payment') === 'paid';
  const dispatch = useAppDispatch();
  const route = useRouteOrder();
  const { order } = route;
  const { cancel } = useAppSelector(selectOrderDetails);
  const [confirming, setConfirming] = useState(false);
  // Once cancelled, the cancel button (where the dialog returns the focus) is gone: the focus goes to the heading instead.
  const heading1 = useRef<HTMLHeadingElement>(null);
  const focusHeadingAfterDialog = useRef(false);
  usePageMeta({ title: order ? `طلب رقم #${order.id}` : 'تفاصيل الطلب' });

  if (!order) return <OrderLoadState route={route} notFoundText={ORDER_DETAILS_MESSAGES.notFoundText} />;

  const onCancel = async () => {
    try {
      await dispatch(cancelOrder(order._id)).unwrap();
      focusHeadingAfterDialog.current = true;
      toast.success(ORDER_DETAILS_MESSAGES.cancelled);
    } catch (err) {
      // 409: paid or delivered meanwhile; the page shows the order as it is now.
      if ((err as ApiError).status === 409) {
        toast.warn(ORDER_DETAILS_MESSAGES.cannotCancel);
        focusHeadingAfterDialog.current = true;
        route.reload();
      } else {
        toast.failure(err as ApiError, { fallback: ORDER_DETAILS_MESSAGES.cancelFailed });
      }
    } finally {
      setConfirming(false);
    }
  };

  const state = orderStatus(order);
  const saved = couponSaving(order);
  // The original backend has no cancel endpoint (API.md §8); nor can a shipped order be cancelled.
  const cancellable =
    !isOriginalBackend() && !order.isPaid && !order.isDelivered && !order.isShipped && !order.isCancelled;
  const address = order.shippingAddress;
  const heading = `طلب رقم #${order.id}`;

  return (
    <section aria-labelledby="order-heading">
      <div className="d-flex flex-wrap align-items-center gap-2 my-3">
        <h1 id="order-heading" className="h4 mb-0" ref={heading1} tabIndex={-1}>
          {heading}
        </h1>
        <Badge
          bg={state.bg}
          text={state.bg === 'warning' ? 'dark' : undefined}
          className="fw-normal fs-6"
          data-testid="order-status"
        >
          {state.label}
        </Badge>
        <Link to="/user/allorders" className="ms-auto small tap-target">
          كل الطلبات
        </Link>
      </div>
      {justPaid && order.isPaid && !order.isCancelled && (
        <Alert variant="success" data-testid="payment-result">
          {PAYMENT_RESULT_MESSAGES.paid}
        </Alert>
      )}
      {order.isRefunded && (
        <Alert variant="info" data-testid="refund-notice">
          ألغينا هذا الطلب ورددنا المبلغ المدفوع كاملاً ({formatEGP(order.totalOrderPrice)}) إلى وسيلة الدفع التي دفعت
          بها. قد يستغرق ظهوره في حسابك بضعة أيام حسب البنك أو المحفظة.
        </Alert>
      )}
      <p className="text-body-secondary">
        تاريخ الطلب: <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
      </p>

      <Row className="g-3">
        <Col xs={12} lg={8}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6">المنتجات</h2>
              <OrderItemList items={order.cartItems} look="customer" />
              <dl className="order-summary mb-0 mt-3">
                <AmountRow term="المجموع الفرعي">{formatEGP(itemsSubtotal(order))}</AmountRow>
                {order.coupon && (
                  <AmountRow
                    term={
                      <>
                        كوبون الخصم <span dir="ltr">{order.coupon}</span>
                      </>
                    }
                    tone="saving"
                  >
                    - {formatEGP(saved)}
                  </AmountRow>
                )}
                {/* Free shipping is only said by a server that charges shipping (it answers the cash fee too). */}
                {(order.shippingPrice > 0 || order.cashFee != null) && (
                  <AmountRow term="الشحن" testId="order-shipping">
                    {order.shippingPrice > 0 ? formatEGP(order.shippingPrice) : 'شحن مجاني'}
                  </AmountRow>
                )}
                {(order.cashFee ?? 0) > 0 && (
                  <AmountRow term="رسوم الدفع عند الاستلام" testId="order-cash-fee">
                    {formatEGP(order.cashFee ?? 0)}
                  </AmountRow>
                )}
                <AmountRow term="الاجمالي" tone="total">
                  {formatEGP(order.totalOrderPrice)}
                </AmountRow>
                {order.taxPrice > 0 && (
                  <AmountRow term="منها ضريبة القيمة المضافة" tone="note" testId="order-vat">
                    {formatEGP(order.taxPrice)}
                  </AmountRow>
                )}
              </dl>
              <div className="mt-3 text-end">
                <Link to={`/user/orders/${order._id}/invoice`} className="btn btn-outline-dark btn-sm">
                  الفاتورة
                </Link>
              </div>
            </Card.Body>
          </Card>
        </Col>

        <Col xs={12} lg={4} className="d-flex flex-column gap-3">
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6 mb-3">حالة الطلب</h2>
              <OrderTimeline order={order} />
              {cancellable && (
                <Button
                  variant="outline-danger"
                  className="w-100 mt-3"
                  onClick={() => setConfirming(true)}
                  disabled={cancel.status === 'pending'}
                >
                  الغاء الطلب
                </Button>
              )}
            </Card.Body>
          </Card>

          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6">عنوان التوصيل</h2>
              {address ? (
                <address className="mb-0">
                  {address.alias && <span className="fw-semibold d-block">{address.alias}</span>}
                  <span className="d-block">{address.details}</span>
                  {addressPlace(address) && <span className="d-block">{addressPlace(address)}</span>}
                  {address.postalCode && (
                    <span className="d-block small text-body-secondary">
                      الرمز البريدي: <span dir="ltr">{address.postalCode}</span>
                    </span>
                  )}
                  <span className="d-block small text-body-secondary">
                    رقم الهاتف: <span dir="ltr">{address.phone}</span>
                  </span>
                </address>
              ) : (
                <p className="mb-0 text-body-secondary">لا يوجد عنوان مسجل لهذا الطلب</p>
              )}
            </Card.Body>
          </Card>

          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h6">طريقة الدفع</h2>
              <p className="mb-0">{paymentMethodLabel(order)}</p>
            </Card.Body>
          </Card>
        </Col>
      </Row>

      <ConfirmModal
        show={confirming}
        title={`الغاء ${heading}؟`}
        body="سيتم الغاء الطلب ولن يمكن التراجع عن ذلك."
        confirmLabel="الغاء الطلب"
        cancelLabel="رجوع"
        busy={cancel.status === 'pending'}
        onConfirm={() => void onCancel()}
        onCancel={() => setConfirming(false)}
        onExited={() => {
          if (focusHeadingAfterDialog.current) heading1.current?.focus();
          focusHeadingAfterDialog.current = false;
        }}
      />
    </section>
  );
}
