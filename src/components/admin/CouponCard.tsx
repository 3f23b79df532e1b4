import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import type { Coupon } from '../../api/types';
import { formatDate } from '../../lib/format';

export default function CouponCard({ coupon, onDelete }: { coupon: Coupon; onDelete: (coupon: Coupon) => void }) {
  return (
    <Card as="article" className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="fs-6">اسم الكوبون: {coupon.name}</Card.Title>
        <p className="mb-1">تاريخ الانتهاء: {formatDate(coupon.expire)}</p>
        <p className="mb-2">نسبة الخصم: {coupon.discount}%</p>
        <div className="d-flex gap-2">
          <Link to={`/admin/editcoupon/${coupon._id}`} className="btn btn-sm btn-outline-primary" aria-label={`تعديل الكوبون ${coupon.name}`}>
            تعديل
          </Link>
          <Button size="sm" variant="outline-danger" onClick={() => onDelete(coupon)} aria-label={`حذف الكوبون ${coupon.name}`}>
            حذف
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}
