import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import { useAppDispatch } from '../../app/hooks';
import { addAddress } from '../../app/userAddressSlice';
import AddressForm from '../../features/userAddress/AddressForm';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';
import { addressRefusal } from '../../content/addressTexts';

const ADD_FAILED = 'هناك مشكلة في عملية الاضافة';

export default function UserAddAddressPage() {
  usePageMeta({ title: 'اضافة عنوان جديد' });
  const navigate = useNavigate();
  const later = useLater();
  const dispatch = useAppDispatch();

  const save = async (input: AddressInput) => {
    const result = await dispatch(addAddress(input));
    if (addAddress.fulfilled.match(result)) {
      toast.success('تم اضافة العنوان بنجاح');
      later(() => navigate('/user/addresses'), DELAYS.addressRedirect);
    } else {
      // Offline, server trouble or a lost session said as such (lib/failures.ts); SPEC §8's text for a refused address.
      const error = addAddress.rejected.match(result) ? result.payload : undefined;
      toast.failure(error ?? { message: '' }, {
        fallback: addressRefusal(error) ?? ADD_FAILED,
        retry: () => void save(input),
      });
    }
  };

  return (
    <>
      <h1 className="h4 my-3">اضافة عنوان جديد</h1>
      <AddressForm submitLabel="اضافة عنوان" onSubmit={save} />
    </>
  );
}
