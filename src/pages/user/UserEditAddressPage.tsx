import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import { useAppDispatch } from '../../app/hooks';
import Spinner from '../../components/Spinner';
import AddressForm from '../../features/userAddress/AddressForm';
import { fetchAddress, updatedAddress } from '../../features/userAddress/userAddressSlice';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';
import { useResetOn } from '../../lib/useResetOn';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; address: AddressInput };

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
        () => current && setLoaded({ state: 'failed' }),
      );
    return () => {
      current = false;
    };
  }, [dispatch, id]);

  const save = async (input: AddressInput) => {
    let status = 0;
    try {
      status = await dispatch(updatedAddress({ id, input })).unwrap();
    } catch {
      // Reported below as a failed edit (SPEC §8).
    }
    if (status === 200) {
      toast.success('تم تعديل العنوان بنجاح');
      later(() => navigate('/user/addresses'), DELAYS.addressRedirect);
    } else {
      toast.error('فشل في عملية التعديل');
    }
  };

  return (
    <>
      <h1 className="h4 my-3">تعديل العنوان</h1>
      {loaded.state === 'loading' && <Spinner />}
      {loaded.state === 'failed' && (
        <p className="text-danger">
          تعذر تحميل هذا العنوان. <Link to="/user/addresses">العودة الى العناوين</Link>
        </p>
      )}
      {loaded.state === 'ready' && <AddressForm initial={loaded.address} submitLabel="حفظ التعديلات" onSubmit={save} />}
    </>
  );
}
