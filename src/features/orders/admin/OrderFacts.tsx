import Badge from 'react-bootstrap/Badge';
import type { Order, ShippingAddress } from '../../../api/types';
import { formatEGP } from '../../../../common/format';
import { EndedBadges, StateBadge } from '../../../components/OrderBadges';
import { paymentMethodLabel } from '../../../components/orderLabels';
import { couponSaving } from '../../../components/orderMoney';
import { awaitsConfirmation } from '../../../components/orderSteps';
import WhatsAppLink from './WhatsAppLink';

/**
 * What the shop owner and the courier need to know about an order, shared by the admin list's cards and the order
 * page. Fields that newer servers add (`shippingAddress.alias`, `isCancelled`, `cancelledAt`) are shown when present.
 */
export type AdminOrder = Order & {
  shippingAddress?: (ShippingAddress & { alias?: string }) | null;
  isCancelled?: boolean;
  cancelledAt?: string | null;
};

export function OrderStateBadges({ order }: { order: AdminOrder }) {
  return (
    <>
      <EndedBadges order={order} />
      <StateBadge done={order.isPaid} doneLabel="تم الدفع" pendingLabel="لم يتم الدفع" />
      {order.isConfirmed && (
        <Badge bg="success" className="fw-normal">
          تم التأكيد
        </Badge>
      )}
      {awaitsConfirmation(order) && (
        <Badge bg="warning" text="dark" className="fw-normal">
          بانتظار التأكيد
        </Badge>
      )}
      {order.isShipped && (
        <Badge bg="success" className="fw-normal">
          تم الشحن
        </Badge>
      )}
      <StateBadge done={order.isDelivered} doneLabel="تم التوصيل" pendingLabel="لم يتم التوصيل" />
    </>
  );
}

/** The delivery address as a courier reads it; says so when the order has none (card orders of the original checkout). */
export function DeliveryAddress({ order }: { order: AdminOrder }) {
  const address = order.shippingAddress;
  if (!address) return <p className="mb-0 text-muted">لا يوجد عنوان توصيل لهذا الطلب</p>;
  return (
    <address className="mb-0">
      {address.alias && <span className="fw-semibold">{address.alias}: </span>}
      {address.details}
      {address.city && <span>، {address.city}</span>}
      {address.governorateName && <span>، {address.governorateName}</span>}
      <br />
      <span className="text-muted">هاتف التوصيل: </span>
      <a href={`tel:${address.phone}`} className="tap-target" dir="ltr">
        {address.phone}
      </a>
      <WhatsAppLink phone={address.phone} name={order.user?.name} order={order} />
    </address>
  );
}

/** Coupon and what it saved, payment method, shipping and cash fee, the total and the VAT it includes. */
export function OrderMoney({ order }: { order: Order }) {
  const saved = couponSaving(order);
  return (
    <dl className="row mb-0 small mt-2">
      <dt className="col-5 col-sm-4 fw-normal text-muted">طريقة الدفع</dt>
      <dd className="col-7 col-sm-8 mb-1">{paymentMethodLabel(order)}</dd>
      {order.coupon && (
        <>
          <dt className="col-5 col-sm-4 fw-normal text-muted">الكوبون</dt>
          <dd className="col-7 col-sm-8 mb-1">
            <span dir="ltr">{order.coupon}</span> (وفر {formatEGP(saved)})
          </dd>
        </>
      )}
      <dt className="col-5 col-sm-4 fw-normal text-muted">الشحن</dt>
      <dd className="col-7 col-sm-8 mb-1">{order.shippingPrice ? formatEGP(order.shippingPrice) : 'مجاني'}</dd>
      {Boolean(order.cashFee) && (
        <>
          <dt className="col-5 col-sm-4 fw-normal text-muted">رسوم الدفع عند الاستلام</dt>
          <dd className="col-7 col-sm-8 mb-1">{formatEGP(order.cashFee ?? 0)}</dd>
        </>
      )}
      <dt className="col-5 col-sm-4 fw-normal text-muted">الاجمالي</dt>
      <dd className="col-7 col-sm-8 mb-1 fw-bold fs-6">{formatEGP(order.totalOrderPrice)}</dd>
      {Boolean(order.taxPrice) && (
        <>
          <dt className="col-5 col-sm-4 fw-normal text-muted">منها ضريبة القيمة المضافة</dt>
          <dd className="col-7 col-sm-8 mb-0">{formatEGP(order.taxPrice)}</dd>
        </>
      )}
    </dl>
  );
}
