import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { toast } from '../../lib/toast';
import type { CouponBody } from '../../api/admin/coupons';
import type { Coupon } from '../../api/types';
import { describeAdminError } from '../../components/admin/adminErrors';
import {
  ADD_FAILURE_MESSAGE,
  COUPON_EXISTS_MESSAGE,
  DELETE_FAILURE_MESSAGE,
} from '../../components/admin/adminMessages';
import LoadError from '../../components/LoadError';
import CouponCard from '../../features/coupon/admin/CouponCard';
import CouponForm from '../../features/coupon/admin/CouponForm';
import ConfirmModal from '../../components/ConfirmModal';
import Spinner from '../../components/Spinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createCoupon, deleteCoupon } from '../../features/coupon/adminThunks';
import { fetchCoupons, selectCoupons, selectCouponsStatus } from '../../features/coupon/couponSlice';
import { useAdminPageMeta } from '../../lib/usePageMeta';

const COUPON_ADDED_MESSAGE = 'تم اضافة الكوبون بنجاح';
const COUPON_FORBIDDEN_MESSAGE = 'غير مسموح لك بالاضافة';
const COUPON_DELETED_MESSAGE = 'تم حذف الكوبون بنجاح';

export default function AdminAddCouponPage() {
  useAdminPageMeta('اضافة كوبون');
  const dispatch = useAppDispatch();
  const coupons = useAppSelector(selectCoupons);
  const status = useAppSelector(selectCouponsStatus);
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const [deleting, setDeleting] = useState(false);

  const refresh = () => void dispatch(fetchCoupons());
  useEffect(() => {
    void dispatch(fetchCoupons());
  }, [dispatch]);
  // A reload after an addition or a deletion keeps the list on screen until the new one arrives.
  const loading = status === 'idle' || (status === 'pending' && coupons.length === 0);

  const addCoupon = async (body: CouponBody): Promise<boolean> => {
    try {
      await dispatch(createCoupon(body)).unwrap();
      toast.success(COUPON_ADDED_MESSAGE);
      return true;
    } catch (err) {
      // SPEC's texts for the duplicate and the 403; any other refusal names its own cause (discount, date…).
      const error = describeAdminError(err, ADD_FAILURE_MESSAGE);
      toast.error(
        error.duplicate ? COUPON_EXISTS_MESSAGE : error.status === 403 ? COUPON_FORBIDDEN_MESSAGE : error.message,
      );
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dispatch(deleteCoupon(toDelete._id)).unwrap();
      toast.success(COUPON_DELETED_MESSAGE);
    } catch (err) {
      toast.error(describeAdminError(err, DELETE_FAILURE_MESSAGE).message);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <section>
      <h1 className="h4 my-3">اضافة كوبون جديد</h1>
      <CouponForm submitLabel="اضافة كوبون" onSubmit={addCoupon} />

      <h2 className="h5 mt-4 mb-3">الكوبونات الحالية</h2>
      {status === 'failed' ? (
        <LoadError onRetry={refresh} />
      ) : loading ? (
        <Spinner />
      ) : coupons.length === 0 ? (
        <p>لا يوجد كوبونات حتى الان</p>
      ) : (
        <Row xs={1} md={2} className="g-3">
          {coupons.map((coupon) => (
            <Col key={coupon._id}>
              <CouponCard coupon={coupon} onDelete={setToDelete} />
            </Col>
          ))}
        </Row>
      )}

      <ConfirmModal
        show={toDelete !== null}
        title="تأكيد الحذف"
        body={toDelete ? `هل انت متأكد من حذف الكوبون ${toDelete.name}؟` : undefined}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
