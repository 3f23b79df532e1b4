import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import type { Address } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import Spinner from '../../components/Spinner';
import AddressForm from '../../features/userAddress/AddressForm';
import { addressEditClosed, fetchAddress, selectEditedAddress, updateAddress } from '../../app/userAddressSlice';
import { DELAYS } from '../../lib/delays';
import { failureText } from '../../lib/failures';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';
import { addressRefusal } from '../../content/addressTexts';

const EDIT_FAILED = 'فشل في عملية التعديل';
const LOAD_FAILED = 'تعذر تحميل هذا العنوان';
/** The address's own words for a class of failure (the rest as lib/failures.ts says them). */
const ADDRESS_WORDING = { notFound: 'هذا العنوان غير موجود، ربما حُذف' };

/** The form's starting values: the stored address (an original-backend address may have no city or governorate). */
function formValues({ alias, details, phone, city, governorate }: Address): AddressInput {
  return { alias, details, phone, city: city ?? '', governorate: governorate ?? '' };
}

export default function UserEditAddressPage() {
  usePageMeta({ title: 'تعديل العنوان' });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const later = useLater();
  const edited = useAppSelector(selectEditedAddress);
  // The address of this screen's id once its latest load has answered (a spinner before).
  const settled = edited.id === id && (edited.status === 'succeeded' || edited.status === 'failed');

  useEffect(() => {
    void dispatch(fetchAddress(id));
  }, [dispatch, id]);
  useEffect(() => () => void dispatch(addressEditClosed()), [dispatch]);

  const save = async (input: AddressInput) => {
    const result = await dispatch(updateAddress({ id, input }));
    if (updateAddress.fulfilled.match(result)) {
      toast.success('تم تعديل العنوان بنجاح');
      later(() => navigate('/user/addresses'), DELAYS.addressRedirect);
    } else {
      // Offline, server trouble or a lost session said as such (lib/failures.ts); SPEC §8's text for a refused edit.
      const error = updateAddress.rejected.match(result) ? result.payload : undefined;
      toast.failure(error ?? { message: '' }, {
        fallback: addressRefusal(error) ?? EDIT_FAILED,
        wording: ADDRESS_WORDING,
        retry: () => void save(input),
      });
    }
  };

  return (
    <>
      <h1 className="h4 my-3">تعديل العنوان</h1>
      {!settled && <Spinner />}
      {settled && edited.failure && (
        <p className="text-danger" role="alert">
          {LOAD_FAILED}: {failureText(edited.failure, { wording: ADDRESS_WORDING })}.{' '}
          <Link to="/user/addresses">العودة الى العناوين</Link>
        </p>
      )}
      {settled && edited.address && (
        <AddressForm initial={formValues(edited.address)} submitLabel="حفظ التعديلات" onSubmit={save} />
      )}
    </>
  );
}
