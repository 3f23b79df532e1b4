import type { Queryable } from '../../db';

/** An address as addressJson reads it. */
export interface AddressRow {
  id: string;
  alias: string;
  details: string;
  phone: string;
  /** May be ''. */
  city: string;
  /** May be ''. */
  postal_code: string;
  /** Its governorate's code and Arabic name, or null (migration 022). */
  governorate: string | null;
  governorate_name: string | null;
  /** Dates, or ISO text inside a user's row (USER_COLUMNS builds the list as JSON). */
  created_at: Date | string;
  updated_at: Date | string;
}

/** The fields of an address as the API names them; an update writes only the fields the object has. */
export interface AddressInput {
  alias?: string;
  details?: string;
  phone?: string;
  city?: string;
  postalCode?: string;
  governorate?: string | null;
}

const COLUMNS = `id, alias, details, phone, city, postal_code, governorate,
  (SELECT g.name FROM governorates g WHERE g.code = addresses.governorate) AS governorate_name, created_at, updated_at`;
const COLUMN_OF = {
  alias: 'alias',
  details: 'details',
  phone: 'phone',
  city: 'city',
  postalCode: 'postal_code',
  governorate: 'governorate',
} as const;

/** The user's addresses in the order they were added. */
export const addressesOf = (db: Queryable, userId: string) =>
  db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY added`, [userId]);

/** One of the user's addresses, or undefined. */
export const findAddress = (db: Queryable, id: string, userId: string) =>
  db.one<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [id, userId]);

export async function insertAddress(db: Queryable, userId: string, input: Required<AddressInput>) {
  await db.query(
    `INSERT INTO addresses (user_id, alias, details, phone, city, postal_code, governorate)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, input.alias, input.details, input.phone, input.city, input.postalCode, input.governorate],
  );
}

/** Writes the fields given to one of the user's addresses; undefined when the user has no such address. */
export function updateAddress(db: Queryable, id: string, userId: string, input: AddressInput) {
  const sets: string[] = [];
  const params: unknown[] = [id, userId];
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    if (!Object.hasOwn(input, field)) continue;
    params.push(input[field as keyof AddressInput]);
    sets.push(`${column} = $${params.length}`);
  }
  return db.one<AddressRow>(
    `UPDATE addresses SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    params,
  );
}

/** Removes one of the user's addresses; false when the user has no such address. */
export const deleteAddress = async (db: Queryable, id: string, userId: string) =>
  (await db.one('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])) !== undefined;
