import { compact, iso } from '../../lib/time';
import type { Row } from '../../db';

/** Columns of `users u` that userJson reads (never the password or reset fields). */
export const USER_COLUMNS = `u.id, u.name, u.slug, u.email, u.phone, u.profile_img, u.role, u.active, u.created_at, u.updated_at,
  COALESCE((SELECT array_agg(w.product_id::text ORDER BY w.created_at) FROM wishlist_items w WHERE w.user_id = u.id), '{}') AS wishlist`;

/** A user as API.md §1 answers it; addresses are listed when the caller loaded them. */
export function userJson(row: Row, addresses: unknown[] = []) {
  return compact({
    _id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    profileImg: row.profile_img,
    role: row.role,
    active: row.active,
    wishlist: row.wishlist ?? [],
    addresses,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
