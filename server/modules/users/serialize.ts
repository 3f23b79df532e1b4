import { compact, iso } from '../../lib/time';
import type { UserRow } from './repository';
import { addressJson } from '../addresses';

/** A user as API.md §1 answers it. */
export function userJson(row: UserRow) {
  return compact({
    _id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone ?? undefined,
    profileImg: row.profile_img ?? undefined,
    role: row.role,
    active: row.active,
    wishlist: row.wishlist ?? [],
    addresses: (row.addresses ?? []).map(addressJson),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
