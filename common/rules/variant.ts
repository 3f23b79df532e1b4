/**
 * A product's options and variants (sizes, colours, capacities): the limits both the server and the owner's form
 * hold, and how a variant is named on every screen, receipt and mail. A product without options has one implicit
 * variant (no option values) that carries its stock.
 */
export const VARIANT_LIMITS = {
  /** Options of one product ("المقاس", "اللون", "السعة"). */
  options: 3,
  /** Values of one option. */
  values: 30,
  /** Variants of one product (every kept combination). */
  variants: 100,
  /** Characters of an option's name or value. */
  nameMax: 30,
} as const;

/** One option value of a variant, named: what a cart line, an order item and a receipt show. */
export interface NamedValue {
  name: string;
  value: string;
}

/** "المقاس: XL، اللون: أزرق" — the variant's option values with their names, in the options' order. */
export const variantLabel = (values: readonly NamedValue[]) =>
  values.map(({ name, value }) => `${name}: ${value}`).join('، ');

/** The option values of a variant named by the product's options (values beyond the options are dropped). */
export const namedValues = (options: readonly { name: string }[], values: readonly string[]): NamedValue[] =>
  options.slice(0, values.length).map((option, i) => ({ name: option.name, value: values[i]! }));
