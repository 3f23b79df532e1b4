import { imageUrl, type ImageBase } from '../../../lib/images';
import { toEgp } from '../../../lib/money';
import { compact, iso } from '../../../lib/time';
import type { Row } from '../../../db';
import type { ProductRow } from './repository';

/**
 * A product as API.md §1 answers it: category and brand as ids, images as absolute URLs, money in EGP.
 * (`Row` for the wishlist, whose statement reads products itself.)
 */
export function productJson(row: ProductRow | Row, baseUrl: ImageBase) {
  return compact({
    _id: row.id,
    id: row.id,
    sku: row.sku ?? undefined,
    title: row.title,
    slug: row.slug,
    description: row.description,
    quantity: row.quantity,
    sold: row.sold,
    price: toEgp(row.price),
    priceAfterDiscount: row.price_after_discount == null ? undefined : toEgp(row.price_after_discount),
    availableColors: row.available_colors,
    imageCover: imageUrl(baseUrl, 'products', row.image_cover),
    // Every stored gallery entry is a file name or URL, so each gives a URL.
    images: (row.images as string[]).map((img) => imageUrl(baseUrl, 'products', img)) as string[],
    category: row.category_id,
    subcategory: row.subcategory_ids,
    brand: row.brand_id ?? undefined,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/** Turns a stored ProductRef (live or snapshot) into its answer form with an absolute image URL. */
export function productRefJson(ref: Row, baseUrl: ImageBase) {
  return compact({ ...ref, imageCover: imageUrl(baseUrl, 'products', ref.imageCover) });
}
