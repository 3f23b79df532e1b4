import { createCategory } from '../../api/admin/catalog';
import NameImageForm from '../../components/admin/NameImageForm';
import { DELAYS } from '../../lib/delays';
import { useAdminPageMeta } from '../../lib/usePageMeta';

export default function AdminAddCategoryPage() {
  useAdminPageMeta('اضافة تصنيف');
  return <NameImageForm heading="اضافة تصنيف جديد" nameLabel="اسم التصنيف" create={createCategory} doneShownMs={DELAYS.categorySpinner} />;
}
