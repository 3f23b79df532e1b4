import { createBrand } from '../../api/admin/catalog';
import NameImageForm from '../../components/admin/NameImageForm';
import { DELAYS } from '../../lib/delays';

export default function AdminAddBrandPage() {
  return <NameImageForm heading="اضافة ماركة جديدة" nameLabel="اسم الماركة" create={createBrand} doneShownMs={DELAYS.brandSpinner} />;
}
