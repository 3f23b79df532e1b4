import { DataOnly, List, Product, Text, Type, Url } from '../../lib/schemas';
import { Field } from '../categories';
import { Review } from '../reviews';

/** GET /products/:id: the product with its newest reviews, their authors populated (API.md §9.15). */
export const ProductWithReviews = Type.Object({
  ...Product.properties,
  reviews: Type.Array(Review, { description: 'The 20 newest' }),
});

/** GET /products: API.md §2's list, and `correctedKeyword` when the keyword's typos were replaced (ours). */
export const ProductList = Type.Object({
  ...List(Product).properties,
  correctedKeyword: Type.Optional(
    Type.String({ description: 'The keyword with similar shop words in place of typos, when those found more' }),
  ),
});

/** The fields of a product create or update (API.md §5.6), which the handler reads and checks in its documented order. */
export const ProductFields = {
  sku: Field('Optional stock-keeping code, unique: letters, digits and . _ - / (ours); "" clears it'),
  title: Field('3–100 characters'),
  description: Field('Up to 2000 characters'),
  quantity: Field('Stock: a whole number ≥ 0'),
  price: Field('EGP, greater than 0'),
  priceAfterDiscount: Field('EGP, below price; "" or null clears it'),
  availableColors: Field('Hex colours such as #000000: one, repeated, `availableColors[]` or a JSON array'),
  imageCover: Field('An absolute http(s) URL (or send a file)'),
  images: Field('Up to 5 absolute http(s) URLs (or send files)'),
  category: Field('Category id'),
  subcategory: Field('Subcategory ids of that category: one, repeated, `subcategory[]` or a JSON array'),
  brand: Field('Brand id; "" or "0" for none'),
};
export const PRODUCT_FILES_DOC = {
  imageCover: { description: 'The cover image as a file (JPEG, PNG, WebP or GIF)' },
  images: { description: 'Up to 5 gallery images as files', many: true },
};

/** What the search box offers while the shopper types (ours). */
const Named = Type.Object({ _id: Type.String(), name: Type.String() });
export const Suggestions = DataOnly(
  Type.Object({
    products: Type.Array(
      Type.Object({
        _id: Type.String(),
        title: Type.String(),
        imageCover: Type.Optional(Url()),
        price: Type.Number(),
        priceAfterDiscount: Type.Optional(Type.Number()),
      }),
      { description: 'Up to 6' },
    ),
    categories: Type.Array(Named, { description: 'Up to 4' }),
    brands: Type.Array(Named, { description: 'Up to 4' }),
  }),
);
export const SuggestionQuery = Type.Object({
  keyword: Type.Optional(Text('At most 100 characters; fewer than 2 letters suggest nothing')),
});
