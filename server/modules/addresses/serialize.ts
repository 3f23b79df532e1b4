import { iso } from '../../lib/time';
import type { AddressRow } from './repository';

/** An address as API.md §1 answers it (city and postalCode may be ""). */
export function addressJson(row: AddressRow) {
  return {
    _id: row.id,
    alias: row.alias,
    details: row.details,
    phone: row.phone,
    city: row.city,
    postalCode: row.postal_code,
    ...(row.governorate && { governorate: row.governorate, governorateName: row.governorate_name ?? undefined }),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
