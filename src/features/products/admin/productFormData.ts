import { imageToFile } from '../../../components/admin/imageFiles';
import type { ImageMap } from '../../../components/admin/ImageUploader';
import { NO_VARIANTS, totalStock, variantsBody, type VariantsDraft } from './variantDrafts';

export interface ProductFormValues {
  /** The owner's stock-keeping code, as typed; '' for none. */
  sku: string;
  title: string;
  description: string;
  /** Text as typed (Arabic-Indic digits allowed). */
  price: string;
  priceAfterDiscount: string;
  quantity: string;
  category: string;
  subcategories: string[];
  brand: string;
  colors: string[];
  images: ImageMap;
  /** Options (size, colour…) and the variants of their combinations; none: the product's own stock and colours. */
  variants: VariantsDraft;
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  sku: '',
  title: '',
  description: '',
  price: '',
  priceAfterDiscount: '',
  quantity: '',
  category: '',
  subcategories: [],
  brand: '',
  colors: [],
  images: {},
  variants: NO_VARIANTS,
};

/** The filled slots, in order. */
const orderedSlots = (images: ImageMap) =>
  Object.keys(images)
    .map(Number)
    .sort((a, b) => a - b);

/** The images of the slots, in slot order. */
function orderedImages(images: ImageMap): string[] {
  return orderedSlots(images).map((slot) => images[slot]);
}

interface FieldNumbers {
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
}

interface BuildOptions {
  /**
   * Edit: the images the product has on the server now. The server keeps the cover and the gallery unless new files
   * come for them, and a gallery sent at all replaces the whole gallery (API.md §5.6 PUT). So nothing is sent when the
   * slots still show the stored images, the cover only when the first slot changed, and the gallery (kept images
   * fetched from their current URLs) only when any slot changed.
   */
  stored?: ImageMap;
  /** On edit, an emptied discount is sent as '' so the server clears it. */
  clearDiscount?: boolean;
  /** On edit, an emptied SKU is sent as '' so the server takes it off. */
  clearSku?: boolean;
  /** On edit of a product with options, taking them all off sends `options: []`. */
  clearOptions?: boolean;
}

/** The gallery is sent (again): a new product, or a slot that no longer shows the stored image. */
function isGalleryChanged(images: ImageMap, stored?: ImageMap) {
  if (!stored) return true;
  const gallery = orderedImages(images);
  const before = orderedImages(stored);
  return gallery.length !== before.length || gallery.some((src, i) => src !== before[i]);
}

/** A variant's photo to set once the save has stored the gallery: the variant's values and the photo's place in it. */
export interface PendingPhoto {
  options: string[];
  index: number;
}

/**
 * The photos chosen for variants among images this save uploads: the server names an image only once it has stored
 * it, so they are set after the save (PATCH of each such variant with the answer's URL). None while the gallery stays.
 */
export function variantPhotosAfterUpload(values: ProductFormValues, stored?: ImageMap): PendingPhoto[] {
  if (values.variants.options.length === 0 || !isGalleryChanged(values.images, stored)) return [];
  const slots = orderedSlots(values.images);
  const { variants } = variantsBody(values.variants, (slot) =>
    slots.includes(slot) ? slots.indexOf(slot) : undefined,
  );
  return variants.flatMap((v) => (typeof v.image === 'number' ? [{ options: v.options, index: v.image }] : []));
}

/** The multipart body of POST/PUT /products (SPEC §7). */
export async function buildProductFormData(
  values: ProductFormValues,
  numbers: FieldNumbers,
  { stored, clearDiscount = false, clearSku = false, clearOptions = false }: BuildOptions = {},
): Promise<FormData> {
  const form = new FormData();
  const hasOptions = values.variants.options.length > 0;
  if (values.sku.trim() || clearSku) form.append('sku', values.sku.trim());
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  // A product with options holds the stock of its variants.
  form.append('quantity', String(hasOptions ? totalStock(values.variants) : numbers.quantity));
  form.append('price', String(numbers.price));
  if (numbers.priceAfterDiscount !== null) form.append('priceAfterDiscount', String(numbers.priceAfterDiscount));
  else if (clearDiscount) form.append('priceAfterDiscount', '');
  const gallery = orderedImages(values.images);
  const before = stored ? orderedImages(stored) : [];
  const galleryChanged = isGalleryChanged(values.images, stored);
  if (galleryChanged) {
    const files = await Promise.all(gallery.map((src, i) => imageToFile(src, `image-${i + 1}`)));
    if (!stored || gallery[0] !== before[0]) form.append('imageCover', files[0]);
    for (const file of files) form.append('images', file);
  }
  form.append('category', values.category);
  if (values.brand) form.append('brand', values.brand);
  // A product with options has the colours of its colour option.
  if (!hasOptions) for (const color of values.colors) form.append('availableColors', color);
  for (const id of values.subcategories) form.append('subcategory', id);
  if (hasOptions) {
    // A variant's photo is named by its URL; photos among new uploads have none yet (variantPhotosAfterUpload).
    const slots = orderedSlots(values.images);
    const body = variantsBody(values.variants, (slot) =>
      !slots.includes(slot) || galleryChanged ? undefined : values.images[slot],
    );
    form.append('options', JSON.stringify(body.options));
    form.append('variants', JSON.stringify(body.variants));
  } else if (clearOptions) form.append('options', '[]');
  return form;
}
