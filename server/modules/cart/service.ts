import type { Db, Queryable } from '../../db';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { CART_TOTAL_TOO_LARGE, MAX_CART_TOTAL, applyDiscount, toEgp } from '../../lib/money';
import { iso } from '../../lib/time';
import type { ImageBase } from '../../lib/images';
import { colourOption, findProductForCart, productRefJson, variantPrices, type ProductForCartRow } from '../catalogue';
import { imageUrl } from '../../lib/images';
import { namedValues, variantLabel } from '../../../common/rules/variant';
import {
  addOne,
  applyCoupon as applyCouponToCart,
  cartChanged,
  cartItems,
  cartLines,
  cartsHoldingProduct,
  countInCart,
  countOfVariantInCart,
  couponRemovalSaid,
  findCart,
  findCartById,
  findLine,
  lockCarts,
  lockCartWithCouponNamed,
  removeCoupon,
  removeLine,
  setLineCount,
  touchCart,
  type CartLine,
  type CartRow,
  deleteCartOf,
} from './repository';
import type { CartJson } from './schemas';

export const linesTotal = (lines: { price: number; count: number }[]) =>
  lines.reduce((sum, l) => sum + l.price * l.count, 0);

/**
 * After any change to the lines (API.md §6.3): a coupon that still runs stays, with `totalAfterDiscount` computed
 * from the new total; one that expired is dropped, noted for the answer. Answers the cart row as now written.
 */
export function settleCart(tx: Queryable, cart: CartRow, lines: { price: number; count: number }[]) {
  if (cart.coupon_id !== null && cart.coupon_runs) {
    return cartChanged(tx, cart.id, {
      totalAfterDiscount: applyDiscount(linesTotal(lines), cart.coupon_discount!),
    });
  }
  return cartChanged(tx, cart.id, { totalAfterDiscount: null, removed: cart.coupon ?? undefined });
}

/**
 * Before a product's deletion, in its transaction: the carts holding it, whose lines go with it by cascade. Answers
 * what settles them once it is gone, in the same transaction: each keeps a running coupon with its total recomputed
 * from the lines left, as after any cart change (API.md §6.3).
 */
export async function cartsLoseProduct(tx: Queryable, productId: string) {
  const carts = await cartsHoldingProduct(tx, productId);
  return async () => {
    for (const cart of await lockCarts(tx, carts)) await settleCart(tx, cart, await cartItems(tx, cart.id));
  };
}

/** Whether the cart's answer would have to drop an expired coupon or say a dropped one (a read cannot). */
export const cartNeedsSettling = (cart: CartRow) =>
  cart.coupon_removed !== null || (cart.coupon_id !== null && !cart.coupon_runs);

/**
 * The "Cart response" of API.md §5.11 without its `status`. A caller that has just written the cart row
 * (RETURNING) or read its lines passes them, so they are not read again. An answer that says a coupon was removed
 * (`couponRemoved`, ours) clears the note, so it is said once; `q` must then be a writing transaction.
 */
export async function cartBody(
  q: Queryable,
  cartId: string,
  base: ImageBase,
  known: { cart?: CartRow; lines?: CartLine[] } = {},
) {
  const cart = known.cart ?? (await findCartById(q, cartId))!;
  const lines = known.lines ?? (await cartLines(q, cartId));
  const data: CartJson = {
    _id: cart.id,
    cartOwner: cart.user_id,
    // The product's stock (ours, additive) lets the cart show a line that asks for more than is left before
    // checkout refuses it; order snapshots keep no stock, so it is added here rather than in PRODUCT_REF_SQL.
    products: lines.map((l) => ({
      _id: l.id,
      count: l.count,
      color: l.color,
      price: toEgp(l.price),
      product: { ...(productRefJson(l.product, base) as CartJson['products'][number]['product']), quantity: l.stock },
      // The variant of a product with options, with its own stock, and whether it is still on sale.
      ...(l.options.length
        ? {
            variant: {
              _id: l.variant_id,
              options: namedValues(l.options, l.variant_values),
              ...(l.variant_sku ? { sku: l.variant_sku } : {}),
              ...(l.variant_image ? { image: imageUrl(base, 'products', l.variant_image) } : {}),
              quantity: l.variant_archived ? 0 : l.variant_stock,
              available: !l.variant_archived,
            },
          }
        : {}),
    })),
    totalCartPrice: toEgp(linesTotal(lines)),
  };
  if (cart.coupon !== null && cart.total_after_discount !== null) {
    data.totalAfterDiscount = toEgp(cart.total_after_discount);
    data.coupon = cart.coupon;
  }
  if (cart.coupon_removed !== null) {
    data.couponRemoved = cart.coupon_removed;
    await couponRemovalSaid(q, cart.id);
  }
  data.createdAt = iso(cart.created_at);
  data.updatedAt = iso(cart.updated_at);
  return { numOfCartItems: lines.length, data };
}

