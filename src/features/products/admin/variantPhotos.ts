// The variants' photos among images a save has just uploaded: set once the server has stored (and named) them.
import type { Product } from '../../../api/types';
import type { AppDispatch } from '../../../app/store';
import { updateVariant } from '../adminProductsSlice';
import type { PendingPhoto } from './productFormData';

/** PATCHes each variant's photo with the saved product's URL of it; resolves with the product as then stored. */
export async function setVariantPhotos(dispatch: AppDispatch, saved: Product, photos: PendingPhoto[]) {
  let product = saved;
  for (const photo of photos) {
    const variant = saved.variants?.find((v) => v.options.join('\u0000') === photo.options.join('\u0000'));
    const image = saved.images[photo.index];
    if (!variant || !image) continue;
    product = await dispatch(updateVariant({ id: saved._id, variantId: variant._id, patch: { image } })).unwrap();
  }
  return product;
}
