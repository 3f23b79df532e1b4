import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { updateProduct } from '../../api/admin/products';
import { getProduct } from '../../api/products';
import type { Product } from '../../api/types';
import { LOAD_FAILED_MESSAGE, SOMETHING_WRONG_MESSAGE } from '../../components/admin/adminMessages';
import type { ImageMap } from '../../components/admin/ImageUploader';
import ProductForm, { type ProductNumbers } from '../../components/admin/ProductForm';
import { buildProductFormData, sameImages, type ProductFormValues } from '../../components/admin/productFormData';
import Spinner from '../../components/Spinner';

export const PRODUCT_EDITED_MESSAGE = 'تم التعديل بنجاح';

function toFormValues(product: Product): ProductFormValues {
  // The cover is the first gallery image when the server repeats it (as uploads from this form do).
  const gallery = product.images.length > 0 ? product.images : [product.imageCover];
  const images: ImageMap = {};
  gallery.forEach((src, slot) => {
    images[slot] = src;
  });
  return {
    title: product.title,
    description: product.description,
    price: String(product.price),
    priceAfterDiscount: product.priceAfterDiscount != null && product.priceAfterDiscount >= 1 ? String(product.priceAfterDiscount) : '',
    quantity: String(product.quantity),
    category: product.category,
    subcategories: product.subcategory,
    brand: product.brand ?? '',
    colors: product.availableColors,
    images,
  };
}

export default function AdminEditProductPage() {
  const { id = '' } = useParams();
  const [initial, setInitial] = useState<ProductFormValues | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    getProduct(id)
      .then((product) => active && setInitial(toFormValues(product)))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [id]);

  const saveProduct = async (values: ProductFormValues, numbers: ProductNumbers) => {
    if (!initial) return;
    try {
      const form = await buildProductFormData(values, numbers, {
        withImages: !sameImages(values.images, initial.images),
        clearDiscount: initial.priceAfterDiscount !== '',
      });
      const status = await updateProduct(id, form);
      if (status === 200) toast.success(PRODUCT_EDITED_MESSAGE);
      else toast.error(SOMETHING_WRONG_MESSAGE);
    } catch {
      toast.error(SOMETHING_WRONG_MESSAGE);
    }
  };

  return (
    <section>
      <h1 className="h4 my-3">تعديل المنتج</h1>
      {failed ? (
        <p className="text-danger">{LOAD_FAILED_MESSAGE}</p>
      ) : initial === null ? (
        <Spinner />
      ) : (
        <ProductForm initialValues={initial} submitLabel="حفظ التعديلات" onSubmit={saveProduct} />
      )}
    </section>
  );
}
