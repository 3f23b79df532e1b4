import type { Static } from 'typebox';
import { field, fields, partial, type FieldContext } from '../../../lib/fields';
import { isAbsoluteImageUrl } from '../../../lib/images';
import { toPiastres } from '../../../lib/money';
import { Nullable, Type, textAsSent } from '../../../lib/schemas';
import { ValidationError, fieldError } from '../../../lib/errors';
import { imageUrl } from '../../../lib/images';
import { imageBase, type AppContext } from '../../../context';
import { VARIANT_LIMITS } from '../../../../common/rules/variant';
import { HEX_COLOR, isId, isPresent, text, toNumber } from '../../../lib/validate';
import { brandExists } from '../brands/repository';
import { categoryExists } from '../categories/repository';
import { INVALID_IMAGE_URL } from '../categories/schemas';
import { findSubcategoryCategories } from '../subcategories/repository';
import {
  skuTakenByOther,
  skuTakenByVariant,
  variantsOfProduct,
  type StoredOption,
  type StoredProductRow,
} from './repository';
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
        sku === undefined ||
        !isSku(sku) ||
        !(
          (await skuTakenByOther(context.ctx.db, sku, extraOf(context).stored?.id)) ||
          (await skuTakenByVariant(context.ctx.db, sku))
        )
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

// ——— Options and variants (ours, README "Variants") ———

const OptionSchema = Type.Object({
  name: Type.String(),
  values: Type.Array(Type.Object({ value: Type.String(), hex: Type.Optional(Type.String()) })),
});
const VariantSchema = Type.Object({
  _id: Type.Optional(Type.String({ description: 'A variant of this product to change; none for a new one' })),
  options: Type.Array(Type.String(), { description: "One value per option, in the options' order" }),
  quantity: Type.Integer({ minimum: 0 }),
  price: Type.Optional(Nullable(Type.Number({ description: "EGP; null or absent: the product's" }))),
  priceAfterDiscount: Type.Optional(Nullable(Type.Number({ description: 'EGP, below its price; null: none' }))),
  sku: Type.Optional(Nullable(Type.String())),
  barcode: Type.Optional(Nullable(Type.String())),
  image: Type.Optional(Nullable(Type.String({ description: "One of the product's images (its URL)" }))),
});
export type OptionInput = Static<typeof OptionSchema>;
export type VariantInput = Static<typeof VariantSchema>;

/** A JSON field of a multipart form arrives as text: read as its JSON (what is not JSON stays as sent, refused later). */
const jsonOf = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** `options` and `variants`: read as sent (JSON, or JSON text in a multipart form); checkVariantForm checks them. */
export const variantFields = {
  options: field
    .custom(
      Type.Array(OptionSchema, { description: `Up to ${VARIANT_LIMITS.options} options, values in order` }),
      jsonOf,
    )
    .optional(),
  variants: field
    .custom(Type.Array(VariantSchema, { description: 'Every kept combination; missing ones are archived' }), jsonOf)
    .optional(),
};

/**
 * A product create or update (only the fields sent), read as stored: text trimmed, numbers in EGP, ids, colours
 * lower-cased, lists without repeats. The rules also see the files sent and, on an update, the stored product
 * (ProductFormExtra). These fields a create must have; an update may send any of them.
 */
/** A product with options takes its stock from its variants: its own quantity is then not asked for. */
const hasOptions = (context: FieldContext) => {
  const options = jsonOf(context.data.options);
  return Array.isArray(options) && options.length > 0;
};
const CORE = { title, description, quantity: quantity.onlyWhen((context) => !hasOptions(context)), price, category };
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
    ...variantFields,
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

const isObjectValue = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const nameText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : undefined);

/** What a product form's options and variants become once checked: ready to store. */
export interface VariantForm {
  options: StoredOption[];
  variants: {
    id?: string;
    values: string[];
    quantity: number;
    price: number | null;
    price_after_discount: number | null;
    sku: string | null;
    barcode: string | null;
    image: string | null;
  }[];
}

class VariantProblem extends Error {
  constructor(
    readonly path: string,
    message: string,
    readonly value?: unknown,
  ) {
    super(message);
  }
}
const refuse = (path: string, message: string, value?: unknown): never => {
  throw new VariantProblem(path, message, value);
};

