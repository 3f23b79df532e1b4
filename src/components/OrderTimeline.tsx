import type { Order, OrderStatusStep, OrderStep, Shipment } from '../api/types';
import { formatDateTime } from '../../common/format';
import './orderTimeline.css';

const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  placed: 'تم تقديم الطلب',
  confirmed: 'تم تأكيد الطلب',
  paid: 'تم الدفع',
  shipped: 'تم الشحن',
  delivered: 'تم التوصيل',
  cancelled: 'تم الغاء الطلب',
  refunded: 'تم استرداد المبلغ',
};

/** The server's history, or (from a backend without it) the same steps from the order's own times, oldest first. */
function historyOf(order: Order): OrderStatusStep[] {
  if (order.statusHistory) return order.statusHistory;
  const times: [OrderStep, string | null | undefined][] = [
    ['placed', order.createdAt],
    ['confirmed', order.confirmedAt],
    ['paid', order.paidAt],
    ['shipped', order.shippedAt],
    ['delivered', order.deliveredAt],
    ['cancelled', order.cancelledAt],
    ['refunded', order.refundedAt],
  ];
  return times
    .filter((step): step is [OrderStep, string] => Boolean(step[1]))
    .map(([status, at]) => ({ status, at }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The steps still ahead, in the order they usually come. A cash order is confirmed by phone before it ships and paid
 * on delivery. Confirmed and shipped are only promised by a server that has them (it answers `isConfirmed` and
 * `isShipped`); once delivered, only a missing payment is still ahead.
 */
function stepsAhead(order: Order, reached: OrderStatusStep[]): OrderStep[] {
  if (order.isCancelled) return [];
  const cash = order.paymentMethodType === 'cash';
  let steps: OrderStep[] = cash ? ['confirmed', 'shipped', 'paid', 'delivered'] : ['paid', 'shipped', 'delivered'];
  if (order.isConfirmed === undefined || !cash) steps = steps.filter((step) => step !== 'confirmed');
  if (order.isShipped === undefined) steps = steps.filter((step) => step !== 'shipped');
  const done = (step: OrderStep) => reached.some((s) => s.status === step);
  if (done('delivered')) steps = ['paid'];
  else if (done('shipped')) steps = steps.filter((step) => step !== 'confirmed');
  return steps.filter((step) => !done(step));
}

/** Who carries the order and where to follow it, under the shipped step. */
function ShipmentFacts({ shipment }: { shipment: Shipment }) {
  return (
    <span className="d-block small" data-testid="shipment">
      <span className="d-block">شركة الشحن: {shipment.courier}</span>
      {shipment.trackingNumber && (
        <span className="d-block">
          رقم التتبع: <bdi dir="ltr">{shipment.trackingNumber}</bdi>
        </span>
      )}
      {shipment.trackingUrl && (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
          تتبع الشحنة
        </a>
      )}
    </span>
  );
}

/**
 * The order's status history as a vertical timeline (its line on the start side: the right, in Arabic).
 * Reached steps carry their time (shipped also its courier and tracking); the steps still ahead follow muted. A
 * cancelled order has nothing ahead. `compact` (the admin's order cards): the steps reached so far on one wrapping line.
 */
export default function OrderTimeline({ order, compact = false }: { order: Order; compact?: boolean }) {
  const reached = historyOf(order);
  if (compact) {
    return (
      <ol className="order-timeline--compact list-unstyled d-flex flex-wrap gap-3 small mb-0" aria-label="مراحل الطلب">
        {reached.map((step) => (
          <li key={step.status}>
            <span className="fw-semibold">{ORDER_STEP_LABELS[step.status]}</span>{' '}
            <time dateTime={step.at} className="text-body-secondary">
              {formatDateTime(step.at)}
            </time>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className="order-timeline list-unstyled mb-0" aria-label="مراحل الطلب">
      {reached.map((step) => (
        <li
          key={step.status}
          className={`order-timeline__step order-timeline__step--${step.status === 'cancelled' ? 'cancelled' : 'done'}`}
        >
          <span className="fw-semibold d-block">{ORDER_STEP_LABELS[step.status]}</span>
          <time dateTime={step.at} className="small text-body-secondary">
            {formatDateTime(step.at)}
          </time>
          {step.status === 'shipped' && order.shipment && <ShipmentFacts shipment={order.shipment} />}
        </li>
      ))}
      {stepsAhead(order, reached).map((step) => (
        <li key={step} className="order-timeline__step order-timeline__step--ahead text-body-secondary">
          <span className="d-block">{ORDER_STEP_LABELS[step]}</span>
          <span className="small">لم يتم بعد</span>
        </li>
      ))}
    </ol>
  );
}
