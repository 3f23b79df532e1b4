import { useCallback } from 'react';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import { useAppDispatch } from '../../app/hooks';
import NameImageForm from '../../components/admin/NameImageForm';
import { createBrand } from '../../features/brand/adminThunks';
import { DELAYS } from '../../lib/delays';
import { useAdminPageMeta } from '../../lib/usePageMeta';

export default function AdminAddBrandPage() {
  useAdminPageMeta('اضافة ماركة');
  const dispatch = useAppDispatch();
  const create = useCallback(
    (form: FormData, onProgress: UploadProgress) => dispatch(createBrand({ form, onProgress })).unwrap(),
    [dispatch],
  );
  return (
    <NameImageForm
      heading="اضافة ماركة جديدة"
      nameLabel="اسم الماركة"
      submitLabel="اضافة الماركة"
      create={create}
      doneShownMs={DELAYS.brandSpinner}
    />
  );
}
