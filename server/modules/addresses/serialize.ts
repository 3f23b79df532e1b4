import { iso } from '../../lib/time';
import type { Row } from '../../db';

export const ADDRESS_COLUMNS = 'id, alias, details, phone, city, postal_code, created_at, updated_at';

/** An address as API.md §1 answers it (city and postalCode may be ""). */
export function addressJson(row: Row) {
  return {
    _id: row.id,
    alias: row.alias,
    details: row.details,
    phone: row.phone,
    city: row.city,
    postalCode: row.postal_code,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
