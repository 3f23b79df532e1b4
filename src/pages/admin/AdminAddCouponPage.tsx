import { useCallback, useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { toast } from '../../lib/toast';
import { createCoupon, deleteCoupon, listCoupons, type CouponBody } from '../../api/admin/coupons';
import { toApiError } from '../../api/client';
import type { Coupon } from '../../api/types';
import { ADD_FAILURE_MESSAGE, DELETE_FAILURE_MESSAGE, LOAD_FAILED_MESSAGE } from '../../components/admin/adminMessages';
import CouponCard from '../../components/admin/CouponCard';
import CouponForm, { EMPTY_COUPON_FORM } from '../../components/admin/CouponForm';
import ConfirmModal from '../../components/ConfirmModal';
import Spinner from '../../components/Spinner';

export const COUPON_ADDED_MESSAGE = 'تم اضافة الكوبون بنجاح';
export const COUPON_EXISTS_MESSAGE = 'هذا الكوبون موجود من قبل';
export const COUPON_FORBIDDEN_MESSAGE = 'غير مسموح لك بالاضافة';
export const COUPON_DELETED_MESSAGE = 'تم حذف الكوبون بنجاح';

type CouponList = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; items: Coupon[] };

export default function AdminAddCouponPage() {
  const [list, setList] = useState<CouponList>({ state: 'loading' });
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const [deleting, setDeleting] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setList({ state: 'loaded', items: await listCoupons() });
    } catch {
      setList({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const addCoupon = async (body: CouponBody): Promise<boolean> => {
    try {
      const status = await createCoupon(body);
      if (status !== 201) {
        toast.error(ADD_FAILURE_MESSAGE);
        return false;
      }
      toast.success(COUPON_ADDED_MESSAGE);
      void refresh();
      return true;
    } catch (err) {
      const { status } = toApiError(err);
      toast.error(status === 400 ? COUPON_EXISTS_MESSAGE : status === 403 ? COUPON_FORBIDDEN_MESSAGE : ADD_FAILURE_MESSAGE);
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCoupon(toDelete._id);
      toast.success(COUPON_DELETED_MESSAGE);
      void refresh();
    } catch {
      toast.error(DELETE_FAILURE_MESSAGE);
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <section>
      <h1 className="h4 my-3">اضافة كوبون جديد</h1>
      <CouponForm initialValues={EMPTY_COUPON_FORM} submitLabel="اضافة كوبون" onSubmit={addCoupon} />

      <h2 className="h5 mt-4 mb-3">الكوبونات الحالية</h2>
      {list.state === 'loading' && <Spinner />}
      {list.state === 'failed' && <p className="text-danger">{LOAD_FAILED_MESSAGE}</p>}
      {list.state === 'loaded' && list.items.length === 0 && <p>لا يوجد كوبونات حتى الان</p>}
      {list.state === 'loaded' && list.items.length > 0 && (
        <Row xs={1} md={2} className="g-3">
          {list.items.map((coupon) => (
            <Col key={coupon._id}>
              <CouponCard coupon={coupon} onDelete={setToDelete} />
            </Col>
          ))}
        </Row>
      )}

      <ConfirmModal
        show={toDelete !== null}
        title="تاكيد الحذف"
        body={toDelete ? `هل انت متأكد من حذف الكوبون ${toDelete.name}؟` : undefined}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
