import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Order } from '../api/types';
import { formatDate, formatEGP } from '../../common/format';
import ColorSwatch from './ColorSwatch';
import { variantLabel } from '../../common/rules/variant';
import { EndedBadges, StateBadge } from './OrderBadges';
import { paymentMethodLabel } from './orderLabels';
import EmailAddress from './EmailAddress';

interface OrderCardProps {
  order: Order;
  /** When given, the whole card links there (/user/orders/{id}, the admin's /admin/orders/{id}); item titles then stay plain text. */
  to?: string;
  /** Shows the customer's name and e-mail (admin lists). */
  showCustomer?: boolean;
}

/** One order: number, date, items, total, paid/delivered state and payment method (customer and admin lists). */
export default function OrderCard({ order, to, showCustomer = false }: OrderCardProps) {
  const method = paymentMethodLabel(order);
  const heading = `طلب رقم #${order.id}`;
  return (
    <Card as="article" className="mb-3 shadow-sm position-relative" aria-label={heading}>
      <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2 bg-white">
        <h2 className="h6 mb-0">
          {to ? (
            <Link to={to} className="stretched-link text-decoration-none">
              {heading}
            </Link>
          ) : (
            heading
          )}
        </h2>
        <time dateTime={order.createdAt} className="text-muted small">
          {formatDate(order.createdAt)}
        </time>
      </Card.Header>
      <Card.Body>
        {showCustomer && (
          <p className="mb-2 small">
            <span className="fw-semibold">العميل:</span> {order.user?.name}
            {order.user?.email && <EmailAddress email={order.user.email} className="text-muted ms-2" />}
          </p>
        )}
        <ul className="list-unstyled mb-3">
          {order.cartItems.map((item) => (
            <li key={item._id} className="d-flex align-items-center gap-3 py-2 border-bottom">
              <img
                src={item.variant?.image || item.product.imageCover || undefined}
                alt={item.product.title}
                width={64}
                height={79}
                loading="lazy"
                className="rounded flex-shrink-0 bg-light"
                style={{ objectFit: 'cover' }}
              />
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <div className="text-truncate">
                  {to ? item.product.title : <Link to={`/products/${item.product._id}`}>{item.product.title}</Link>}
                </div>
                {item.variant && <div className="small">{variantLabel(item.variant.options)}</div>}
                <div className="small text-muted d-flex align-items-center gap-2 mt-1">
                  <span>الكمية: {item.count}</span>
                  {/* A variant's colour is named in its label. */}
                  {!item.variant && <ColorSwatch color={item.color} />}
                </div>
              </div>
            </li>
          ))}
        </ul>
        <div className="d-flex flex-wrap align-items-center gap-2 small">
          <EndedBadges order={order} />
          <StateBadge done={order.isPaid} doneLabel="تم الدفع" pendingLabel="لم يتم الدفع" />
          <StateBadge done={order.isDelivered} doneLabel="تم التوصيل" pendingLabel="لم يتم التوصيل" />
          <span className="text-muted">طريقة الدفع: {method}</span>
          <span className="ms-auto fw-bold fs-6">الاجمالي: {formatEGP(order.totalOrderPrice)}</span>
        </div>
      </Card.Body>
    </Card>
  );
}