/**
 * Refuses (400) a change that took the cart's total past MAX_CART_TOTAL, from the lines as they are now. Summed
 * in doubles: exact up to 2^53, far above the limit (10^11), so the comparison is exact where it matters.
 */
export function assertCartTotal(lines: { price: number; count: number }[]) {
  if (linesTotal(lines) > MAX_CART_TOTAL) throw badRequest(CART_TOTAL_TOO_LARGE);
}

/** How much one order may hold (ORDER_MAX_PER_PRODUCT, ORDER_MAX_ITEMS), so one shopper cannot hold a product's whole stock. */
export interface OrderLimits {
  maxPerProduct: number;
  maxItemsPerOrder: number;
}

export const perProductLimitMessage = (limit: number, title: string) =>
  `You can order at most ${limit} of one product: ${title}`;
export const orderItemsLimitMessage = (limit: number) => `An order can hold at most ${limit} items`;

/**
 * The rules of what a cart (and so an order) may hold, for one product: all its lines together within its stock
 * (API.md §5.11, 409 `Not enough stock for product`) and within the shop's per-product limit (409).
 */
export function assertCanHold(product: { title: string; quantity: number }, wanted: number, limits: OrderLimits) {
  if (wanted > product.quantity) throw conflict(`Not enough stock for product: ${product.title}`);
  if (wanted > limits.maxPerProduct) throw conflict(perProductLimitMessage(limits.maxPerProduct, product.title));
}

/** The whole cart within the shop's limit of units per order (409). */
export function assertOrderSize(lines: { count: number }[], limits: OrderLimits) {
  const units = lines.reduce((sum, l) => sum + l.count, 0);
  if (units > limits.maxItemsPerOrder) throw conflict(orderItemsLimitMessage(limits.maxItemsPerOrder));
}

/** The user's cart as it stands, in piastres: its items, and what they come to after its coupon; none without a cart. */
export async function cartTotals(q: Queryable, userId: string) {
  const cart = await findCart(q, userId);
  if (!cart) return undefined;
  const items = linesTotal(await cartItems(q, cart.id));
  const afterCoupon = cart.coupon !== null && cart.total_after_discount !== null ? cart.total_after_discount : items;
  return { items, afterCoupon };
}

// ————— What the cart's routes do (API.md §5.11, §6.2, §6.3) —————

const noCart = (userId: string) => notFound(`No cart exist for this user: ${userId}`);
const noLine = (itemId: string) => notFound(`No Product Cart item found for this id: ${itemId}`);

/** The cart's rules for one product after a change of `change` units (stock and the shop's limit, see assertCanHold). */
async function assertStock(
  q: Queryable,
  cartId: string,
  product: ProductForCartRow,
  variant: ProductForCartRow['variants'][number],
  change: number,
  limits: OrderLimits,
) {
  assertCanHold(product, (await countInCart(q, cartId, product.id)) + change, limits);
  if (product.options.length)
    assertVariantHolds(product, variant, (await countOfVariantInCart(q, cartId, variant.id)) + change);
}

