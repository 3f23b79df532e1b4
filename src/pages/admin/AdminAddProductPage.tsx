import { useCallback, useState } from 'react';
import { toast } from '../../lib/toast';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import { describeAdminError } from '../../components/admin/adminErrors';
import { SOMETHING_WRONG_MESSAGE } from '../../components/admin/adminMessages';
import ProductForm, { type ProductNumbers, type SaveOutcome } from '../../features/products/admin/ProductForm';
import {
  buildProductFormData,
  EMPTY_PRODUCT_FORM,
  type ProductFormValues,
  variantPhotosAfterUpload,
} from '../../features/products/admin/productFormData';
import { setVariantPhotos } from '../../features/products/admin/variantPhotos';
import { useAppDispatch } from '../../app/hooks';
import { createProduct } from '../../features/products/adminThunks';
import { useProductChoices } from '../../features/subCategory/useProductChoices';
import { DELAYS } from '../../lib/delays';
import { useAdminPageMeta } from '../../lib/usePageMeta';

const PRODUCT_ADDED_MESSAGE = 'تمت الاضافة بنجاح';
/** SPEC §2 names the add form's button "save". */
const ADD_PRODUCT_SUBMIT_LABEL = 'حفظ';

export default function AdminAddProductPage() {
  useAdminPageMeta('اضافة منتج');
  const dispatch = useAppDispatch();
  const [shownCategory, setShownCategory] = useState('');
  const choices = useProductChoices(shownCategory);

  const addProduct = useCallback(
    async (values: ProductFormValues, numbers: ProductNumbers, onProgress: UploadProgress): Promise<SaveOutcome> => {
      try {
        const form = await buildProductFormData(values, numbers);
        const saved = await dispatch(createProduct({ form, onProgress })).unwrap();
        await setVariantPhotos(dispatch, saved, variantPhotosAfterUpload(values));
        toast.success(PRODUCT_ADDED_MESSAGE);
        return { ok: true, values: EMPTY_PRODUCT_FORM };
      } catch (err) {
        // SPEC's 'something went wrong' when the server gives no reason we know; otherwise the reason.
        const error = describeAdminError(err, SOMETHING_WRONG_MESSAGE);
        toast.error(error.message);
        return { ok: false, error };
      }
    },
    [dispatch],
  );

  return (
    <section>
      <h1 className="h4 my-3">اضافة منتج جديد</h1>
      <ProductForm
        {...choices}
        onCategoryShown={setShownCategory}
        initialValues={EMPTY_PRODUCT_FORM}
        submitLabel={ADD_PRODUCT_SUBMIT_LABEL}
        onSubmit={addProduct}
        resetAfterMs={DELAYS.formReenable}
      />
    </section>
  );
}
