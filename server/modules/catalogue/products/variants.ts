import { effectivePrice } from '../../../lib/money';
import type { StoredOption } from './repository';

/**
 * A variant's prices as the shopper pays them (piastres): its own price and discount, or the product's; a variant with
 * a price of its own has no discount unless it sets one. The same rule as the SQL function variant_effective_price
 * (migration 034), which the listing's price, sort and filter read.
 */
export function variantPrices(
  variant: { price: number | null; price_after_discount: number | null },
  product: { price: number; price_after_discount: number | null },
) {
  const price = variant.price ?? product.price;
  const discount =
    variant.price_after_discount !== null
      ? variant.price_after_discount
      : variant.price === null
        ? product.price_after_discount
        : null;
  return { price, discount, paid: effectivePrice(price, discount) };
}

/** The colour option of a product: the one whose values carry their CSS colours (none when no value does). */
export const colourOption = (options: readonly StoredOption[]) =>
  options.find((o) => o.values.length > 0 && o.values.every((v) => v.hex !== undefined));

/** The 'name=value' terms a variant is found by in the listing's option filter (product_variants.option_terms). */
export const optionTerms = (options: readonly { name: string }[], values: readonly string[]) =>
  options.slice(0, values.length).map((o, i) => optionTerm(o.name, values[i]!));

export const optionTerm = (name: string, value: string) => `${name}=${value}`;
