import Badge from 'react-bootstrap/Badge';
import { CANCELLED_LABEL, REFUNDED_LABEL } from './orderLabels';

/** A step of an order, done (green) or still waiting (grey). */
export function StateBadge({
  done,
  doneLabel,
  pendingLabel,
}: {
  done: boolean;
  doneLabel: string;
  pendingLabel: string;
}) {
  return (
    <Badge bg={done ? 'success' : 'secondary'} className="fw-normal">
      {done ? doneLabel : pendingLabel}
    </Badge>
  );
}

/** How an order ended early, when it did: cancelled, and refunded (the customer's and the owner's cards alike). */
export function EndedBadges({ order }: { order: { isCancelled?: boolean; isRefunded?: boolean } }) {
  return (
    <>
      {order.isCancelled && (
        <Badge bg="danger" className="fw-normal">
          {CANCELLED_LABEL}
        </Badge>
      )}
      {order.isRefunded && (
        <Badge bg="warning" text="dark" className="fw-normal">
          {REFUNDED_LABEL}
        </Badge>
      )}
    </>
  );
}
