import { useCallback } from 'react';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import { useAppDispatch } from '../../app/hooks';
import NameImageForm from '../../components/admin/NameImageForm';
import { createCategory } from '../../features/category/adminThunks';
import { DELAYS } from '../../lib/delays';
import { useAdminPageMeta } from '../../lib/usePageMeta';

export default function AdminAddCategoryPage() {
  useAdminPageMeta('اضافة تصنيف');
  const dispatch = useAppDispatch();
  const create = useCallback(
    (form: FormData, onProgress: UploadProgress) => dispatch(createCategory({ form, onProgress })).unwrap(),
    [dispatch],
  );
  return (
    <NameImageForm
      heading="اضافة تصنيف جديد"
      nameLabel="اسم التصنيف"
      submitLabel="اضافة التصنيف"
      create={create}
      doneShownMs={DELAYS.categorySpinner}
    />
  );
}
