import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ApiError, Order, Shipment } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import SubmitForm from '../../components/SubmitForm';
import { awaitsConfirmation, canShip } from '../../components/orderSteps';
import { failureText } from '../../lib/failures';
import { toast } from '../../lib/toast';
import { formatDateTime } from '../../../common/format';
import { confirmOrder, shipOrder } from './ordersSlice';
import { checkedShipment, SHIPMENT_LIMITS } from './shipment';

const CONFIRMED_MESSAGE = 'تم تأكيد الطلب بنجاح';
const SHIPPED_MESSAGE = 'تم تسجيل شحن الطلب';
const EMPTY_SHIPMENT: Shipment = { courier: '', trackingNumber: '', trackingUrl: '' };

/** The courier and tracking of a shipped order (the link opens the courier's page). */
function ShipmentFacts({ order }: { order: Order }) {
  const { shipment } = order;
  return (
    <dl className="row small mb-0">
      <dt className="col-5 col-sm-3 fw-normal text-muted">تاريخ الشحن</dt>
      <dd className="col-7 col-sm-9 mb-1">{formatDateTime(order.shippedAt)}</dd>
      <dt className="col-5 col-sm-3 fw-normal text-muted">شركة الشحن</dt>
      <dd className="col-7 col-sm-9 mb-1">{shipment?.courier}</dd>
      {shipment?.trackingNumber && (
        <>
          <dt className="col-5 col-sm-3 fw-normal text-muted">رقم التتبع</dt>
          <dd className="col-7 col-sm-9 mb-1">
            <span dir="ltr">{shipment.trackingNumber}</span>
          </dd>
        </>
      )}
      {shipment?.trackingUrl && (
        <>
          <dt className="col-5 col-sm-3 fw-normal text-muted">رابط التتبع</dt>
          <dd className="col-7 col-sm-9 mb-1 text-break">
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" dir="ltr">
              {shipment.trackingUrl}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * The owner's two steps before delivery on the admin order page: "تأكيد الطلب" once the customer has confirmed a cash
 * order (by phone or WhatsApp), and "شحن الطلب" with the courier and its tracking. The orders slice keeps the order as
 * it is after each step; a refusal (a cancelled order, say) is said in Arabic and the order is fetched again (`onStale`).
 */
export default function OrderDispatch({ order, onStale }: { order: Order; onStale: () => void }) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const [values, setValues] = useState<Shipment>(EMPTY_SHIPMENT);

  const refused = (err: unknown) => {
    const error = err as ApiError;
    if (error.status === 409) onStale();
    return failureText(error);
  };

  const confirm = async () => {
    setConfirming(true);
    try {
      await dispatch(confirmOrder(order._id)).unwrap();
      toast.success(CONFIRMED_MESSAGE);
    } catch (err) {
      toast.error(refused(err));
    } finally {
      setConfirming(false);
    }
  };

  const ship = () => {
    const checked = checkedShipment(values);
    if ('problem' in checked) return checked.problem;
    return {
      send: () => dispatch(shipOrder({ id: order._id, shipment: checked.shipment })).unwrap(),
      success: SHIPPED_MESSAGE,
    };
  };

  return (
    <div className="d-grid gap-3">
      <div>
        <h3 className="h6">تأكيد الطلب</h3>
        {order.isConfirmed ? (
          <p className="mb-0 text-success">تم تأكيد الطلب مع العميل {formatDateTime(order.confirmedAt)}</p>
        ) : awaitsConfirmation(order) ? (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button variant="success" onClick={() => void confirm()} disabled={confirming}>
              تأكيد الطلب
            </Button>
            <span className="small text-muted">بعد تأكيد العميل بالهاتف او واتساب</span>
          </div>
        ) : (
          <p className="mb-0 text-muted small">لا يحتاج هذا الطلب الى تأكيد</p>
        )}
      </div>
      <div>
        <h3 className="h6">الشحن</h3>
        {order.isShipped ? (
          <ShipmentFacts order={order} />
        ) : canShip(order) ? (
          <SubmitForm label="شحن الطلب" layout="row" onSubmit={ship} failureText={refused}>
            <Form.Group controlId="ship-courier" className="col-12 col-md-4">
              <Form.Label>شركة الشحن</Form.Label>
              <Form.Control
                value={values.courier}
                maxLength={SHIPMENT_LIMITS.courier}
                placeholder="مثال: بوسطة"
                onChange={(e) => setValues({ ...values, courier: e.target.value })}
              />
            </Form.Group>
            <Form.Group controlId="ship-number" className="col-12 col-md-4">
              <Form.Label>رقم التتبع (اختياري)</Form.Label>
              <Form.Control
                dir="ltr"
                value={values.trackingNumber ?? ''}
                maxLength={SHIPMENT_LIMITS.trackingNumber}
                onChange={(e) => setValues({ ...values, trackingNumber: e.target.value })}
              />
            </Form.Group>
            <Form.Group controlId="ship-url" className="col-12 col-md-4">
              <Form.Label>رابط التتبع (اختياري)</Form.Label>
              <Form.Control
                type="url"
                dir="ltr"
                value={values.trackingUrl ?? ''}
                maxLength={SHIPMENT_LIMITS.trackingUrl}
                onChange={(e) => setValues({ ...values, trackingUrl: e.target.value })}
              />
            </Form.Group>
            <div className="col-12">
              <Button type="submit" variant="dark">
                شحن الطلب
              </Button>
            </div>
          </SubmitForm>
        ) : (
          <p className="mb-0 text-muted small">
            {order.isCancelled ? 'لا يمكن شحن طلب ملغي' : order.isDelivered ? 'تم توصيل هذا الطلب' : 'لم يتم الشحن'}
          </p>
        )}
      </div>
    </div>
  );
}
