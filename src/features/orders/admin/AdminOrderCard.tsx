import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../../common/format';
import OrderItemList from '../../../components/OrderItemList';
import OrderTimeline from '../../../components/OrderTimeline';
import { DeliveryAddress, OrderMoney, OrderStateBadges, type AdminOrder } from './OrderFacts';
import WhatsAppLink from './WhatsAppLink';
import EmailAddress from '../../../components/EmailAddress';

/** An order in the admin list: everything needed to prepare and deliver it, linking to its page. */
export default function AdminOrderCard({ order }: { order: AdminOrder }) {
  const heading = `طلب رقم #${order.id}`;
  return (
    <Card as="article" className="mb-3 shadow-sm position-relative" aria-label={heading}>
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2 bg-white">
        <h2 className="h6 mb-0">
          <Link to={`/admin/orders/${order._id}`} className="stretched-link text-decoration-none">
            {heading}
          </Link>
        </h2>
        <time dateTime={order.createdAt} className="text-muted small">
          {formatDateTime(order.createdAt)}
        </time>
      </Card.Header>
      <Card.Body>
        <div className="row g-2 small mb-2">
          <div className="col-12 col-md-6">
            <span className="fw-semibold">العميل:</span> {order.user?.name}
            {order.user?.email && <EmailAddress email={order.user.email} className="d-block text-muted" />}
            {order.user?.phone && (
              <span className="d-block text-muted">
                <span dir="ltr">{order.user.phone}</span>
                <WhatsAppLink phone={order.user.phone} name={order.user.name} order={order} />
              </span>
            )}
          </div>
          <div className="col-12 col-md-6">
            <span className="fw-semibold">عنوان التوصيل:</span>
            <DeliveryAddress order={order} />
          </div>
        </div>
        <OrderItemList items={order.cartItems} look="compact" />
        <div className="d-flex flex-wrap gap-2 mt-2">
          <OrderStateBadges order={order} />
        </div>
        <div className="mt-2">
          <OrderTimeline order={order} compact />
        </div>
        <OrderMoney order={order} />
      </Card.Body>
    </Card>
  );
}
