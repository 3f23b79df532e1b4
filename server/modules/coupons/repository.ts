import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../db';
import type { ListSpec } from '../../lib/listQuery';

/** A coupon as couponJson reads it. */
export interface CouponRow {
  id: string;
  name: string;
  expire: Date;
  /** numeric(5,2): a string from node-postgres, a number from PGlite. */
  discount: string | number;
  created_at: Date;
  updated_at: Date;
}

/** The values a create or update writes; null leaves a value as it is on update. */
export interface CouponInput {
  name: string | null;
  expire: Date | null;
  discount: number | null;
}

const COLUMNS = 'id, name, expire, discount, created_at, updated_at';

/** The filters and sorts of the coupon list (API.md §2). */
export const COUPON_LIST: ListSpec = {
  fields: {
    name: { column: 'name', type: 'text' },
    discount: { column: 'discount', type: 'decimal', precision: 5, scale: 2 },
    expire: { column: 'expire', type: 'date' },
    createdAt: { column: 'created_at', type: 'date' },
    updatedAt: { column: 'updated_at', type: 'date', sortOnly: true },
  },
  keyword: (placeholder) => `name ILIKE ${placeholder}`,
};

export const listCoupons = (db: Queryable, q: PageQuery): Promise<PagedList<CouponRow>> =>
  pagedList<CouponRow>(db, q, { columns: COLUMNS, from: 'coupons' });

export const findCoupon = (db: Queryable, id: string) =>
  db.one<CouponRow>(`SELECT ${COLUMNS} FROM coupons WHERE id = $1`, [id]);

/** The coupon, locked until the transaction ends (what a change or delete records as before). */
export const lockCoupon = (tx: Queryable, id: string) =>
  tx.one<CouponRow>(`SELECT ${COLUMNS} FROM coupons WHERE id = $1 FOR UPDATE`, [id]);

/** The unique (case-insensitive) name refuses a duplicate. */
export const insertCoupon = async (db: Queryable, input: CouponInput) =>
  (await db.one<CouponRow>(`INSERT INTO coupons (name, expire, discount) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [
    input.name,
    input.expire,
    input.discount,
  ]))!;

/** Changes the values given (not null); undefined when there is no such coupon. */
export const updateCoupon = (db: Queryable, id: string, input: CouponInput) =>
  db.one<CouponRow>(
    `UPDATE coupons SET name = COALESCE($2, name), expire = COALESCE($3, expire), discount = COALESCE($4, discount), updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, input.name, input.expire, input.discount],
  );

/** Deletes a coupon; false when there is no such coupon. */
export const deleteCoupon = async (db: Queryable, id: string) =>
  (await db.one('DELETE FROM coupons WHERE id = $1 RETURNING id', [id])) !== undefined;
