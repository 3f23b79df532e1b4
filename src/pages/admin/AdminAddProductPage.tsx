import { toast } from '../../lib/toast';
import { createProduct } from '../../api/admin/products';
import { SOMETHING_WRONG_MESSAGE } from '../../components/admin/adminMessages';
import ProductForm, { type ProductNumbers } from '../../components/admin/ProductForm';
import { buildProductFormData, EMPTY_PRODUCT_FORM, type ProductFormValues } from '../../components/admin/productFormData';
import { DELAYS } from '../../lib/delays';

export const PRODUCT_ADDED_MESSAGE = 'تمت الاضافة بنجاح';

async function addProduct(values: ProductFormValues, numbers: ProductNumbers) {
  try {
    const form = await buildProductFormData(values, numbers, { withImages: true, clearDiscount: false });
    const status = await createProduct(form);
    if (status === 201) toast.success(PRODUCT_ADDED_MESSAGE);
    else toast.error(SOMETHING_WRONG_MESSAGE);
  } catch {
    toast.error(SOMETHING_WRONG_MESSAGE);
  }
}

export default function AdminAddProductPage() {
  return (
    <section>
      <h1 className="h4 my-3">اضافة منتج جديد</h1>
      <ProductForm initialValues={EMPTY_PRODUCT_FORM} submitLabel="حفظ التعديلات" onSubmit={addProduct} resetAfterMs={DELAYS.formReenable} />
    </section>
  );
}
