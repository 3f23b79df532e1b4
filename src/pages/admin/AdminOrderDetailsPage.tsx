import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { useAppDispatch } from '../../app/hooks';
import { CANCELLED_LABEL } from '../../components/orderLabels';
import { DeliveryAddress, OrderMoney, OrderStateBadges } from '../../features/orders/admin/OrderFacts';
import WhatsAppLink from '../../features/orders/admin/WhatsAppLink';
import OrderItemList from '../../components/OrderItemList';
import OrderTimeline from '../../components/OrderTimeline';
import { markOrder } from '../../features/orders/adminThunks';
import OrderDispatch from '../../features/orders/OrderDispatch';
import OrderRefund from '../../features/orders/OrderRefund';
import OrderLoadState from '../../features/orders/OrderLoadState';
import { useRouteOrder } from '../../features/orders/useRouteOrder';
import { DELAYS } from '../../lib/delays';
import { formatDateTime } from '../../../common/format';
import { useLater } from '../../lib/useLater';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import EmailAddress from '../../components/EmailAddress';

const PAID_CHANGED_MESSAGE = 'تم تغيير حالة الدفع بنجاح';
const DELIVERED_CHANGED_MESSAGE = 'تم تغيير حالة التوصيل بنجاح';
const CHANGE_FAILED_MESSAGE = 'هناك مشكلة في عملية التغيير';

interface StateChange {
  change: 'pay' | 'deliver';
  label: string;
  successMessage: string;
}

const STATE_CHANGES: StateChange[] = [
  { change: 'pay', label: 'حالة الدفع', successMessage: PAID_CHANGED_MESSAGE },
  { change: 'deliver', label: 'حالة التوصيل', successMessage: DELIVERED_CHANGED_MESSAGE },
];

/**
 * One select and its save button. It shows the order's current state; SPEC §4 has no way back to false, so the only
 * choice offered is "yes" while the state is "no" ("no" is shown as the current state and cannot be chosen), and both
 * are disabled once the state is "yes".
 */
function StateChanger({
  orderId,
  spec,
  done,
  onChanged,
}: {
  orderId: string;
  spec: StateChange;
  done: boolean;
  onChanged: () => void;
}) {
  const [choice, setChoice] = useState(String(done));
  const [saving, setSaving] = useState(false);
  /** Set after a successful change, until the order is fetched again. */
  const [changed, setChanged] = useState(false);
  const dispatch = useAppDispatch();
  const selectId = `order-${spec.change}`;
  const finished = done || changed;

  const save = async () => {
    if (choice !== 'true' || finished) return;
    setSaving(true);
    try {
      await dispatch(markOrder({ id: orderId, change: spec.change })).unwrap();
      setChanged(true);
      toast.success(spec.successMessage);
      onChanged();
    } catch {
      toast.error(CHANGE_FAILED_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <Form.Group controlId={selectId} className="flex-grow-1" style={{ minWidth: 180 }}>
        <Form.Label>{spec.label}</Form.Label>
        <Form.Select
          value={finished ? 'true' : choice}
          disabled={finished || saving}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="false" disabled>
            لا
          </option>
          <option value="true">نعم</option>
        </Form.Select>
      </Form.Group>
      <Button
        variant="dark"
        onClick={() => void save()}
        disabled={finished || saving || choice !== 'true'}
        aria-label={`حفظ ${spec.label}`}
      >
        حفظ
      </Button>
    </div>
  );
}

export default function AdminOrderDetailsPage() {
  useAdminPageMeta('تفاصيل الطلب');
  const route = useRouteOrder();
  const { order, reload: load } = route;
  const later = useLater();

  // DESIGN.md: instead of SPEC's page reload, the order is fetched again after the same delay.
  const refetchLater = () => {
    later(load, DELAYS.reloadAfterAction, 'refetch');
  };

  // A failed load (a refetch too) says so, an unknown order too; while the order is asked for again, the one shown
  // stays until its answer.
  if (!order || route.failed) return <OrderLoadState route={route} />;
  const state = { pay: order.isPaid, deliver: order.isDelivered };

  return (
    <section>
      <h1 className="h4 mt-3 mb-1">
        تفاصيل الطلب رقم #{order.id}{' '}
        {order.isCancelled && (
          <Badge bg="danger" className="fw-normal align-middle">
            {CANCELLED_LABEL}
          </Badge>
        )}
      </h1>
      <p className="text-muted small mb-3 d-flex flex-wrap align-items-center gap-2">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        <Link to={`/admin/orders/${order._id}/invoice`} className="btn btn-outline-dark btn-sm ms-auto">
          الفاتورة
        </Link>
      </p>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">المنتجات</h2>
          <OrderItemList items={order.cartItems} look="detailed" />
          <OrderMoney order={order} />
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Body className="row g-3">
          <div className="col-12 col-md-6">
            <h2 className="h6">عنوان التوصيل</h2>
            <DeliveryAddress order={order} />
          </div>
          <div className="col-12 col-md-6">
            <h2 className="h6">مراحل الطلب</h2>
            <OrderTimeline order={order} />
          </div>
        </Card.Body>
      </Card>

      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">تفاصيل العميل</h2>
          <dl className="row mb-0">
            <dt className="col-4 col-md-2">الاسم</dt>
            <dd className="col-8 col-md-10">{order.user?.name}</dd>
            <dt className="col-4 col-md-2">رقم الهاتف</dt>
            <dd className="col-8 col-md-10">
              <span dir="ltr">{order.user?.phone ?? ''}</span>
              <WhatsAppLink phone={order.user?.phone} name={order.user?.name} order={order} />
            </dd>
            <dt className="col-4 col-md-2">الايميل</dt>
            <dd className="col-8 col-md-10">
              <EmailAddress email={order.user?.email ?? ''} />
            </dd>
          </dl>
          <div className="d-flex flex-wrap gap-2 mt-2">
            <OrderStateBadges order={order} />
          </div>
        </Card.Body>
      </Card>

      {/* Confirming and shipping are our server's steps (the original backend answers neither field). */}
      {order.isShipped !== undefined && (
        <Card className="mb-3">
          <Card.Body>
            <h2 className="h6">التأكيد والشحن</h2>
            <OrderDispatch order={order} onStale={load} />
          </Card.Body>
        </Card>
      )}

      <Card>
        <Card.Body className="d-grid gap-3">
          {/* A cancelled order is never paid or delivered (the server answers 409). */}
          {order.isCancelled && (
            <p className="mb-0 text-danger">
              {order.isRefunded
                ? 'تم استرداد مبلغ هذا الطلب وإلغاؤه، لا يمكن تغيير حالة الدفع او التوصيل.'
                : 'هذا الطلب ملغي من العميل، لا يمكن تغيير حالة الدفع او التوصيل.'}
            </p>
          )}
          {(order.isCancelled ? [] : STATE_CHANGES).map((spec) => (
            <StateChanger
              key={`${spec.change}-${state[spec.change]}`}
              orderId={order._id}
              spec={spec}
              done={state[spec.change]}
              onChanged={refetchLater}
            />
          ))}
          <div>
            <OrderRefund order={order} onStale={load} />
          </div>
        </Card.Body>
      </Card>
    </section>
  );
}
