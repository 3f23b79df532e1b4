// The owner's options and variants as the product form holds them (typed text, local ids), and how they become the
// `options` and `variants` of POST/PUT /products. A product without options has none of them: the form is as before.
import type { Product } from '../../../api/types';
import { colorName } from '../../../../common/colorNames';
import { parseNumberInput } from '../../../../common/digits';
import { MAX_STORED_INT, discountBelowPrice, isStockCount } from '../../../../common/rules/product';
import { isDiscounted } from '../../../../common/rules/price';
import { VARIANT_LIMITS, variantLabel } from '../../../../common/rules/variant';
import type { ImageMap } from '../../../components/admin/ImageUploader';

/** A value of an option; `id` is the form's own, so a renamed value keeps its variants' fields. */
export interface ValueDraft {
  id: string;
  value: string;
  /** A colour option's value: its CSS colour. */
  hex?: string;
}

export interface OptionDraft {
  id: string;
  name: string;
  /** Its values are colours (drawn as swatches in the shop). */
  colour: boolean;
  values: ValueDraft[];
}

/** A combination's fields as typed ('' = none: the product's price, no SKU…). */
export interface VariantDraft {
  /** The stored variant's id (edit). */
  _id?: string;
  quantity: string;
  price: string;
  priceAfterDiscount: string;
  sku: string;
  barcode: string;
  /** The image slot (of the form's images) shown for this variant, '' for the product's own photos. */
  image: string;
}

export interface VariantsDraft {
  options: OptionDraft[];
  /** The fields of each combination typed so far, by `combinationKey`. */
  variants: Record<string, VariantDraft>;
  /** The combinations the owner left out (no XXL in red), by key. */
  leftOut: string[];
}

export const EMPTY_VARIANT: VariantDraft = {
  quantity: '',
  price: '',
  priceAfterDiscount: '',
  sku: '',
  barcode: '',
  image: '',
};

export const NO_VARIANTS: VariantsDraft = { options: [], variants: {}, leftOut: [] };

let lastId = 0;
/** A new local id for an option or a value. */
export const draftId = (prefix: string) => `${prefix}${++lastId}`;

/** An option named like this is a colour option by default. */
export const looksLikeColour = (name: string) => /^(ال)?(لون|[أا]لوان)$/.test(name.trim());

/** One combination of option values, one per option, in the options' order. */
export interface Combination {
  key: string;
  values: ValueDraft[];
  /** "المقاس: M، اللون: أسود". */
  label: string;
}

/** Every combination of the options' values (none while an option has no values). */
export function combinations(options: OptionDraft[]): Combination[] {
  if (options.length === 0) return [];
  let rows: ValueDraft[][] = [[]];
  for (const option of options) rows = rows.flatMap((row) => option.values.map((value) => [...row, value]));
  return rows.map((values) => ({
    key: values.map((v) => v.id).join('|'),
    values,
    label: variantLabel(values.map((v, i) => ({ name: options[i].name.trim(), value: v.value.trim() }))),
  }));
}

/** The combinations the owner keeps. */
export const keptCombinations = (draft: VariantsDraft) =>
  combinations(draft.options).filter((c) => !draft.leftOut.includes(c.key));

/** The Arabic name a picked colour gets, unless the owner has typed one. */
export const colourValueName = (hex: string) => colorName(hex);

