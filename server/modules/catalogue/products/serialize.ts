import { imageUrl, type ImageBase } from '../../../lib/images';
import { toEgp } from '../../../lib/money';
import { compact, iso } from '../../../lib/time';
import type { Row } from '../../../db';
import type { ProductRow, StoredOption, VariantJsonRow } from './repository';
import { colourOption, variantPrices } from './variants';

/**
 * A product as API.md §1 answers it: category and brand as ids, images as absolute URLs, money in EGP.
 * (`Row` for the wishlist, whose statement reads products itself.)
 */
export function productJson(row: ProductRow | Row, baseUrl: ImageBase) {
  const options = (row.options ?? []) as StoredOption[];
  const variants = ((row.variants ?? []) as VariantJsonRow[]).map((v) => ({
    row: v,
    ...variantPrices(v, row as ProductRow),
  }));
  // A product with options is listed at its lowest variant's price (the listing's sort and filter read the same,
  // products.effective_price, migration 034); its variants' prices differing gives the range.
  const cheapest = options.length
    ? variants.reduce<(typeof variants)[number] | undefined>(
        (low, v) => (!low || v.paid < low.paid ? v : low),
        undefined,
      )
    : undefined;
  const paid = variants.map((v) => v.paid);
  const priceRange =
    paid.length > 1 && Math.min(...paid) !== Math.max(...paid)
      ? { min: toEgp(Math.min(...paid)), max: toEgp(Math.max(...paid)) }
      : undefined;
  const price = cheapest ? cheapest.price : row.price;
  const discount = cheapest ? cheapest.discount : row.price_after_discount;
  const colours = colourOption(options);
  return compact({
    _id: row.id,
    id: row.id,
    sku: row.sku ?? undefined,
    title: row.title,
    slug: row.slug,
    description: row.description,
    quantity: row.quantity,
    sold: row.sold,
    price: toEgp(price),
    priceAfterDiscount: discount == null ? undefined : toEgp(discount),
    // A product with options has the colours of its colour option (none without one); one without, its own.
    availableColors: options.length ? (colours?.values.map((v) => v.hex!) ?? []) : (row.available_colors as string[]),
    imageCover: imageUrl(baseUrl, 'products', row.image_cover),
    // Every stored gallery entry is a file name or URL, so each gives a URL.
    images: (row.images as string[]).map((img) => imageUrl(baseUrl, 'products', img)) as string[],
    category: row.category_id,
    subcategory: row.subcategory_ids,
    brand: row.brand_id ?? undefined,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    options,
    variants: variants.map(({ row: v, price, discount }) =>
      compact({
        _id: v.id,
        options: v.values,
        quantity: v.quantity,
        sold: v.sold,
        price: toEgp(price),
        priceAfterDiscount: discount === null ? undefined : toEgp(discount),
        // The implicit variant is the product itself: its SKU is the product's.
        sku: v.sku ?? (options.length ? null : row.sku) ?? undefined,
        barcode: v.barcode ?? undefined,
        image: v.image ? imageUrl(baseUrl, 'products', v.image) : undefined,
      }),
    ),
    priceRange,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/** Turns a stored ProductRef (live or snapshot) into its answer form with an absolute image URL. */
export function productRefJson(ref: Row, baseUrl: ImageBase) {
  return compact({ ...ref, imageCover: imageUrl(baseUrl, 'products', ref.imageCover) });
}

/** A stored VariantRef (an order item's or a payment's snapshot) in its answer form, its photo as an absolute URL. */
export function variantRefJson(ref: Row, baseUrl: ImageBase) {
  return compact({
    _id: ref._id as string,
    options: ref.options as { name: string; value: string }[],
    sku: ref.sku as string | undefined,
    image: ref.image ? imageUrl(baseUrl, 'products', ref.image as string) : undefined,
  });
}