function readOptions(sent: unknown): StoredOption[] {
  if (!Array.isArray(sent))
    return refuse('options', 'Product options must be a list of {name, values: [{value, hex?}]}');
  if (sent.length > VARIANT_LIMITS.options)
    refuse('options', `A product has at most ${VARIANT_LIMITS.options} options`);
  const names = new Set<string>();
  return sent.map((option, i) => {
    if (!isObjectValue(option) || !Array.isArray(option.values))
      return refuse(`options[${i}]`, 'Product options must be a list of {name, values: [{value, hex?}]}');
    const name = nameText(option.name);
    if (!name) return refuse(`options[${i}].name`, 'Every option needs a name and every value a text');
    if ([...name].length > VARIANT_LIMITS.nameMax)
      refuse(
        `options[${i}].name`,
        `An option name or value must be at most ${VARIANT_LIMITS.nameMax} characters`,
        name,
      );
    if (names.has(name)) refuse(`options[${i}].name`, `Two options have the same name: ${name}`, name);
    names.add(name);
    if (!option.values.length) refuse(`options[${i}].values`, `Option ${name} needs at least one value`);
    if (option.values.length > VARIANT_LIMITS.values)
      refuse(`options[${i}].values`, `An option has at most ${VARIANT_LIMITS.values} values`);
    const seen = new Set<string>();
    const values = option.values.map((v: unknown, j: number) => {
      const path = `options[${i}].values[${j}]`;
      const value = nameText(isObjectValue(v) ? v.value : v);
      if (!value) return refuse(path, 'Every option needs a name and every value a text');
      if ([...value].length > VARIANT_LIMITS.nameMax)
        refuse(path, `An option name or value must be at most ${VARIANT_LIMITS.nameMax} characters`, value);
      if (seen.has(value)) refuse(path, `Option ${name} has the value ${value} twice`, value);
      seen.add(value);
      const hex = isObjectValue(v) && isPresent(v.hex) ? v.hex : undefined;
      if (hex !== undefined && !isColor(hex)) refuse(`${path}.hex`, `Invalid color: ${shown(hex)}`, hex);
      return hex === undefined ? { value } : { value, hex: (hex as string).trim().toLowerCase() };
    });
    return { name, values };
  });
}

/** Money of a variant: EGP → piastres, null for none; undefined when it is not a price. */
const variantMoney = (v: unknown) => (isPresent(v) ? toNumber(v) : null);
const optionalText = (v: unknown) => (isPresent(v) && text(v) !== undefined ? text(v)! : null);

/**
 * The options and variants of a create or an update, checked and ready to store; undefined when the form changes
 * neither. The first problem answers as a field error of the form (400, nothing stored). An update sending variants
 * without options keeps the stored options; one sending options without variants keeps the variants only when the
 * product has no options (then it needs them).
 */