const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's options and variants of a stored product (images: the form's slots, to find a variant's photo in). */
export function variantsDraftOf(product: Product, images: ImageMap): VariantsDraft {
  const stored = product.options ?? [];
  if (stored.length === 0) return NO_VARIANTS;
  const options: OptionDraft[] = stored.map((option, o) => ({
    id: `o${o}`,
    name: option.name,
    colour: option.values.some((v) => v.hex !== undefined),
    values: option.values.map((v, i) => ({ id: `o${o}v${i}`, value: v.value, ...(v.hex ? { hex: v.hex } : {}) })),
  }));
  const slotOf = (url: string | undefined) =>
    url === undefined ? '' : (Object.keys(images).find((slot) => images[Number(slot)] === url) ?? '');
  const variants: Record<string, VariantDraft> = {};
  for (const variant of product.variants ?? []) {
    const ids = variant.options.map((value, o) => options[o]?.values.find((v) => v.value === value)?.id);
    if (ids.length !== options.length || ids.some((id) => id === undefined)) continue;
    // A variant at the product's prices is shown with none of its own: it follows the product's when they change.
    const discount = isDiscounted(variant.priceAfterDiscount) ? variant.priceAfterDiscount : null;
    const productDiscount = isDiscounted(product.priceAfterDiscount) ? product.priceAfterDiscount : null;
    const inherits = variant.price === product.price && discount === productDiscount;
    variants[ids.join('|')] = {
      _id: variant._id,
      quantity: String(variant.quantity),
      price: inherits ? '' : money(variant.price),
      priceAfterDiscount: inherits ? '' : money(discount),
      sku: variant.sku ?? '',
      barcode: variant.barcode ?? '',
      image: slotOf(variant.image),
    };
  }
  const leftOut = combinations(options)
    .map((c) => c.key)
    .filter((key) => !variants[key]);
  return { options, variants, leftOut };
}

/** What the form says is wrong with its options and variants: the control to mark and the reason. */
export interface VariantProblem {
  /** The id of the control (or group) concerned. */
  id: string;
  message: string;
}

export const optionNameId = (option: OptionDraft) => `option-${option.id}-name`;
export const optionValuesId = (option: OptionDraft) => `option-${option.id}-values`;
export const variantFieldId = (key: string, field: keyof VariantDraft) => `variant-${key.replace(/\|/g, '-')}-${field}`;
export const VARIANT_GRID_ID = 'product-variants';

const isBlank = (s: string) => s.trim() === '';

/** Every problem of the options and kept variants, in the form's order (none for a product without options). */
export function variantProblems(draft: VariantsDraft, productPrice: number | null): VariantProblem[] {
  const problems: VariantProblem[] = [];
  const names = draft.options.map((o) => o.name.trim());
  draft.options.forEach((option, i) => {
    if (isBlank(option.name)) problems.push({ id: optionNameId(option), message: 'اكتب اسم الخيار' });
    else if (names.indexOf(names[i]) !== i)
      problems.push({ id: optionNameId(option), message: `الخيار "${names[i]}" مكرر` });
    if (option.values.length === 0)
      problems.push({ id: optionValuesId(option), message: `اضف قيمة واحدة على الاقل للخيار ${names[i]}` });
  });
  if (draft.options.length === 0 || problems.length > 0) return problems;
  const kept = keptCombinations(draft);
  if (kept.length === 0) problems.push({ id: VARIANT_GRID_ID, message: 'اترك نوعا واحدا على الاقل' });
  if (kept.length > VARIANT_LIMITS.variants)
    problems.push({ id: VARIANT_GRID_ID, message: `لا يمكن ان يزيد عدد الانواع عن ${VARIANT_LIMITS.variants}` });
  const skus = new Map<string, string>();
  for (const { key, label } of kept) {
    const v = draft.variants[key] ?? EMPTY_VARIANT;
    const quantity = parseNumberInput(v.quantity);
    if (quantity === null || !isStockCount(quantity))
      problems.push({ id: variantFieldId(key, 'quantity'), message: `اكتب كمية ${label} (عدد صحيح لا يقل عن 0)` });
    const price = isBlank(v.price) ? productPrice : parseNumberInput(v.price);
    if (price === null || !(price > 0) || price * 100 > MAX_STORED_INT)
      problems.push({ id: variantFieldId(key, 'price'), message: `سعر ${label} يجب ان يكون اكبر من 0` });
    const discount = isBlank(v.priceAfterDiscount) ? null : parseNumberInput(v.priceAfterDiscount);
    if (!isBlank(v.priceAfterDiscount) && (discount === null || discount < 0 || !discountBelowPrice(discount, price)))
      problems.push({
        id: variantFieldId(key, 'priceAfterDiscount'),
        message: `السعر بعد الخصم لـ ${label} يجب ان يكون اقل من سعره`,
      });
    const sku = v.sku.trim().toUpperCase();
    if (sku && skus.has(sku))
      problems.push({ id: variantFieldId(key, 'sku'), message: `رمز ${v.sku.trim()} مكرر في ${skus.get(sku)}` });
    if (sku && !skus.has(sku)) skus.set(sku, label);
  }
  return problems;
}

