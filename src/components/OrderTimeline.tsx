import type { Order, OrderStatusStep, OrderStep } from '../api/types';
import { formatDateTime } from '../../common/format';
import './orderTimeline.css';

const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  placed: 'تم تقديم الطلب',
  paid: 'تم الدفع',
  delivered: 'تم التوصيل',
  cancelled: 'تم الغاء الطلب',
  refunded: 'تم استرداد المبلغ',
};

/** The server's history, or (from a backend without it) the same steps from the order's own times, oldest first. */
function historyOf(order: Order): OrderStatusStep[] {
  if (order.statusHistory) return order.statusHistory;
  const times: [OrderStep, string | null | undefined][] = [
    ['placed', order.createdAt],
    ['paid', order.paidAt],
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
 * The order's status history as a vertical timeline (its line on the start side: the right, in Arabic).
 * Reached steps carry their time; the steps still ahead (paid, delivered) follow muted. A cancelled order
 * has nothing ahead. `compact` (the admin's order cards): the steps reached so far on one wrapping line.
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
  const ahead: OrderStep[] = order.isCancelled
    ? []
    : (['paid', 'delivered'] as const).filter((step) => !reached.some((s) => s.status === step));
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
        </li>
      ))}
      {ahead.map((step) => (
        <li key={step} className="order-timeline__step order-timeline__step--ahead text-body-secondary">
          <span className="d-block">{ORDER_STEP_LABELS[step]}</span>
          <span className="small">لم يتم بعد</span>
        </li>
      ))}
    </ol>
  );
}
