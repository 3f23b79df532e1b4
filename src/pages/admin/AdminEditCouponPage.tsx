import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { CouponBody } from '../../api/admin/coupons';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { describeAdminError } from '../../components/admin/adminErrors';
import { COUPON_EXISTS_MESSAGE } from '../../components/admin/adminMessages';
import CouponForm, { type CouponFormValues } from '../../features/coupon/admin/CouponForm';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import { updateCoupon } from '../../features/coupon/adminThunks';
import { couponEditClosed, fetchCoupon, selectEditedCoupon } from '../../features/coupon/couponSlice';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { useAdminPageMeta } from '../../lib/usePageMeta';

const COUPON_EDITED_MESSAGE = 'تم تعديل الكوبون بنجاح';
const COUPON_EDIT_FAILED_MESSAGE = 'فشل في عملية التعديل';
/** SPEC §4: back to the coupon list 1 s after a successful edit. */
const COUPON_EDIT_REDIRECT_MS = DELAYS.reloadAfterAction;

export default function AdminEditCouponPage() {
  useAdminPageMeta('تعديل كوبون');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const later = useLater();
  const edited = useAppSelector(selectEditedCoupon);
  const coupon = edited.id === id ? edited.coupon : null;
  const failed = edited.id === id && edited.status === 'failed';
  const initial = useMemo<CouponFormValues | null>(
    () => coupon && { name: coupon.name, expire: coupon.expire.slice(0, 10), discount: String(coupon.discount) },
    [coupon],
  );

  const load = useCallback(() => void dispatch(fetchCoupon(id)), [dispatch, id]);
  useEffect(load, [load]);
  useEffect(() => () => void dispatch(couponEditClosed()), [dispatch]);

  const saveCoupon = async (body: CouponBody): Promise<boolean> => {
    try {
      await dispatch(updateCoupon({ id, body })).unwrap();
      toast.success(COUPON_EDITED_MESSAGE);
      later(() => void navigate('/admin/addcoupon'), COUPON_EDIT_REDIRECT_MS);
    } catch (err) {
      const error = describeAdminError(err, COUPON_EDIT_FAILED_MESSAGE);
      toast.error(error.duplicate ? COUPON_EXISTS_MESSAGE : error.message);
    }
    return false;
  };

  return (
    <section>
      <h1 className="h4 my-3">تعديل الكوبون</h1>
      {failed ? (
        <LoadError onRetry={load} />
      ) : initial === null ? (
        <Spinner />
      ) : (
        <CouponForm initialValues={initial} submitLabel="حفظ التعديلات" onSubmit={saveCoupon} />
      )}
    </section>
  );
}