export async function checkVariantForm(
  ctx: AppContext,
  input: { options?: unknown; variants?: unknown; images?: string[]; imageCover?: string },
  stored?: StoredProductRow,
): Promise<VariantForm | undefined> {
  if (input.options === undefined && input.variants === undefined) return undefined;
  try {
    const options = input.options === undefined ? (stored?.options ?? []) : readOptions(input.options);
    if (input.variants === undefined) {
      if (options.length) refuse('variants', 'A product with options needs its variants');
      return { options, variants: [] };
    }
    const sent = input.variants;
    if (!Array.isArray(sent))
      return refuse('variants', 'Product variants must be a list of {options, quantity, price?, sku?…}');
    if (options.length && !sent.length) refuse('variants', 'A product with options needs its variants');
    if (sent.length > VARIANT_LIMITS.variants)
      refuse('variants', `A product has at most ${VARIANT_LIMITS.variants} variants`);
    const own = stored ? await variantsOfProduct(ctx.db, stored.id) : [];
    const ownIds = new Set(own.map((v) => v.id));
    // The images a variant may show: the product's cover and gallery as they will be, by stored name or URL.
    const base = imageBase(ctx);
    const pictures = new Map<string, string>();
    for (const name of [input.imageCover ?? stored?.image_cover, ...(input.images ?? stored?.images ?? [])]) {
      if (!name) continue;
      pictures.set(name, name);
      pictures.set(imageUrl(base, 'products', name)!, name);
    }
    const combinations = new Set<string>();
    const skus = new Set<string>();
    const variants: VariantForm['variants'] = [];
    for (const [i, v] of sent.entries()) {
      const path = `variants[${i}]`;
      if (!isObjectValue(v) || !Array.isArray(v.options))
        return refuse(path, 'Product variants must be a list of {options, quantity, price?, sku?…}');
      const values = v.options.map(nameText);
      const label = values.join(' / ');
      if (
        values.length !== options.length ||
        values.some((value, j) => value === undefined || !options[j]!.values.some((o) => o.value === value))
      )
        refuse(
          `${path}.options`,
          `Variant values must be one of each option's values, in the options' order: ${label}`,
          v.options,
        );
      if (combinations.has(label)) refuse(`${path}.options`, `Two variants have the same values: ${label}`, v.options);
      combinations.add(label);
      const id = v._id === undefined || v._id === null || v._id === '' ? undefined : String(v._id).toLowerCase();
      if (id !== undefined && !ownIds.has(id))
        refuse(`${path}._id`, `No variant of this product for this id: ${String(v._id)}`, v._id);
      const quantity = toNumber(v.quantity);
      if (quantity === undefined || !isStockCount(quantity))
        refuse(`${path}.quantity`, 'Variant quantity must be a non-negative integer', v.quantity);
      const price = variantMoney(v.price);
      if (price === undefined || (price !== null && priceProblem(toPiastres(price)) === 'notPositive'))
        refuse(`${path}.price`, 'Variant price must be greater than 0', v.price);
      if (price !== null && priceProblem(toPiastres(price!)) === 'tooLarge')
        refuse(`${path}.price`, 'To long price', v.price);
      const discount = variantMoney(v.priceAfterDiscount);
      const ownPrice = price === null ? undefined : toPiastres(price!);
      const formPrice = (input as { price?: number }).price;
      const priceFor = ownPrice ?? (formPrice !== undefined ? toPiastres(formPrice) : stored?.price);
      if (
        discount === undefined ||
        (discount !== null && (discount < 0 || !discountBelowPrice(toPiastres(discount), priceFor)))
      )
        refuse(
          `${path}.priceAfterDiscount`,
          'Variant priceAfterDiscount must be lower than its price',
          v.priceAfterDiscount,
        );
      const skuSent = optionalText(v.sku);
      const sku = skuSent === null ? null : normalizeSku(skuSent);
      if (sku !== null) {
        if ([...sku].length > SKU_MAX)
          refuse(`${path}.sku`, `Product sku must be at most ${SKU_MAX} characters`, v.sku);
        if (!isSku(sku))
          refuse(`${path}.sku`, 'Product sku may hold only letters, digits and . _ - / between them', v.sku);
        if (skus.has(sku)) refuse(`${path}.sku`, `Two variants have the same sku: ${sku}`, v.sku);
        skus.add(sku);
        if ((await skuTakenByOther(ctx.db, sku)) || (await skuTakenByVariant(ctx.db, sku, stored ? [...ownIds] : [])))
          refuse(`${path}.sku`, `Another product has this sku: ${sku}`, v.sku);
      }
      const barcode = optionalText(v.barcode);
      if (barcode !== null && [...barcode].length > SKU_MAX)
        refuse(`${path}.barcode`, `Product sku must be at most ${SKU_MAX} characters`, v.barcode);
      const imageSent = optionalText(v.image);
      const image =
        imageSent === null
          ? null
          : (pictures.get(imageSent) ??
            refuse(`${path}.image`, "Variant image must be one of the product's images", v.image));
      variants.push({
        id,
        values: values as string[],
        quantity: quantity!,
        price: ownPrice ?? null,
        price_after_discount: discount === null ? null : toPiastres(discount!),
        sku,
        barcode,
        image,
      });
    }
    return { options, variants };
  } catch (err) {
    if (err instanceof VariantProblem)
      throw new ValidationError([fieldError('body', err.path, err.message, err.value)]);
    throw err;
  }
}

/** Money of PATCH /products/:id/variants/:variantId: EGP, "" or null for the product's (price) or none (discount). */
const variantMoneyField = (description: string) =>
  field.custom(Type.Number({ description }), (v) => (isPresent(v) ? v : null)).orNull();
const variantText = (description: string) =>
  field.custom(Type.String({ description }), (v) => (isPresent(v) ? v : null)).orNull();

/**
 * PATCH /products/:id/variants/:variantId: the fields sent of one variant (the product list's stock edit); checked
 * with the whole product's variants by checkVariantForm, as a product update would.
 */
export const VariantChanges = fields({
  quantity: field
    .integer({ minimum: 0, maximum: MAX_STORED_INT, description: 'Stock of this variant' })
    .optional()
    .numeric('Variant quantity must be a non-negative integer')
    .integer(isStockCount, 'Variant quantity must be a non-negative integer'),
  price: variantMoneyField("EGP; null: the product's"),
  priceAfterDiscount: variantMoneyField('EGP, below its price; null: none'),
  sku: variantText('Unique across the shop; null clears it'),
  barcode: variantText('null clears it'),
  image: variantText("One of the product's images (its URL); null: none"),
});
export type VariantPatch = Static<typeof VariantChanges>;
