import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import { toApiError } from '../../api/client';
import type { ApiError } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import Spinner from '../../components/Spinner';
import AddressForm from '../../features/userAddress/AddressForm';
import { fetchAddress, updatedAddress } from '../../features/userAddress/userAddressSlice';
import { DELAYS } from '../../lib/delays';
import { failureText } from '../../lib/failures';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';
import { useResetOn } from '../../lib/useResetOn';

type Loaded = { state: 'loading' } | { state: 'failed'; error: ApiError } | { state: 'ready'; address: AddressInput };

const EDIT_FAILED = 'فشل في عملية التعديل';
const LOAD_FAILED = 'تعذر تحميل هذا العنوان';
/** The address's own words for a class of failure (the rest as lib/failures.ts says them). */
const ADDRESS_WORDING = { notFound: 'هذا العنوان غير موجود، ربما حُذف' };

export default function UserEditAddressPage() {
  usePageMeta({ title: 'تعديل العنوان' });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const later = useLater();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useResetOn(id, () => setLoaded({ state: 'loading' }));
  useEffect(() => {
    let current = true;
    dispatch(fetchAddress(id))
      .unwrap()
      .then(
        ({ alias, details, phone, city, governorate }) =>
          current &&
          setLoaded({
            state: 'ready',
            address: { alias, details, phone, city: city ?? '', governorate: governorate ?? '' },
          }),
        (err: unknown) => current && setLoaded({ state: 'failed', error: toApiError(err) }),
      );
    return () => {
      current = false;
    };
  }, [dispatch, id]);

  const save = async (input: AddressInput) => {
    const result = await dispatch(updatedAddress({ id, input }));
    if (updatedAddress.fulfilled.match(result) && result.payload === 200) {
      toast.success('تم تعديل العنوان بنجاح');
      later(() => navigate('/user/addresses'), DELAYS.addressRedirect);
    } else {
      // Offline, server trouble or a lost session said as such (lib/failures.ts); SPEC §8's text for a refused edit.
      const error = updatedAddress.rejected.match(result) ? result.payload : undefined;
      toast.failure(error ?? { message: '' }, {
        fallback: EDIT_FAILED,
        wording: ADDRESS_WORDING,
        retry: () => void save(input),
      });
    }
  };

  return (
    <>
      <h1 className="h4 my-3">تعديل العنوان</h1>
      {loaded.state === 'loading' && <Spinner />}
      {loaded.state === 'failed' && (
        <p className="text-danger" role="alert">
          {LOAD_FAILED}: {failureText(loaded.error, { wording: ADDRESS_WORDING })}.{' '}
          <Link to="/user/addresses">العودة الى العناوين</Link>
        </p>
      )}
      {loaded.state === 'ready' && <AddressForm initial={loaded.address} submitLabel="حفظ التعديلات" onSubmit={save} />}
    </>
  );
}
