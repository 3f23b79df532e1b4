import { imageToFile } from './imageFiles';
import type { ImageMap } from './ImageUploader';

export interface ProductFormValues {
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
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
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
};

/** The images of the slots, in slot order. */
export function orderedImages(images: ImageMap): string[] {
  return Object.keys(images)
    .map(Number)
    .sort((a, b) => a - b)
    .map((slot) => images[slot]);
}

export function sameImages(a: ImageMap, b: ImageMap): boolean {
  const left = orderedImages(a);
  const right = orderedImages(b);
  return left.length === right.length && left.every((src, i) => src === right[i]);
}

interface FieldNumbers {
  price: number;
  priceAfterDiscount: number | null;
  quantity: number;
}

interface BuildOptions {
  /** Send imageCover and images (always on create; on edit only when the admin changed them). */
  withImages: boolean;
  /** On edit, an emptied discount is sent as '' so the server clears it. */
  clearDiscount: boolean;
}

/** The multipart body of POST/PUT /products (SPEC §7). */
export async function buildProductFormData(values: ProductFormValues, numbers: FieldNumbers, { withImages, clearDiscount }: BuildOptions): Promise<FormData> {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description.trim());
  form.append('quantity', String(numbers.quantity));
  form.append('price', String(numbers.price));
  if (numbers.priceAfterDiscount !== null) form.append('priceAfterDiscount', String(numbers.priceAfterDiscount));
  else if (clearDiscount) form.append('priceAfterDiscount', '');
  if (withImages) {
    const files = await Promise.all(orderedImages(values.images).map((src, i) => imageToFile(src, `image-${i + 1}`)));
    form.append('imageCover', files[0]);
    for (const file of files) form.append('images', file);
  }
  form.append('category', values.category);
  if (values.brand) form.append('brand', values.brand);
  for (const color of values.colors) form.append('availableColors', color);
  for (const id of values.subcategories) form.append('subcategory', id);
  return form;
}
