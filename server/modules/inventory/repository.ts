import type { Queryable, Row } from '../../db';
import { PRODUCT_REF_SQL } from '../catalogue';

/**
 * Stock: every change to a product's `quantity` and `sold` goes through here. Products are always locked in id order
 * (orders, payment completions, cancellations and refunds alike), so two of them never deadlock.
 */

/** A product locked for an order, with its ProductRef (the snapshot an order item keeps) and its options. */
export interface OrderedProductRow {
  id: string;
  title: string;
  quantity: number;
  price: number;
  price_after_discount: number | null;
  options: { name: string; values: { value: string; hex?: string }[] }[];
  ref: Row;
}

/** A variant an order takes stock from (read once its product is locked). */
export interface OrderedVariantRow {
  id: string;
  product_id: string;
  option_values: string[];
  quantity: number;
  price: number | null;
  price_after_discount: number | null;
  sku: string | null;
  image: string | null;
  archived_at: Date | null;
}

/** The variants of the lines, archived ones too; call it after locking their products (lockProductsForOrder). */
export const variantsForOrder = (tx: Queryable, ids: string[]) =>
  tx.query<OrderedVariantRow>(
    `SELECT id, product_id, option_values, quantity, price, price_after_discount, sku, image, archived_at
     FROM product_variants WHERE id = ANY($1::uuid[])`,
    [ids],
  );

/** Locks the products in id order and answers them with their ProductRefs; products that no longer exist are missing. */
export const lockProductsForOrder = (tx: Queryable, ids: string[]) =>
  tx.query<OrderedProductRow>(
    `SELECT p.id, p.title, p.quantity, p.price, p.price_after_discount, p.options, ${PRODUCT_REF_SQL} AS ref
     FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
     WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
    [ids],
  );

/** Locks the products in id order, answering their titles and stock. */
export const lockProductsStock = (tx: Queryable, ids: string[]) =>
  tx.query<{ id: string; title: string; quantity: number }>(
    'SELECT id, title, quantity FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [ids],
  );

/** How many of each variant, summed over lines (one variant may be ordered in several colours). */
export interface StockCount {
  productId: string;
  /** The variant the units are of (a product without options: its implicit one). */
  variantId: string;
  count: number;
  /** Of `count`, how many were taken from stock (restock puts back only these); all of them when missing. */
  taken?: number;
}

/**
 * For an order that takes stock only down to 0 (a paid card order), how many units of each line are not in stock,
 * lines in order: a product's stock goes to its first lines first. The caller has locked the products.
 */
export async function stockShortfall(tx: Queryable, lines: Array<{ variantId: string; count: number }>) {
  const rows = await tx.query<{ id: string; quantity: number }>(
    'SELECT id, quantity FROM product_variants WHERE id = ANY($1::uuid[])',
    [[...new Set(lines.map((l) => l.variantId))]],
  );
  const left = new Map(rows.map((r) => [r.id, Math.max(r.quantity, 0)]));
  return lines.map((line) => {
    const available = left.get(line.variantId) ?? 0;
    const taken = Math.min(available, line.count);
    left.set(line.variantId, available - taken);
    return line.count - taken;
  });
}

/**
 * Takes the counts from their variants' stock and adds them to sales, in one statement (the products' sums follow,
 * migration 034). `upToStock` never lets stock go below 0 (a paid card order is kept even when it oversold); without
 * it the caller has checked the stock under its products' locks.
 */
export async function takeStock(tx: Queryable, lines: StockCount[], options: { upToStock: boolean }) {
  const quantity = options.upToStock ? 'GREATEST(v.quantity - t.n, 0)' : 'v.quantity - t.n';
  await tx.query(
    `WITH t AS (SELECT id, sum(count)::int AS n FROM unnest($1::uuid[], $2::int[]) AS l(id, count) GROUP BY id)
     UPDATE product_variants v SET quantity = ${quantity}, sold = v.sold + t.n, updated_at = now()
     FROM t WHERE v.id = t.id`,
    [lines.map((l) => l.variantId), lines.map((l) => l.count)],
  );
  await touchProducts(tx, lines);
}

const touchProducts = (tx: Queryable, lines: StockCount[]) =>
  tx.query('UPDATE products SET updated_at = now() WHERE id = ANY($1::uuid[])', [
    [...new Set(lines.map((l) => l.productId))],
  ]);

/**
 * Puts back stock an order had taken: its units that were taken from stock (never those an oversold order did not
 * find), and its whole count off sales (sold never goes below 0); locks the products in id order first.
 */
export async function restock(tx: Queryable, lines: StockCount[]) {
  await lockProductsStock(
    tx,
    lines.map((l) => l.productId),
  );
  await tx.query(
    `WITH t AS (
       SELECT id, sum(count)::int AS n, sum(taken)::int AS taken
       FROM unnest($1::uuid[], $2::int[], $3::int[]) AS l(id, count, taken) GROUP BY id
     )
     UPDATE product_variants v SET quantity = v.quantity + t.taken, sold = GREATEST(v.sold - t.n, 0), updated_at = now()
     FROM t WHERE v.id = t.id`,
    [lines.map((l) => l.variantId), lines.map((l) => l.count), lines.map((l) => l.taken ?? l.count)],
  );
  await touchProducts(tx, lines);
}

/** The products' titles and stock now, for the owner's low-stock notice. */
export const stockOf = (q: Queryable, ids: string[]) =>
  q.query<{ id: string; title: string; quantity: number }>(
    'SELECT id, title, quantity FROM products WHERE id = ANY($1::uuid[]) ORDER BY title',
    [ids],
  );

/**
 * How many units of each product cash orders hold that are neither paid, delivered nor cancelled (their stock is
 * taken, the money not yet in): of the given products, or of every product when none are given. Products no such
 * order holds are missing. The open orders come from the partial index of migration 025.
 */
export const heldByUnpaidCash = (q: Queryable, productIds?: string[]) =>
  q.query<{ product_id: string; held: number }>(
    `SELECT oi.product_id::text AS product_id, sum(oi.count - oi.stock_short)::int AS held
     FROM orders o JOIN order_items oi ON oi.order_id = o.id
     WHERE o.payment_method_type = 'cash' AND NOT o.is_paid AND NOT o.is_delivered AND NOT o.is_cancelled
       AND oi.product_id IS NOT NULL AND ($1::uuid[] IS NULL OR oi.product_id = ANY($1::uuid[]))
     GROUP BY oi.product_id ORDER BY oi.product_id`,
    [productIds ?? null],
  );

/** The implicit variant of each product (a payment begun before variants names none). */
export const implicitVariantIds = async (tx: Queryable, productIds: string[]) =>
  new Map(
    (
      await tx.query<{ product_id: string; id: string }>(
        `SELECT DISTINCT ON (product_id) product_id, id FROM product_variants
         WHERE product_id = ANY($1::uuid[]) AND option_values = '{}' ORDER BY product_id, archived_at NULLS FIRST`,
        [productIds],
      )
    ).map((r) => [r.product_id, r.id]),
  );
