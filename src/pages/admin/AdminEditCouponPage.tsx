import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { getCoupon, updateCoupon, type CouponBody } from '../../api/admin/coupons';
import { LOAD_FAILED_MESSAGE } from '../../components/admin/adminMessages';
import CouponForm, { type CouponFormValues } from '../../components/admin/CouponForm';
import Spinner from '../../components/Spinner';
import { DELAYS } from '../../lib/delays';

export const COUPON_EDITED_MESSAGE = 'تم تعديل الكوبون بنجاح';
export const COUPON_EDIT_FAILED_MESSAGE = 'فشل في عملية التعديل';
/** SPEC §4: back to the coupon list 1 s after a successful edit. */
const COUPON_EDIT_REDIRECT_MS = DELAYS.reloadAfterAction;

export default function AdminEditCouponPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [initial, setInitial] = useState<CouponFormValues | null>(null);
  const [failed, setFailed] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    let active = true;
    getCoupon(id)
      .then((coupon) => {
        if (active) setInitial({ name: coupon.name, expire: coupon.expire.slice(0, 10), discount: String(coupon.discount) });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [id]);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const saveCoupon = async (body: CouponBody): Promise<boolean> => {
    try {
      const status = await updateCoupon(id, body);
      if (status === 200) {
        toast.success(COUPON_EDITED_MESSAGE);
        redirectTimer.current = window.setTimeout(() => void navigate('/admin/addcoupon'), COUPON_EDIT_REDIRECT_MS);
      } else {
        toast.error(COUPON_EDIT_FAILED_MESSAGE);
      }
    } catch {
      toast.error(COUPON_EDIT_FAILED_MESSAGE);
    }
    return false;
  };

  return (
    <section>
      <h1 className="h4 my-3">تعديل الكوبون</h1>
      {failed ? (
        <p className="text-danger">{LOAD_FAILED_MESSAGE}</p>
      ) : initial === null ? (
        <Spinner />
      ) : (
        <CouponForm initialValues={initial} submitLabel="حفظ التعديلات" onSubmit={saveCoupon} />
      )}
    </section>
  );
}
