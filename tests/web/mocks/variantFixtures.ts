import type { CartItem, OrderItem, Product } from '../../../src/api/types';
import { API_ORIGIN, productRef, ts } from './fixtures';

// A product with options as our server answers it (common/contract/catalogue.ts): المقاس × اللون, L in red left out,
// XL in red sold out, XL in blue dearer with its own discount, SKU and photo.
const photo = (name: string) => `${API_ORIGIN}/products/${name}.webp`;

export const BLUE = '#1e56e0';
export const RED = '#d32f2f';

export const shirtWithSizes: Product = {
  _id: 'prod-10',
  title: 'قميص قطن رجالي كلاسيك',
  description: 'قميص قطن مصري بمقاسات والوان',
  quantity: 21,
  sold: 4,
  price: 299,
  availableColors: [BLUE, RED],
  imageCover: photo('classic-shirt'),
  images: [photo('classic-shirt'), photo('classic-shirt-blue'), photo('classic-shirt-red')],
  category: 'cat-2',
  subcategory: [],
  ratingsAverage: 4,
  ratingsQuantity: 0,
  options: [
    { name: 'المقاس', values: [{ value: 'M' }, { value: 'L' }, { value: 'XL' }] },
    {
      name: 'اللون',
      values: [
        { value: 'أزرق', hex: BLUE },
        { value: 'أحمر', hex: RED },
      ],
    },
  ],
  variants: [
    { _id: 'var-1', options: ['M', 'أزرق'], quantity: 8, sold: 1, price: 299, sku: 'SH-M-BL' },
    {
      _id: 'var-2',
      options: ['M', 'أحمر'],
      quantity: 5,
      sold: 0,
      price: 299,
      sku: 'SH-M-RD',
      image: photo('classic-shirt-red'),
    },
    { _id: 'var-3', options: ['L', 'أزرق'], quantity: 5, sold: 0, price: 299, sku: 'SH-L-BL' },
    {
      _id: 'var-4',
      options: ['XL', 'أزرق'],
      quantity: 3,
      sold: 2,
      price: 349,
      priceAfterDiscount: 329,
      sku: 'SH-XL-BL',
      image: photo('classic-shirt-blue'),
    },
    { _id: 'var-5', options: ['XL', 'أحمر'], quantity: 0, sold: 1, price: 349, sku: 'SH-XL-RD' },
  ],
  priceRange: { min: 299, max: 329 },
  ...ts,
};

const variantOf = (id: string) => shirtWithSizes.variants!.find((v) => v._id === id)!;

/** A cart line of one of the shirt's variants, as GET /cart answers it. */
export function variantLine(lineId: string, variantId: string, count: number, available = true): CartItem {
  const variant = variantOf(variantId);
  return {
    _id: lineId,
    count,
    color: shirtWithSizes.options![1]!.values.find((v) => v.value === variant.options[1])!.hex!,
    price: variant.priceAfterDiscount ?? variant.price,
    product: productRef(shirtWithSizes, { category: { _id: 'cat-2', name: 'ملابس رجالي' } }),
    variant: {
      _id: variant._id,
      options: [
        { name: 'المقاس', value: variant.options[0]! },
        { name: 'اللون', value: variant.options[1]! },
      ],
      sku: variant.sku,
      image: variant.image,
      quantity: variant.quantity,
      available,
    },
  };
}

/** An order item of one of the shirt's variants, as the order keeps it (its VariantRef snapshot). */
export function variantOrderItem(itemId: string, variantId: string, count: number): OrderItem {
  const { variant, price, product, color } = variantLine(itemId, variantId, count);
  const { quantity: _left, available: _available, ...ref } = variant!;
  return { _id: itemId, count, color, price, product, variant: ref };
}
