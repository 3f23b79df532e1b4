import type { Product } from '../../api/types';
import { formatEGP } from '../../../common/format';

type Variant = NonNullable<Product['variants']>[number];
type Option = NonNullable<Product['options']>[number];

/** The shopper's choice on the product page: one value (or none yet) per option, in the options' order. */
export type Choice = (string | undefined)[];

/** The product's options: none for a product without options (its one implicit variant is not chosen). */
export const optionsOf = (product: Product): Option[] => product.options ?? [];

const matches = (variant: Variant, choice: Choice) =>
  choice.every((value, i) => value === undefined || variant.options[i] === value);

/** The variant the choice names fully, if the owner keeps that combination. */
export function chosenVariant(product: Product, choice: Choice): Variant | undefined {
  const options = optionsOf(product);
  if (options.length === 0 || options.some((_, i) => choice[i] === undefined)) return undefined;
  return product.variants?.find((variant) => matches(variant, choice));
}

/** The choice a variant stands for (the `?variant=` of a shared link); an unknown id chooses nothing. */
export function choiceOfVariant(product: Product, variantId: string | null): Choice {
  const options = optionsOf(product);
  const variant = variantId ? product.variants?.find((v) => v._id === variantId) : undefined;
  // An option with one value is chosen from the start.
  return options.map(
    (option, i) => variant?.options[i] ?? (option.values.length === 1 ? option.values[0]!.value : undefined),
  );
}

/**
 * Whether `value` of option `index` can be bought with the other options as chosen: some kept variant with it and the
 * other chosen values has stock. A value no such variant has, or only sold-out ones, is struck.
 */
export function valueInStock(product: Product, choice: Choice, index: number, value: string): boolean {
  const wanted = choice.map((v, i) => (i === index ? value : v));
  return (product.variants ?? []).some((variant) => variant.quantity > 0 && matches(variant, wanted));
}

/**
 * The choice after picking `value` for option `index`: the other values stay as long as some kept variant has them
 * together with it (from the first option on), so a pick never leaves a combination the shop does not sell.
 */
export function choose(product: Product, choice: Choice, index: number, value: string): Choice {
  const next: Choice = choice.map((_, i) => (i === index ? value : undefined));
  const variants = product.variants ?? [];
  choice.forEach((v, i) => {
    if (i === index || v === undefined) return;
    const tried = next.map((w, j) => (j === i ? v : w));
    if (variants.some((variant) => matches(variant, tried))) next[i] = v;
  });
  return next;
}

/** The first option the choice leaves open (what add-to-cart asks for), or -1 when every option is chosen. */
export const firstOpenOption = (product: Product, choice: Choice) =>
  optionsOf(product).findIndex((_, i) => choice[i] === undefined);

/** The product's photos with the chosen variant's own first, so the gallery opens on it. */
export function photosFor(product: Product, variant: Variant | undefined): string[] {
  const images = product.images.length > 0 ? product.images : product.imageCover ? [product.imageCover] : [];
  const own = variant?.image;
  if (!own) return images;
  return [own, ...images.filter((src) => src !== own)];
}

/** 'من 299 جنيه': the lowest price of a product whose variants' prices differ (its card, and its page before a choice). */
export const fromPriceText = (min: number) => `من ${formatEGP(min)}`;
