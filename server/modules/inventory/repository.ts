import type { Queryable, Row } from '../../db';
import { PRODUCT_REF_SQL } from '../catalogue';

/**
 * Stock: every change to a product's `quantity` and `sold` goes through here. Products are always locked in id order
 * (orders, payment completions, cancellations and refunds alike), so two of them never deadlock.
 */

/** A product locked for an order, with its ProductRef (the snapshot an order item keeps). */
export interface OrderedProductRow {
  id: string;
  title: string;
  quantity: number;
  price: number;
  price_after_discount: number | null;
  ref: Row;
}

/** Locks the products in id order and answers them with their ProductRefs; products that no longer exist are missing. */
export const lockProductsForOrder = (tx: Queryable, ids: string[]) =>
  tx.query<OrderedProductRow>(
    `SELECT p.id, p.title, p.quantity, p.price, p.price_after_discount, ${PRODUCT_REF_SQL} AS ref
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

/** How many of each product, summed over lines (one product may be ordered in several colours). */
export interface StockCount {
  productId: string;
  count: number;
  /** Of `count`, how many were taken from stock (restock puts back only these); all of them when missing. */
  taken?: number;
}

/**
 * For an order that takes stock only down to 0 (a paid card order), how many units of each line are not in stock,
 * lines in order: a product's stock goes to its first lines first. The caller has locked the products.
 */
export async function stockShortfall(tx: Queryable, lines: Array<{ productId: string; count: number }>) {
  const rows = await tx.query<{ id: string; quantity: number }>(
    'SELECT id, quantity FROM products WHERE id = ANY($1::uuid[])',
    [[...new Set(lines.map((l) => l.productId))]],
  );
  const left = new Map(rows.map((r) => [r.id, Math.max(r.quantity, 0)]));
  return lines.map((line) => {
    const available = left.get(line.productId) ?? 0;
    const taken = Math.min(available, line.count);
    left.set(line.productId, available - taken);
    return line.count - taken;
  });
}

/**
 * Takes the counts from stock and adds them to sales, in one statement. `upToStock` never lets stock go below 0
 * (a paid card order is kept even when it oversold); without it the caller has checked the stock under its lock.
 */
export async function takeStock(tx: Queryable, lines: StockCount[], options: { upToStock: boolean }) {
  const quantity = options.upToStock ? 'GREATEST(p.quantity - t.n, 0)' : 'p.quantity - t.n';
  await tx.query(
    `WITH t AS (SELECT id, sum(count)::int AS n FROM unnest($1::uuid[], $2::int[]) AS l(id, count) GROUP BY id)
     UPDATE products p SET quantity = ${quantity}, sold = p.sold + t.n, updated_at = now() FROM t WHERE p.id = t.id`,
    [lines.map((l) => l.productId), lines.map((l) => l.count)],
  );
}

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
     UPDATE products p SET quantity = p.quantity + t.taken, sold = GREATEST(p.sold - t.n, 0), updated_at = now()
     FROM t WHERE p.id = t.id`,
    [lines.map((l) => l.productId), lines.map((l) => l.count), lines.map((l) => l.taken ?? l.count)],
  );
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
