import { imageUrl, type ImageBase } from '../../lib/images';
import { toEgp } from '../../lib/money';
import { compact, iso } from '../../lib/time';
import type { Row } from '../../db';

/** Columns of `products p` that productJson reads. */
export const PRODUCT_COLUMNS = `p.id, p.title, p.slug, p.description, p.quantity, p.sold, p.price, p.price_after_discount,
  p.available_colors, p.image_cover, p.images, p.category_id, p.subcategory_ids, p.brand_id,
  p.ratings_average, p.ratings_quantity, p.created_at, p.updated_at`;

/** A product as API.md §1 answers it: category and brand as ids, images as absolute URLs, money in EGP. */
export function productJson(row: Row, baseUrl: ImageBase) {
  return compact({
    _id: row.id,
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    quantity: row.quantity,
    sold: row.sold,
    price: toEgp(row.price),
    priceAfterDiscount: row.price_after_discount == null ? undefined : toEgp(row.price_after_discount),
    availableColors: row.available_colors,
    imageCover: imageUrl(baseUrl, 'products', row.image_cover),
    images: (row.images as string[]).map((img) => imageUrl(baseUrl, 'products', img)),
    category: row.category_id,
    subcategory: row.subcategory_ids,
    brand: row.brand_id ?? undefined,
    ratingsAverage: Number(row.ratings_average),
    ratingsQuantity: row.ratings_quantity,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

/**
 * SQL that builds a ProductRef (`_id, title, imageCover, ratingsAverage, ratingsQuantity, category {_id,name}, brand {_id,name}?`)
 * as JSON for the product aliased `p`; join `categories c` and `brands b` to use it. Order items store the same shape as a snapshot.
 */
export const PRODUCT_REF_SQL = `jsonb_strip_nulls(jsonb_build_object(
  '_id', p.id, 'title', p.title, 'imageCover', p.image_cover,
  'ratingsAverage', p.ratings_average::float8, 'ratingsQuantity', p.ratings_quantity,
  'category', jsonb_build_object('_id', c.id, 'name', c.name),
  'brand', CASE WHEN b.id IS NULL THEN NULL ELSE jsonb_build_object('_id', b.id, 'name', b.name) END))`;

/** Turns a stored ProductRef (live or snapshot) into its answer form with an absolute image URL. */
export function productRefJson(ref: Row, baseUrl: ImageBase) {
  return compact({ ...ref, imageCover: imageUrl(baseUrl, 'products', ref.imageCover) });
}
