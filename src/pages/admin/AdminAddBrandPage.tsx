import { createBrand } from '../../api/admin/catalog';
import NameImageForm from '../../components/admin/NameImageForm';
import { DELAYS } from '../../lib/delays';
import { useAdminPageMeta } from '../../lib/usePageMeta';

export default function AdminAddBrandPage() {
  useAdminPageMeta('اضافة ماركة');
  return <NameImageForm heading="اضافة ماركة جديدة" nameLabel="اسم الماركة" create={createBrand} doneShownMs={DELAYS.brandSpinner} />;
}
