import type { Db } from '../../db';
import { onUniqueViolation } from '../../db/errors';
import { duplicateValue, notFound } from '../../lib/errors';
import { deleteCoupon, findCoupon, insertCoupon, updateCoupon, type CouponRow } from './repository';

interface Coupon {
  name: string;
  expire: Date;
  discount: number;
}

/** A write whose clash on the unique (case-insensitive) name is API.md's duplicate 400. */
const naming = <T>(name: string | undefined, write: () => Promise<T>) =>
  onUniqueViolation(write, () => duplicateValue(name ?? ''));

export async function readCoupon(db: Db, id: string): Promise<CouponRow> {
  const row = await findCoupon(db, id);
  if (!row) throw notFound(`No document for this id ${id}`);
  return row;
}

export const createCoupon = (db: Db, coupon: Coupon) => naming(coupon.name, () => insertCoupon(db, coupon));

/** Changes the fields given. */
export async function changeCoupon(db: Db, id: string, changes: Partial<Coupon>): Promise<CouponRow> {
  const row = await naming(changes.name, () =>
    updateCoupon(db, id, {
      name: changes.name ?? null,
      expire: changes.expire ?? null,
      discount: changes.discount ?? null,
    }),
  );
  if (!row) throw notFound(`No document found for this id: ${id}`);
  return row;
}

/** Deletes a coupon; the carts holding it lose it (API.md §6.7). */
export async function removeCoupon(db: Db, id: string): Promise<void> {
  if (!(await deleteCoupon(db, id))) throw notFound(`No document found for this id: ${id}`);
}
