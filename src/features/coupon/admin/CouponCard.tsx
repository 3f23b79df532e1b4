import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Coupon } from '../../../api/types';
import { formatDate } from '../../../../common/format';

const EXPIRED_LABEL = 'منتهي';

/** A coupon applies until its `expire` instant (API.md §6.3); after it, the card says so. */
const isExpired = (coupon: Coupon, now = Date.now()) => new Date(coupon.expire).getTime() <= now;

export default function CouponCard({ coupon, onDelete }: { coupon: Coupon; onDelete: (coupon: Coupon) => void }) {
  const expired = isExpired(coupon);
  return (
    <Card as="article" className={`h-100${expired ? ' border-danger-subtle bg-light' : ''}`}>
      <Card.Body>
        <Card.Title as="h2" className="fs-6 d-flex flex-wrap align-items-center gap-2">
          <span>اسم الكوبون: {coupon.name}</span>
          {expired && (
            <Badge bg="danger" className="fw-normal">
              {EXPIRED_LABEL}
            </Badge>
          )}
        </Card.Title>
        <p className="mb-1">تاريخ الانتهاء: {formatDate(coupon.expire)}</p>
        <p className="mb-2">نسبة الخصم: {coupon.discount}%</p>
        <div className="d-flex gap-2">
          <Link
            to={`/admin/editcoupon/${coupon._id}`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`تعديل الكوبون ${coupon.name}`}
          >
            تعديل
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => onDelete(coupon)}
            aria-label={`حذف الكوبون ${coupon.name}`}
          >
            حذف
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
