import type { Db } from '../../db';
import { onUniqueViolation } from '../../db/errors';
import { duplicateValue, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { compact, iso } from '../../lib/time';
import { recordAudit, type AuditActor } from '../audit';
import { cartsLoseCoupon } from '../cart';
import {
  COUPON_LIST,
  deleteCoupon,
  findCoupon,
  insertCoupon,
  listCoupons,
  lockCoupon,
  updateCoupon,
  type CouponRow,
} from './repository';

/** The list's filters and sorts (API.md §2): its route declares them, and robustness tests fuzz them. */
export { COUPON_LIST } from './repository';

/** A coupon as API.md §1 answers it (a small module's answer is its service's, not a serialize.ts of its own). */
export function couponJson(row: CouponRow) {
  return compact({
    _id: row.id,
    name: row.name,
    expire: iso(row.expire),
    discount: Number(row.discount),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

interface Coupon {
  name: string;
  expire: Date;
  discount: number;
}

/** A write whose clash on the unique (case-insensitive) name is API.md's duplicate 400. */
const naming = <T>(name: string | undefined, write: () => Promise<T>) =>
  onUniqueViolation(write, () => duplicateValue(name ?? ''));

/** A page of coupons with API.md §2's filters, sort and paging. */
export async function couponPage(db: Db, query: Record<string, unknown>) {
  const q = buildListQuery(query, COUPON_LIST);
  const { rows, total } = await listCoupons(db, q);
  return listResponse(rows.map(couponJson), total, q);
}

/** What the audit log keeps of a coupon: its fields as the API answers them. */
const audited = (row: CouponRow) => {
  const { name, expire, discount } = couponJson(row);
  return { name, expire, discount };
};

export async function readCoupon(db: Db, id: string): Promise<CouponRow> {
  const row = await findCoupon(db, id);
  if (!row) throw notFound(`No document for this id ${id}`);
  return row;
}

export const createCoupon = (db: Db, actor: AuditActor, coupon: Coupon) =>
  naming(coupon.name, () =>
    db.tx(async (tx) => {
      const row = await insertCoupon(tx, coupon);
      await recordAudit(tx, actor, {
        action: 'coupon.create',
        target: { type: 'coupon', id: row.id },
        after: audited(row),
      });
      return row;
    }),
  );

/** Changes the fields given. */
export async function changeCoupon(
  db: Db,
  actor: AuditActor,
  id: string,
  changes: Partial<Coupon>,
): Promise<CouponRow> {
  const row = await naming(changes.name, () =>
    db.tx(async (tx) => {
      const before = await lockCoupon(tx, id);
      if (!before) return undefined;
      const after = (await updateCoupon(tx, id, {
        name: changes.name ?? null,
        expire: changes.expire ?? null,
        discount: changes.discount ?? null,
      }))!;
      await recordAudit(tx, actor, {
        action: 'coupon.update',
        target: { type: 'coupon', id },
        before: audited(before),
        after: audited(after),
      });
      return after;
    }),
  );
  if (!row) throw notFound(`No document found for this id: ${id}`);
  return row;
}

/** Deletes a coupon; the carts holding it lose it (API.md §6.7), in the same transaction. */
export async function removeCoupon(db: Db, actor: AuditActor, id: string): Promise<void> {
  const deleted = await db.tx(async (tx) => {
    const before = await lockCoupon(tx, id);
    if (!before) return false;
    await cartsLoseCoupon(tx, id);
    if (!(await deleteCoupon(tx, id))) return false;
    await recordAudit(tx, actor, { action: 'coupon.delete', target: { type: 'coupon', id }, before: audited(before) });
    return true;
  });
  if (!deleted) throw notFound(`No document found for this id: ${id}`);
}
