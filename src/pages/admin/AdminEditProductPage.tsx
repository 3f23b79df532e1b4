import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { UploadProgress } from '../../api/admin/uploadProgress';
import type { Product } from '../../api/types';
import { describeAdminError } from '../../components/admin/adminErrors';
import { SOMETHING_WRONG_MESSAGE } from '../../components/admin/adminMessages';
import LoadError from '../../components/LoadError';
import type { ImageMap } from '../../components/admin/ImageUploader';
import ProductForm, { type ProductNumbers, type SaveOutcome } from '../../features/products/admin/ProductForm';
import { buildProductFormData, type ProductFormValues } from '../../features/products/admin/productFormData';
import Spinner from '../../components/Spinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchProductForEdit, updateProduct } from '../../features/products/adminThunks';
import { fetchHeldByUnpaidCash, selectHeldByUnpaidCash } from '../../features/products/productsSlice';
import { piecesLabel } from '../../lib/plural';
import { useProductChoices } from '../../features/subCategory/useProductChoices';
import { useAdminPageMeta } from '../../lib/usePageMeta';
import { isDiscounted } from '../../../common/rules/price';
import { useResetOn } from '../../lib/useResetOn';

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
  };
}

export default function AdminEditProductPage() {
  useAdminPageMeta('تعديل منتج');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const [shownCategory, setShownCategory] = useState('');
  const choices = useProductChoices(shownCategory);
  const [initial, setInitial] = useState<ProductFormValues | null>(null);
  /** The product as the server has it now: loaded, then replaced by the answer of each save. */
  const saved = useRef<ProductFormValues | null>(null);
  const [failed, setFailed] = useState(false);
  /** Units unpaid cash orders hold: their stock is taken, their money not yet in. */
  const held = useAppSelector((state) => selectHeldByUnpaidCash(state, id));
  // Raised by the retry button: loads the product again.
  const [attempt, setAttempt] = useState(0);

  useResetOn(`${id}|${attempt}`, () => setFailed(false));
  useEffect(() => {
    let active = true;
    dispatch(fetchProductForEdit(id))
      .unwrap()
      .then((product) => {
        if (!active) return;
        saved.current = toFormValues(product);
        setInitial(saved.current);
      })
      .catch(() => active && setFailed(true));
    void dispatch(fetchHeldByUnpaidCash([id]));
    return () => {
      active = false;
    };
  }, [dispatch, id, attempt]);

  const saveProduct = async (
    values: ProductFormValues,
    numbers: ProductNumbers,
    onProgress: UploadProgress,
  ): Promise<SaveOutcome> => {
    const stored = saved.current ?? values;
    try {
      const form = await buildProductFormData(values, numbers, {
        stored: stored.images,
        clearDiscount: stored.priceAfterDiscount !== '',
        clearSku: stored.sku !== '',
      });
      const product = await dispatch(updateProduct({ id, form, onProgress })).unwrap();
      toast.success(PRODUCT_EDITED_MESSAGE);
      // The next save compares with (and keeps) the images the server has now, not the ones it has already replaced.
      saved.current = toFormValues(product);
      return { ok: true, values: saved.current };
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
        <LoadError onRetry={() => setAttempt((n) => n + 1)} />
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
