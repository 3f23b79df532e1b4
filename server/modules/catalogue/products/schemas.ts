import type { Static } from 'typebox';
import { field, fields, partial, type FieldContext } from '../../../lib/fields';
import { isAbsoluteImageUrl } from '../../../lib/images';
import { toPiastres } from '../../../lib/money';
import { Nullable, Type, textAsSent } from '../../../lib/schemas';
import { HEX_COLOR, isId, isPresent, text, toNumber } from '../../../lib/validate';
import { brandExists } from '../brands/repository';
import { categoryExists } from '../categories/repository';
import { INVALID_IMAGE_URL } from '../categories/schemas';
import { findSubcategoryCategories } from '../subcategories/repository';
import { skuTakenByOther, type StoredProductRow } from './repository';
import {
  MAX_STORED_INT,
  PRODUCT_LIMITS,
  discountBelowPrice,
  isStockCount,
  priceProblem,
} from '../../../../common/rules/product';
import { SKU_MAX, isSku, normalizeSku } from './sku';

export const TOO_MANY_IMAGES = 'Too many files or unexpected file field: images';

/** A field sent once, repeated, as `name[]` or as a JSON array, as a list without empty entries. */
export const listOf = (value: unknown): unknown[] =>
  (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).filter(
    (v) => !(typeof v === 'string' && v.trim() === ''),
  );
const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const isColor = (c: unknown) => typeof c === 'string' && HEX_COLOR.test(c.trim());
/** `brand` of "" or "0" means "no brand" (the original web app sends them when none is chosen). */
const isNoBrand = (v: unknown) => v === null || text(v) === '' || text(v) === '0';
/** The SKU as it is stored and compared, when one is sent (blank or null: none). */
const skuOf = (v: unknown) => (isPresent(v) && text(v) !== undefined ? normalizeSku(text(v)!) : undefined);

/** What a product form's rules see besides its fields: the files sent, and on an update the stored product. */
export interface ProductFormExtra {
  cover?: Buffer;
  gallery: Buffer[];
  stored?: StoredProductRow;
}
const extraOf = (context: FieldContext) => context.extra as unknown as ProductFormExtra;

/** The subcategories the form names (when they are all ids), looked up once per form. */
const subcategoryLookups = new WeakMap<object, Promise<{ id: string; category_id: string }[]>>();
function subcategoriesOf(context: FieldContext) {
  let found = subcategoryLookups.get(context.data);
  if (!found) {
    const ids = listOf(context.data.subcategory);
    found = ids.length && ids.every(isId) ? findSubcategoryCategories(context.ctx.db, ids) : Promise.resolve([]);
    subcategoryLookups.set(context.data, found);
  }
  return found;
}

// Each product field, in the order the rules answer (API.md §5.6; the SKU is ours and comes first).
const sku = field
  .custom(
    Type.String({
      description: 'Optional stock-keeping code, unique: letters, digits and . _ - / (ours); "" or null clears it',
    }),
    (v) => skuOf(v) ?? null,
  )
  .orNull()
  .check((v) => v === undefined || text(v) !== undefined, 'Product sku must be text')
  .check((v) => {
    const sku = skuOf(v);
    return sku === undefined || [...sku].length <= SKU_MAX;
  }, `Product sku must be at most ${SKU_MAX} characters`)
  .check((v) => {
    const sku = skuOf(v);
    return sku === undefined || isSku(sku);
  }, 'Product sku may hold only letters, digits and . _ - / between them')
  .check(
    async (v, context) => {
      const sku = skuOf(v);
      return (
        sku === undefined || !isSku(sku) || !(await skuTakenByOther(context.ctx.db, sku, extraOf(context).stored?.id))
      );
    },
    (v) => `Another product has this sku: ${skuOf(v)}`,
  );
const title = field
  .text('3–100 characters')
  .minLength(PRODUCT_LIMITS.titleMin, 'must be at least 3 chars')
  .maxLength(PRODUCT_LIMITS.titleMax, 'Too long product title');
const description = field
  .text('Up to 2000 characters')
  .multiline()
  .required('Product description is required')
  .string('Product description is required')
  .maxLength(PRODUCT_LIMITS.descriptionMax, 'Too long description');
const quantity = field
  .integer({ minimum: 0, maximum: MAX_STORED_INT, description: 'Stock: a whole number ≥ 0' })
  .required('Product quantity is required')
  .numeric('Product quantity must be a number')
  .integer(isStockCount, 'Product quantity must be a non-negative integer');
const price = field
  .number({ description: 'EGP, greater than 0' })
  .required('Product price is required')
  .numeric('Product price must be a number')
  .check((v) => String(v).trim().length <= 32, 'To long price')
  .number((n) => priceProblem(toPiastres(n)) !== 'notPositive', 'Product price must be greater than 0')
  .number((n) => priceProblem(toPiastres(n)) !== 'tooLarge', 'To long price');
// Not sent keeps the stored discount, "" or null clears it; compared with the new or the stored price.
const priceAfterDiscount = field
  .custom(Nullable(Type.Number({ description: 'EGP, below price; "" or null clears it' })), (v) =>
    v === undefined ? undefined : isPresent(v) ? toNumber(v) : null,
  )
  .alwaysChecked()
  .check((v) => !isPresent(v) || toNumber(v) !== undefined, 'Product priceAfterDiscount must be a number')
  .check((v) => !isPresent(v) || toNumber(v)! >= 0, 'Product priceAfterDiscount must not be negative')
  .check((v, context) => {
    const { stored } = extraOf(context);
    const discount = isPresent(v) ? toPiastres(toNumber(v)!) : v === undefined ? stored?.price_after_discount : null;
    const newPrice = toNumber(context.data.price);
    const priceLimit =
      newPrice !== undefined && priceProblem(toPiastres(newPrice)) !== 'notPositive'
        ? toPiastres(newPrice)
        : stored?.price;
    return discountBelowPrice(discount, priceLimit);
  }, 'priceAfterDiscount must be lower than price');