/** A variant's lines within its own stock (409, naming the variant in Arabic). */
function assertVariantHolds(
  product: ProductForCartRow,
  variant: ProductForCartRow['variants'][number],
  wanted: number,
) {
  if (wanted > variant.quantity)
    throw conflict(
      `لا تكفي كمية «${product.title}» (${variantLabel(namedValues(product.options, variant.values))}): المتبقي ${variant.quantity}`,
    );
}

/**
 * The variant a cart addition is of, and the line's colour: the one named (`variant`); for a product whose only
 * option is its colour, the one of that colour; for a product without options, its implicit one with the colour
 * asked for (API.md §5.11). A product with options and no choice is refused with the options to pick (400).
 */
function chosenVariant(product: ProductForCartRow, line: { variant?: string; color?: string | null }) {
  const named = line.variant?.toLowerCase();
  if (named !== undefined && !product.variants.some((v) => v.id === named))
    throw notFound(`No variant of this product for this id: ${line.variant}`);
  const colours = colourOption(product.options);
  if (!product.options.length) {
    const requested = line.color ?? (line.color === null ? null : '');
    const color =
      requested === ''
        ? ''
        : requested === null
          ? undefined
          : product.available_colors.find((c) => c.toLowerCase() === requested.toLowerCase());
    if (color === undefined) throw badRequest('This color is not available for this product');
    return { variant: product.variants[0]!, color };
  }
  const colourAt = colours ? product.options.indexOf(colours) : -1;
  const hexOf = (values: string[]) => colours?.values.find((v) => v.value === values[colourAt])?.hex ?? '';
  if (named !== undefined) {
    const variant = product.variants.find((v) => v.id === named)!;
    return { variant, color: hexOf(variant.values) };
  }
  const asked = typeof line.color === 'string' ? line.color.trim().toLowerCase() : '';
  if (asked && colours && product.options.length === 1) {
    const variant = product.variants.find((v) => hexOf(v.values).toLowerCase() === asked);
    if (!variant) throw badRequest('This color is not available for this product');
    return { variant, color: hexOf(variant.values) };
  }
  const missing = product.options.filter((o) => !(asked && o === colours)).map((o) => o.name);
  throw badRequest(`اختر ${missing.join(' و')} قبل الإضافة إلى العربة`);
}

/** The "Cart response" without its `status`, as a customer without a cart gets it (API.md §9.3). */
const EMPTY_CART = { numOfCartItems: 0, data: { products: [], totalCartPrice: 0 } };

/** The customer's cart as its answer says it (an empty one when there is none). */
export async function readCart(db: Db, userId: string, base: ImageBase) {
  // One snapshot: an order or DELETE /cart committing between the two reads would otherwise leave a cart without its row.
  let body = await db.tx(
    async (tx) => {
      const cart = await findCart(tx, userId);
      if (cart && cartNeedsSettling(cart)) return 'settle' as const;
      return cart && cartBody(tx, cart.id, base, { cart });
    },
    { snapshot: true },
  );
  if (body === 'settle') {
    // Rarely: the coupon expired, or was deleted, since the last answer. Drop it and say so, once.
    body = await db.tx(async (tx) => {
      let cart = await findCart(tx, userId, { lock: true });
      if (!cart) return undefined;
      const lines = await cartLines(tx, cart.id);
      if (cart.coupon_id !== null && !cart.coupon_runs) cart = await settleCart(tx, cart, lines);
      return cartBody(tx, cart.id, base, { cart, lines });
    });
  }
  return body ?? EMPTY_CART;
}

/**
 * Adds one of the product in the colour asked for ("" or none: no colour; null: a colour that is not text), making
 * the cart when there is none; the line's price comes from the product (API.md §6.2), refreshed when the line grows.
 */
