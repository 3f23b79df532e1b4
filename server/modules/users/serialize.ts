import { compact, iso } from '../../lib/time';
import type { Row } from '../../db';
import { addressJson } from '../addresses/serialize';

/** Columns of `users u` that userJson reads (never the password or reset fields); addresses as rows for addressJson. */
export const USER_COLUMNS = `u.id, u.name, u.slug, u.email, u.phone, u.profile_img, u.role, u.active, u.created_at, u.updated_at,
  COALESCE((SELECT array_agg(w.product_id::text ORDER BY w.added) FROM wishlist_items w WHERE w.user_id = u.id), '{}') AS wishlist,
  COALESCE((SELECT json_agg(json_build_object('id', a.id, 'alias', a.alias, 'details', a.details, 'phone', a.phone, 'city', a.city,
    'postal_code', a.postal_code, 'created_at', a.created_at, 'updated_at', a.updated_at) ORDER BY a.added)
    FROM addresses a WHERE a.user_id = u.id), '[]') AS addresses`;

/** A user as API.md §1 answers it, from a row selected with USER_COLUMNS. */
export function userJson(row: Row) {
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
    addresses: ((row.addresses ?? []) as Row[]).map(addressJson),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
