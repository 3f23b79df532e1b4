import Badge from 'react-bootstrap/Badge';
import type { Order, ShippingAddress } from '../../api/types';
import { formatEGP } from '../../lib/format';
import ColorSwatch from '../ColorSwatch';
import { CANCELLED_LABEL, paymentMethodLabel } from '../orderLabels';
import { couponSaving, lineTotal } from './orderMoney';

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
      {order.isCancelled && (
        <Badge bg="danger" className="fw-normal">
          {CANCELLED_LABEL}
        </Badge>
      )}
      <Badge bg={order.isPaid ? 'success' : 'secondary'} className="fw-normal">
        {order.isPaid ? 'تم الدفع' : 'لم يتم الدفع'}
      </Badge>
      <Badge bg={order.isDelivered ? 'success' : 'secondary'} className="fw-normal">
        {order.isDelivered ? 'تم التوصيل' : 'لم يتم التوصيل'}
      </Badge>
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
      <br />
      <span className="text-muted">هاتف التوصيل: </span>
      <a href={`tel:${address.phone}`} dir="ltr">
        {address.phone}
      </a>
    </address>
  );
}

/** Each line: title, quantity and colour, unit price and line total. */
export function OrderLines({ order, withImages = false }: { order: Order; withImages?: boolean }) {
  return (
    <ul className="list-unstyled mb-0">
      {order.cartItems.map((item) => (
        <li key={item._id} className="d-flex align-items-center gap-3 py-2 border-bottom">
          {withImages && (
            <img
              src={item.product.imageCover}
              alt=""
              width={64}
              height={79}
              loading="lazy"
              className="rounded flex-shrink-0 bg-light"
              style={{ objectFit: 'cover' }}
            />
          )}
          <div className="flex-grow-1" style={{ minWidth: 0 }}>
            <div className="text-truncate fw-semibold">{item.product.title}</div>
            <div className="small text-muted d-flex flex-wrap align-items-center gap-2 mt-1">
              <span>الكمية: {item.count}</span>
              <ColorSwatch color={item.color} />
              <span>سعر القطعة: {formatEGP(item.price)}</span>
            </div>
          </div>
          <span className="fw-semibold text-nowrap">{formatEGP(lineTotal(item))}</span>
        </li>
      ))}
    </ul>
  );
}

/** Coupon and what it saved, payment method and total. */
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
      <dt className="col-5 col-sm-4 fw-normal text-muted">الاجمالي</dt>
      <dd className="col-7 col-sm-8 mb-0 fw-bold fs-6">{formatEGP(order.totalOrderPrice)}</dd>
    </dl>
  );
}
