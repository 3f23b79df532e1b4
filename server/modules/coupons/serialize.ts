import { compact, iso } from '../../lib/time';
import type { CouponRow } from './repository';

/** A coupon as API.md §1 answers it. */
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
