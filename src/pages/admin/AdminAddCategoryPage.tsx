import { createCategory } from '../../api/admin/catalog';
import NameImageForm from '../../components/admin/NameImageForm';
import { DELAYS } from '../../lib/delays';

export default function AdminAddCategoryPage() {
  return <NameImageForm heading="اضافة تصنيف جديد" nameLabel="اسم التصنيف" create={createCategory} doneShownMs={DELAYS.categorySpinner} />;
}
