import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { AddressInput } from '../../api/addresses';
import { useAppDispatch } from '../../app/hooks';
import { addedAddress } from '../../features/userAddress/userAddressSlice';
import AddressForm from '../../features/userAddress/AddressForm';
import { DELAYS } from '../../lib/delays';
import { useLater } from '../../lib/useLater';
import { usePageMeta } from '../../lib/usePageMeta';

export default function UserAddAddressPage() {
  usePageMeta({ title: 'اضافة عنوان جديد' });
  const navigate = useNavigate();
  const later = useLater();
  const dispatch = useAppDispatch();

  const save = async (input: AddressInput) => {
    let status = 0;
    try {
      status = await dispatch(addedAddress(input)).unwrap();
    } catch {
      // Any failure is the same "problem in the add operation" for the shopper (SPEC §8).
    }
    if (status === 200) {
      toast.success('تم اضافة العنوان بنجاح');
      later(() => navigate('/user/addresses'), DELAYS.addressRedirect);
    } else {
      toast.error('هناك مشكلة في عملية الاضافة');
    }
  };

  return (
    <>
      <h1 className="h4 my-3">اضافة عنوان جديد</h1>
      <AddressForm submitLabel="اضافة عنوان" onSubmit={save} />
    </>
  );
}