export function addToCart(
  db: Db,
  userId: string,
  line: { productId: string; variant?: string; color?: string | null },
  base: ImageBase,
  limits: OrderLimits,
) {
  return db.tx(async (tx) => {
    const product = await findProductForCart(tx, line.productId);
    if (!product) throw notFound(`No document for this id ${line.productId}`);
    const { variant, color } = chosenVariant(product, line);

    // Creating or touching the cart row locks it: the transaction either adds the line or rolls all of it back.
    const cart = await touchCart(tx, userId);
    const added = await addOne(tx, cart.id, {
      productId: product.id,
      variantId: variant.id,
      color,
      price: variantPrices(variant, product).paid,
      stock: Math.min(product.quantity, limits.maxPerProduct),
      variantStock: variant.quantity,
    });
    if (!added) await assertStock(tx, cart.id, product, variant, 1, limits);
    const lines = await cartLines(tx, cart.id);
    assertCartTotal(lines);
    assertOrderSize(lines, limits);
    return cartBody(tx, cart.id, base, { cart: await settleCart(tx, cart, lines), lines });
  });
}

/**
 * Applies the coupon of that name (any case) if it exists and runs, replacing the applied one. A refused coupon
 * also removes the one applied before (as the original backend does), and that is kept before the 400.
 */
export async function applyCouponNamed(db: Db, userId: string, couponName: string, base: ImageBase) {
  const outcome = await db.tx(async (tx) => {
    // The cart (locked) and the named coupon, if it exists and runs (names are unique ignoring case), in one read.
    const cart = await lockCartWithCouponNamed(tx, userId, couponName);
    if (!cart) throw noCart(userId);
    if (!cart.new_coupon_id) {
      await removeCoupon(tx, cart.id);
      return undefined;
    }
    const lines = await cartLines(tx, cart.id);
    const updated = await applyCouponToCart(
      tx,
      cart.id,
      { id: cart.new_coupon_id },
      applyDiscount(linesTotal(lines), Number(cart.discount)),
    );
    return { coupon: cart.new_coupon!, ...(await cartBody(tx, cart.id, base, { cart: updated, lines })) };
  });
  if (!outcome) throw badRequest('Coupon is invalid or has expired');
  return outcome;
}

/** Sets a line's count, at the product's price now, within its stock and the shop's limits. */
export function setCartLineCount(
  db: Db,
  userId: string,
  change: { itemId: string; count: number },
  base: ImageBase,
  limits: OrderLimits,
) {
  return db.tx(async (tx) => {
    const cart = await findCart(tx, userId, { lock: true });
    if (!cart) throw noCart(userId);
    const line = await findLine(tx, cart.id, change.itemId);
    if (!line) throw noLine(change.itemId);
    const product = (await findProductForCart(tx, line.product_id))!;
    const variant = product.variants.find((v) => v.id === line.variant_id);
    // A variant the owner removed is only kept to be named and removed.
    if (!variant) {
      const values = (await cartLines(tx, cart.id)).find((l) => l.id === line.id)!.variant_values;
      throw conflict(
        `لم يعد «${product.title}» (${variantLabel(namedValues(product.options, values))}) متاحاً: احذفه من العربة`,
      );
    }
    await assertStock(tx, cart.id, product, variant, change.count - line.count, limits);
    await setLineCount(tx, line.id, change.count, variantPrices(variant, product).paid);
    const lines = await cartLines(tx, cart.id);
    assertCartTotal(lines);
    assertOrderSize(lines, limits);
    return cartBody(tx, cart.id, base, { cart: await settleCart(tx, cart, lines), lines });
  });
}

/** Removes a line of the customer's cart. */
export function removeCartLine(db: Db, userId: string, itemId: string, base: ImageBase) {
  return db.tx(async (tx) => {
    const cart = await findCart(tx, userId, { lock: true });
    if (!cart) throw noCart(userId);
    if (!(await removeLine(tx, cart.id, itemId))) throw noLine(itemId);
    const lines = await cartLines(tx, cart.id);
    return cartBody(tx, cart.id, base, { cart: await settleCart(tx, cart, lines), lines });
  });
}

/** Empties the user's cart (its lines and coupon go with it). */
export async function emptyCart(db: Db, userId: string) {
  await deleteCartOf(db, userId);
}