/** A variant of the POST/PUT body. */
export interface VariantBody {
  _id?: string;
  options: string[];
  quantity: number;
  price?: number;
  priceAfterDiscount?: number;
  sku?: string;
  barcode?: string;
  /** The variant's photo: one of the product's image URLs, or its position among the images this save sends. */
  image?: string | number;
}

export interface OptionBody {
  name: string;
  values: { value: string; hex?: string }[];
}

/**
 * The body's `options` and `variants` (a product without options sends none). `imageOf` turns a form slot into what
 * the body names the photo by (its URL, or its place in the gallery the save sends).
 */
export function variantsBody(
  draft: VariantsDraft,
  imageOf: (slot: number) => string | number | undefined,
): { options: OptionBody[]; variants: VariantBody[] } {
  const options = draft.options.map((o) => ({
    name: o.name.trim(),
    values: o.values.map((v) => ({ value: v.value.trim(), ...(o.colour && v.hex ? { hex: v.hex } : {}) })),
  }));
  const variants = keptCombinations(draft).map(({ key, values }) => {
    const v = draft.variants[key] ?? EMPTY_VARIANT;
    const body: VariantBody = {
      ...(v._id ? { _id: v._id } : {}),
      options: values.map((value) => value.value.trim()),
      quantity: parseNumberInput(v.quantity) ?? 0,
    };
    const price = parseNumberInput(v.price);
    if (price !== null) body.price = price;
    const discount = parseNumberInput(v.priceAfterDiscount);
    if (discount !== null) body.priceAfterDiscount = discount;
    if (v.sku.trim()) body.sku = v.sku.trim();
    if (v.barcode.trim()) body.barcode = v.barcode.trim();
    const image = v.image === '' ? undefined : imageOf(Number(v.image));
    if (image !== undefined) body.image = image;
    return body;
  });
  return { options, variants };
}

/** The stock of all kept variants together: the product's quantity. */
export const totalStock = (draft: VariantsDraft) =>
  keptCombinations(draft).reduce(
    (sum, { key }) => sum + (parseNumberInput(draft.variants[key]?.quantity ?? '') ?? 0),
    0,
  );

/**
 * The draft with one option changed. An option given its first value makes every combination one value longer: the
 * variants typed (and stored) so far, and the ones left out, become those of that first value, so a shirt's sizes keep
 * their stock and ids when the owner adds its colours.
 */
export function withOption(draft: VariantsDraft, index: number, option: OptionDraft): VariantsDraft {
  const options = draft.options.map((o, i) => (i === index ? option : o));
  const before = draft.options[index];
  if (!(before && before.values.length === 0 && option.values.length > 0)) return { ...draft, options };
  const first = option.values[0].id;
  const grown = (key: string) => {
    const ids = key.split('|');
    ids.splice(index, 0, first);
    return ids.join('|');
  };
  const others = combinations(draft.options.filter((_, i) => i !== index)).map((c) => c.key);
  const variants = { ...draft.variants };
  for (const key of others) if (draft.variants[key]) variants[grown(key)] = draft.variants[key];
  const leftOut = [...draft.leftOut, ...draft.leftOut.filter((key) => others.includes(key)).map(grown)];
  return { options, variants, leftOut };
}