const availableColors = field
  .custom(
    Type.Array(Type.String(), {
      description: 'Hex colours such as #000000: one, repeated, `availableColors[]` or a JSON array',
    }),
    (v) => (v === undefined ? undefined : [...new Set(listOf(v).map((c) => (c as string).trim().toLowerCase()))]),
  )
  .alwaysChecked()
  .check(
    (v) => listOf(v).every(isColor),
    (v) => `Invalid color: ${shown(listOf(v).find((c) => !isColor(c)))}`,
  );
const images = field
  .custom(Type.Array(Type.String(), { description: 'Up to 5 absolute http(s) URLs (or send files)' }), (v) =>
    v === undefined
      ? undefined
      : listOf(v)
          .map(text)
          .filter((url) => url !== undefined),
  )
  .alwaysChecked()
  .check((v, context) => extraOf(context).gallery.length > 0 || listOf(v).length <= 5, TOO_MANY_IMAGES)
  .check((v, context) => extraOf(context).gallery.length > 0 || listOf(v).every(isAbsoluteImageUrl), INVALID_IMAGE_URL);
const category = field
  .uuid('Category id')
  .required('Product must be belong to a category')
  .id('Invalid ID formate')
  .check(
    (v, { ctx }) => categoryExists(ctx.db, v as string),
    (v) => `No category exist for this id: ${v}`,
  );
const subcategory = field
  .custom(
    Type.Array(Type.String(), {
      description: 'Subcategory ids of that category: one, repeated, `subcategory[]` or a JSON array',
    }),
    (v) => (v === undefined ? undefined : [...new Set(listOf(v).map((id) => String(id).toLowerCase()))]),
  )
  .alwaysChecked()
  .check(
    async (v, context) =>
      (await subcategoriesOf(context)).length === new Set(listOf(v).map((id) => String(id).toLowerCase())).size,
    'Invalid subcategories Ids',
  )
  .check(async (_v, context) => {
    const category = isId(context.data.category) ? context.data.category : extraOf(context).stored?.category_id;
    return (
      !isId(category) || (await subcategoriesOf(context)).every((s) => s.category_id === String(category).toLowerCase())
    );
  }, 'Subcategory not belong to category');
const brand = field
  .custom(Nullable(Type.String({ description: 'Brand id; "", "0" or null for none' })), (v) =>
    isNoBrand(v) ? null : v,
  )
  .orNull()
  .check((v) => isNoBrand(v) || isId(v), 'Invalid ID formate')
  .check(
    async (v, { ctx }) => isNoBrand(v) || brandExists(ctx.db, v as string),
    (v) => `No brand exist for this id: ${v}`,
  );
/** The cover: a file, or a URL (a create must have one; an update keeps the stored one when neither is sent). */
const imageCover = (creating: boolean) =>
  field
    .custom(Type.String({ description: 'An absolute http(s) URL (or send a file)' }), (v) =>
      isPresent(v) ? text(v) : undefined,
    )
    .alwaysChecked()
    .check(
      (v, context) => extraOf(context).cover !== undefined || (!creating && !isPresent(v)) || isAbsoluteImageUrl(v),
      (v) => (isPresent(v) ? INVALID_IMAGE_URL : 'Product Image cover is required'),
    );

/**
 * A product create or update (only the fields sent), read as stored: text trimmed, numbers in EGP, ids, colours
 * lower-cased, lists without repeats. The rules also see the files sent and, on an update, the stored product
 * (ProductFormExtra). These fields a create must have; an update may send any of them.
 */
const CORE = { title, description, quantity, price, category };
const productFields = <C extends typeof CORE | ReturnType<typeof partial<typeof CORE>>>(core: C, creating: boolean) =>
  fields({
    sku,
    title: core.title,
    description: core.description,
    quantity: core.quantity,
    price: core.price,
    priceAfterDiscount,
    availableColors,
    images,
    category: core.category,
    subcategory,
    brand,
    imageCover: imageCover(creating),
  });

/** POST /products. */
export const NewProduct = productFields(CORE, true);
/** PUT/PATCH /products/:id: only the fields sent. */
export const ProductChanges = productFields(partial(CORE), false);
export type ProductForm = Static<typeof ProductChanges>;

export const PRODUCT_FILES_DOC = {
  imageCover: { description: 'The cover image as a file (JPEG, PNG, WebP or GIF)' },
  images: { description: 'Up to 5 gallery images as files', many: true },
};

export const MAX_SUGGESTION_KEYWORD = 100;
export const SuggestionQuery = fields({
  keyword: field
    .text('At most 100 characters; fewer than 2 letters suggest nothing')
    .optional()
    .string('keyword must be text')
    .maxLength(MAX_SUGGESTION_KEYWORD, `keyword must be at most ${MAX_SUGGESTION_KEYWORD} chars`)
    // As typed: the last word is taken as the start of a word while the shopper is still typing it.
    .reading(textAsSent),
});
