/**
 * The catalogue sheet (README, API notes): the columns the export writes and the import reads, in this order, with
 * the Arabic names the import's reasons and the owner's preview give them (server and web app alike). Lists (subcategories, colours, images) are separated by `|`.
 */
export const CATALOGUE_COLUMNS = [
  'sku',
  'id',
  'title',
  'description',
  'price',
  'priceAfterDiscount',
  'quantity',
  'category',
  'subcategories',
  'brand',
  'colors',
  'images',
  'sold',
  'ratingsAverage',
] as const;

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

export const COLUMN_NAMES: Record<CatalogueColumn, string> = {
  sku: 'الرمز (SKU)',
  id: 'المعرّف',
  title: 'الاسم',
  description: 'الوصف',
  price: 'السعر',
  priceAfterDiscount: 'السعر بعد الخصم',
  quantity: 'الكمية',
  category: 'التصنيف',
  subcategories: 'التصنيفات الفرعية',
  brand: 'الماركة',
  colors: 'الألوان',
  images: 'الصور',
  sold: 'المبيعات',
  ratingsAverage: 'التقييم',
};
