import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import type { Product } from '../../api/types';
import { describeAdminError } from '../../components/admin/adminErrors';
import { SOMETHING_WRONG_MESSAGE } from '../../components/admin/adminMessages';
import LoadError from '../../components/LoadError';
import type { ImageMap } from '../../components/admin/ImageUploader';
import ProductForm, { type ProductNumbers, type SaveOutcome } from '../../features/products/admin/ProductForm';
import {
  buildProductFormData,
  variantPhotosAfterUpload,
  type ProductFormValues,
} from '../../features/products/admin/productFormData';
import { setVariantPhotos } from '../../features/products/admin/variantPhotos';
import { variantsDraftOf } from '../../features/products/admin/variantDrafts';
import Spinner from '../../components/Spinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchProductForEdit, updateProduct } from '../../features/products/adminThunks';
import {
  fetchHeldByUnpaidCash,
  productEditClosed,
  selectEditedProduct,
  selectHeldByUnpaidCash,
} from '../../features/products/adminProductsSlice';
import { piecesLabel } from '../../lib/plural';
import { useProductChoices } from '../../features/subCategory/useProductChoices';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import { isDiscounted } from '../../../common/rules/price';

const PRODUCT_EDITED_MESSAGE = 'تم التعديل بنجاح';

function toFormValues(product: Product): ProductFormValues {
  // The cover is the first gallery image when the server repeats it (as uploads from this form do).
  const gallery = product.images.length > 0 ? product.images : [product.imageCover];
  const images: ImageMap = {};
  gallery.forEach((src, slot) => {
    images[slot] = src;
  });
  return {
    sku: product.sku ?? '',
    title: product.title,
    description: product.description,
    price: String(product.price),
    priceAfterDiscount: isDiscounted(product.priceAfterDiscount) ? String(product.priceAfterDiscount) : '',
    quantity: String(product.quantity),
    category: product.category,
    subcategories: product.subcategory,
    brand: product.brand ?? '',
    colors: product.availableColors,
    images,
    variants: variantsDraftOf(product, images),
  };
}

export default function AdminEditProductPage() {
  useAdminPageMeta('تعديل منتج');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const [shownCategory, setShownCategory] = useState('');
  const choices = useProductChoices(shownCategory);
  const edited = useAppSelector(selectEditedProduct);
  /** The product as the server has it now: loaded, then replaced by the answer of each save (the admin slice). */
  const product = edited.id === id ? edited.product : null;
  const failed = edited.id === id && edited.status === 'failed';
  const initial = useMemo(() => (product ? toFormValues(product) : null), [product]);
  /** Units unpaid cash orders hold: their stock is taken, their money not yet in. */
  const held = useAppSelector((state) => selectHeldByUnpaidCash(state, id));

  const load = useCallback(() => {
    void dispatch(fetchProductForEdit(id));
    void dispatch(fetchHeldByUnpaidCash([id]));
  }, [dispatch, id]);
  useEffect(load, [load]);
  useEffect(() => () => void dispatch(productEditClosed()), [dispatch]);

  const saveProduct = async (
    values: ProductFormValues,
    numbers: ProductNumbers,
    onProgress: UploadProgress,
  ): Promise<SaveOutcome> => {
    // The next save compares with (and keeps) the images the server has now, not the ones it has already replaced.
    const stored = initial ?? values;
    try {
      const form = await buildProductFormData(values, numbers, {
        stored: stored.images,
        clearDiscount: stored.priceAfterDiscount !== '',
        clearSku: stored.sku !== '',
        clearOptions: stored.variants.options.length > 0,
      });
      const updated = await dispatch(updateProduct({ id, form, onProgress })).unwrap();
      const saved = await setVariantPhotos(dispatch, updated, variantPhotosAfterUpload(values, stored.images));
      toast.success(PRODUCT_EDITED_MESSAGE);
      return { ok: true, values: toFormValues(saved) };
    } catch (err) {
      // SPEC's 'something went wrong' when the server gives no reason we know; otherwise the reason.
      const error = describeAdminError(err, SOMETHING_WRONG_MESSAGE);
      toast.error(error.message);
      return { ok: false, error };
    }
  };

  return (
    <section>
      <h1 className="h4 my-3">تعديل المنتج</h1>
      {held > 0 && !failed && <p className="text-warning-emphasis">محجوز لطلبات لم تُدفع: {piecesLabel(held)}</p>}
      {failed ? (
        <LoadError onRetry={load} />
      ) : initial === null ? (
        <Spinner />
      ) : (
        <ProductForm
          {...choices}
          onCategoryShown={setShownCategory}
          initialValues={initial}
          submitLabel="حفظ التعديلات"
          onSubmit={saveProduct}
        />
      )}
    </section>
  );
}
