import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { toApiError } from '../../api/client';
import type { Address } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import ConfirmModal from '../../components/ConfirmModal';
import LoadError from '../../components/LoadError';
import Spinner from '../../components/Spinner';
import AddressCard from '../../features/userAddress/AddressCard';
import { deleteAddress, fetchAddresses, selectAddresses, selectAddressesStatus } from '../../app/userAddressSlice';
import { usePageMeta } from '../../lib/usePageMeta';

export default function UserAddressesPage() {
  usePageMeta({ title: 'العناوين' });
  const dispatch = useAppDispatch();
  const addresses = useAppSelector(selectAddresses);
  const status = useAppSelector(selectAddressesStatus);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void dispatch(fetchAddresses());
  }, [dispatch]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await dispatch(deleteAddress(toDelete._id)).unwrap();
      toast.success('تم حذف العنوان بنجاح');
    } catch (err) {
      toast.failure(toApiError(err), { fallback: 'فشل في عملية الحذف' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  let content;
  if (status === 'failed') content = <LoadError onRetry={() => void dispatch(fetchAddresses())} />;
  else if (addresses.length === 0 && (status === 'idle' || status === 'pending')) content = <Spinner />;
  else if (addresses.length === 0)
    content = <p className="text-center text-muted bg-white border rounded py-5">لا توجد عناوين محفوظة حتى الان</p>;
  else
    content = (
      <ul className="list-unstyled mb-0">
        {addresses.map((address) => (
          <AddressCard key={address._id} address={address} onDelete={setToDelete} />
        ))}
      </ul>
    );

  return (
    <>
      <h1 className="h4 my-3">العناوين الشخصية</h1>
      {content}
      <div className="text-center my-3">
        <Link to="/user/add-address" className="btn btn-dark px-4">
          اضافة عنوان جديد
        </Link>
      </div>
      <ConfirmModal
        show={toDelete !== null}
        title="تأكيد الحذف"
        body={toDelete ? `هل انت متأكد من حذف العنوان "${toDelete.alias}"؟` : undefined}
        confirmLabel="حذف"
        cancelLabel="تراجع"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
