import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { getOrder, markOrder } from '../../api/admin/orders';
import type { Order } from '../../api/types';
import { LOAD_FAILED_MESSAGE } from '../../components/admin/adminMessages';
import ColorSwatch from '../../components/ColorSwatch';
import Spinner from '../../components/Spinner';
import StarRating from '../../components/StarRating';
import { DELAYS } from '../../lib/delays';
import { formatEGP } from '../../lib/format';

export const PAID_CHANGED_MESSAGE = 'تم تغيير حالة الدفع بنجاح';
export const DELIVERED_CHANGED_MESSAGE = 'تم تغيير حالة التوصيل بنجاح';
export const CHANGE_FAILED_MESSAGE = 'هناك مشكلة في عملية التغيير';

type OrderState = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; order: Order };

interface StateChange {
  change: 'pay' | 'deliver';
  label: string;
  successMessage: string;
}

const STATE_CHANGES: StateChange[] = [
  { change: 'pay', label: 'حالة الدفع', successMessage: PAID_CHANGED_MESSAGE },
  { change: 'deliver', label: 'حالة التوصيل', successMessage: DELIVERED_CHANGED_MESSAGE },
];

/** One select (placeholder, yes, no) and its save button. SPEC §4: only "yes" makes a call; there is no way back. */
function StateChanger({ orderId, spec, onChanged }: { orderId: string; spec: StateChange; onChanged: () => void }) {
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);
  const selectId = `order-${spec.change}`;

  const save = async () => {
    if (choice !== 'true') return;
    setSaving(true);
    try {
      const status = await markOrder(orderId, spec.change);
      if (status === 200) {
        toast.success(spec.successMessage);
        onChanged();
      } else {
        toast.error(CHANGE_FAILED_MESSAGE);
      }
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
        <Form.Select value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">اختر {spec.label}</option>
          <option value="true">نعم</option>
          <option value="false">لا</option>
        </Form.Select>
      </Form.Group>
      <Button variant="dark" onClick={() => void save()} disabled={saving} aria-label={`حفظ ${spec.label}`}>
        حفظ
      </Button>
    </div>
  );
}

export default function AdminOrderDetailsPage() {
  const { id = '' } = useParams();
  const [result, setResult] = useState<OrderState>({ state: 'loading' });
  const refetchTimer = useRef<number | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      setResult({ state: 'loaded', order: await getOrder(id) });
    } catch {
      setResult({ state: 'failed' });
    }
  }, [id]);

  useEffect(() => {
    void load();
    return () => window.clearTimeout(refetchTimer.current);
  }, [load]);

  // DESIGN.md: instead of SPEC's page reload, the order is fetched again after the same delay.
  const refetchLater = () => {
    window.clearTimeout(refetchTimer.current);
    refetchTimer.current = window.setTimeout(() => void load(), DELAYS.reloadAfterAction);
  };

  if (result.state === 'loading') return <Spinner />;
  if (result.state === 'failed') return <p className="text-danger my-3">{LOAD_FAILED_MESSAGE}</p>;
  const { order } = result;

  return (
    <section>
      <h1 className="h4 my-3">تفاصيل الطلب رقم #{order.id}</h1>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h6">المنتجات</h2>
          <ul className="list-unstyled mb-0">
            {order.cartItems.map((item) => (
              <li key={item._id} className="d-flex align-items-center gap-3 py-2 border-bottom">
                <Link to={`/products/${item.product._id}`} className="flex-shrink-0" aria-label={item.product.title}>
                  <img src={item.product.imageCover} alt="" width={80} height={98} loading="lazy" className="rounded bg-light" style={{ objectFit: 'cover' }} />
                </Link>
                <div style={{ minWidth: 0 }}>
                  <p className="mb-1 fw-semibold">{item.product.title}</p>
                  <div className="d-flex align-items-center gap-1 small">
                    <StarRating value={item.product.ratingsAverage} />
                    <span>{item.product.ratingsAverage}</span>
                    <span className="text-muted">({item.product.ratingsQuantity} تقييم)</span>
                  </div>
                  <div className="d-flex align-items-center gap-2 small mt-1">
                    <span>الكمية: {item.count}</span>
                    <ColorSwatch color={item.color} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-3 mb-0 fw-bold">الاجمالي: {formatEGP(order.totalOrderPrice)}</p>
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
            </dd>
            <dt className="col-4 col-md-2">الايميل</dt>
            <dd className="col-8 col-md-10 text-break">
              <span dir="ltr">{order.user?.email}</span>
            </dd>
          </dl>
          <p className="small text-muted mb-0 mt-2">
            {order.isPaid ? 'تم الدفع' : 'لم يتم الدفع'} · {order.isDelivered ? 'تم التوصيل' : 'لم يتم التوصيل'}
          </p>
        </Card.Body>
      </Card>

      <Card>
        <Card.Body className="d-grid gap-3">
          {STATE_CHANGES.map((spec) => (
            <StateChanger key={spec.change} orderId={order._id} spec={spec} onChanged={refetchLater} />
          ))}
        </Card.Body>
      </Card>
    </section>
  );
}
