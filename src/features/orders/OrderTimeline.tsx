import type { Order, OrderStep } from '../../api/types';
import { formatDateTime } from '../../lib/format';
import './orderTimeline.css';

const ORDER_STEP_LABELS: Record<OrderStep, string> = {
  placed: 'تم تقديم الطلب',
  paid: 'تم الدفع',
  delivered: 'تم التوصيل',
  cancelled: 'تم الغاء الطلب',
};

/**
 * The order's status history as a vertical timeline (its line on the start side: the right, in Arabic).
 * Reached steps carry their time; the steps still ahead (paid, delivered) follow muted. A cancelled order
 * has nothing ahead.
 */
export default function OrderTimeline({ order }: { order: Order }) {
  const reached = order.statusHistory ?? [];
  const ahead: OrderStep[] = order.isCancelled ? [] : (['paid', 'delivered'] as const).filter((step) => !reached.some((s) => s.status === step));
  return (
    <ol className="order-timeline list-unstyled mb-0" aria-label="مراحل الطلب">
      {reached.map((step) => (
        <li key={step.status} className={`order-timeline__step order-timeline__step--${step.status === 'cancelled' ? 'cancelled' : 'done'}`}>
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
