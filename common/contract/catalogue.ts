// The catalogue's answers (API.md §1): products, categories, brands, subcategories, reviews, search suggestions.
import { Type } from 'typebox';
import { DataOnly, DateTime, List, Timestamps, Url } from './answers';

/** An option of a product (ours): its name and ordered values; a colour option's values carry their CSS colour. */
export const ProductOption = Type.Object({
  name: Type.String({ description: 'As the shopper reads it: "المقاس", "اللون", "السعة"' }),
  values: Type.Array(
    Type.Object({
      value: Type.String({ description: 'As the shopper reads it: "XL", "أزرق", "256 جيجا"' }),
      hex: Type.Optional(Type.String({ description: "A colour value's CSS colour ('#1e56e0'): drawn as a swatch" })),
    }),
    { description: 'In the order the shopper sees them' },
  ),
});

/**
 * A variant (ours): one kept combination of the product's option values, with its own stock, price and SKU. A
 * product without options has exactly one, with no values, that carries the product's stock and price.
 */
export const ProductVariant = Type.Object({
  _id: Type.String(),
  options: Type.Array(Type.String(), { description: "One value per product option, in the options' order" }),
  quantity: Type.Integer({ description: 'Stock of this variant' }),
  sold: Type.Integer(),
  price: Type.Number({ description: "Its own price, or the product's" }),
  priceAfterDiscount: Type.Optional(Type.Number({ description: "Its own, or the product's; below 1 means none" })),
  sku: Type.Optional(Type.String({ description: "Unique across the shop, with the products' SKUs" })),
  barcode: Type.Optional(Type.String()),
  image: Type.Optional(Url({ description: "One of the product's images, shown when this variant is chosen" })),
});

/** GET /products/optionValues (ours): the option names and values in stock among the products a filter matches. */
export const ProductOptionValues = Type.Object({
  data: Type.Array(
    Type.Object({
      name: Type.String({ description: '"المقاس", "اللون", "السعة"' }),
      values: Type.Array(
        Type.Object({
          value: Type.String(),
          hex: Type.Optional(Type.String({ description: "A colour value's CSS colour" })),
          products: Type.Integer({ description: 'How many of the matching products have it in stock' }),
        }),
      ),
    }),
    { description: 'Names and values in the order the products give them' },
  ),
});

/** A product (catalogue/products/serialize.ts `productJson`): category and brand as ids, images as absolute URLs, money in EGP. */
export const Product = Type.Object({
  _id: Type.String(),
  id: Type.String({ description: 'Equal to _id (kept for parity)' }),
  sku: Type.Optional(Type.String({ description: "The owner's stock-keeping code, when it has one (ours)" })),
  title: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  quantity: Type.Integer({ description: 'Stock' }),
  sold: Type.Integer(),
  price: Type.Number(),
  priceAfterDiscount: Type.Optional(Type.Number({ description: 'Below 1 means no discount' })),
  availableColors: Type.Array(Type.String()),
  imageCover: Type.Optional(Url({ description: 'Absolute URL (left out only if none is stored)' })),
  images: Type.Array(Url()),
  category: Type.String({ description: 'Category id' }),
  subcategory: Type.Array(Type.String(), { description: 'Subcategory ids' }),
  brand: Type.Optional(Type.String({ description: 'Brand id' })),
  ratingsAverage: Type.Number(),
  ratingsQuantity: Type.Integer(),
  // Optional in the type because the original backend sends neither; ours always does.
  options: Type.Optional(
    Type.Array(ProductOption, { description: 'Ours: up to 3; none for a product without options' }),
  ),
  variants: Type.Optional(
    Type.Array(ProductVariant, { description: 'Ours: every variant on sale (one when there are no options)' }),
  ),
  priceRange: Type.Optional(
    Type.Object(
      { min: Type.Number(), max: Type.Number() },
      { description: "Ours: the variants' lowest and highest price paid (after discount), only when they differ" },
    ),
  ),
  ...Timestamps,
});

const NamedRef = Type.Object({ _id: Type.Optional(Type.String()), name: Type.Optional(Type.String()) });

/**
 * A product inside a cart line or an order item (API.md §1 ProductRef); order items keep a snapshot taken when the
 * order was made, so fields an old snapshot lacks are left out.
 */
export const ProductRef = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  imageCover: Type.Optional(Url()),
  ratingsAverage: Type.Optional(Type.Number()),
  ratingsQuantity: Type.Optional(Type.Integer()),
  category: Type.Optional(NamedRef),
  brand: Type.Optional(NamedRef),
});

/** The variant a cart line or an order item is of (ours): its id and named values, and its SKU at the time. */
export const VariantRef = Type.Object({
  _id: Type.String(),
  options: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), {
    description: "Named values in the options' order; common/rules/variant.ts variantLabel writes them as one line",
  }),
  sku: Type.Optional(Type.String()),
  image: Type.Optional(Url()),
});

/** A review (reviewJson): the author populated as {_id, name, profileImg?}, the product as its id. */
export const Review = Type.Object({
  _id: Type.String(),
  review: Type.String(),
  rating: Type.Number({ description: '1.0–5.0' }),
  user: Type.Object({ _id: Type.String(), name: Type.Optional(Type.String()), profileImg: Type.Optional(Url()) }),
  product: Type.String({ description: 'Product id' }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
});

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

/** `productCount` of `withCounts=1` (ours, modules/catalogue/products/productCounts.ts). */
export const ProductCount = {
  productCount: Type.Optional(Type.Integer({ description: 'Products of it (only with `withCounts=1`)' })),
};

/** A category or a brand (categoryJson, brandJson). */
export const NamedImageProperties = {
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  image: Type.Optional(Url({ description: 'Absolute URL (left out when none is stored)' })),
  aliases: Type.Array(Type.String(), { description: 'Also known as: names search matches like the name (ours)' }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
};
export const NamedImage = Type.Object(NamedImageProperties);
/** An item of a list page (List makes each field optional, for `fields=`). */
export const NamedImageListItem = Type.Object({ ...NamedImageProperties, ...ProductCount });

/** A subcategory (subcategoryJson): its category as an id. */
const SubcategoryProperties = {
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  category: Type.String({ description: 'Category id' }),
  aliases: Type.Array(Type.String(), { description: 'Also known as: names search matches like the name (ours)' }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
};
export const Subcategory = Type.Object(SubcategoryProperties);
export const SubcategoryListItem = Type.Object({ ...SubcategoryProperties, ...ProductCount });
