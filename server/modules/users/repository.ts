import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../db';
import type { Role } from '../../context';
import type { ListSpec } from '../../lib/listQuery';
import type { AddressRow } from '../addresses';

/** A user as userJson reads it: never the password or reset fields. */
export interface UserRow {
  id: string;
  name: string;
  slug: string;
  email: string;
  phone: string | null;
  profile_img: string | null;
  role: Role;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  /** Product ids, oldest first. */
  wishlist: string[];
  addresses: AddressRow[];
}

/**
 * Columns of `users u` that userJson reads. The user object of API.md §1 embeds the wishlist and the addresses, so
 * they are read in the same statement (one round trip for every answer that carries a user).
 */
const USER_COLUMNS = `u.id, u.name, u.slug, u.email, u.phone, u.profile_img, u.role, u.active, u.created_at, u.updated_at,
  COALESCE((SELECT array_agg(w.product_id::text ORDER BY w.added) FROM wishlist_items w WHERE w.user_id = u.id), '{}') AS wishlist,
  COALESCE((SELECT json_agg(json_build_object('id', a.id, 'alias', a.alias, 'details', a.details, 'phone', a.phone, 'city', a.city,
    'postal_code', a.postal_code, 'governorate', a.governorate,
    'governorate_name', (SELECT g.name FROM governorates g WHERE g.code = a.governorate), 'created_at', a.created_at, 'updated_at', a.updated_at) ORDER BY a.added)
    FROM addresses a WHERE a.user_id = u.id), '[]') AS addresses`;

/** The filters and sorts of the user list (API.md §2). */
export const USER_LIST: ListSpec = {
  fields: {
    role: { column: 'u.role', type: 'text' },
    email: { column: 'u.email', type: 'text' },
    active: { column: 'u.active', type: 'bool' },
    createdAt: { column: 'u.created_at', type: 'date' },
    name: { column: 'u.name', type: 'text', sortOnly: true },
    updatedAt: { column: 'u.updated_at', type: 'date', sortOnly: true },
  },
  keyword: (p) => `u.name ILIKE ${p}`,
};

export const listUsers = (db: Queryable, q: PageQuery): Promise<PagedList<UserRow>> =>
  pagedList<UserRow>(db, q, { columns: USER_COLUMNS, from: 'users u' });

export const findUser = (db: Queryable, id: string) =>
  db.one<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);

/** Whether an account (deactivated ones too: their e-mail stays taken, API.md §6.9) other than `exceptUserId` has the e-mail. */
export const emailTaken = async (db: Queryable, email: string, exceptUserId?: string) =>
  (await db.one('SELECT 1 FROM users WHERE lower(email) = $1 AND id IS DISTINCT FROM $2', [
    email,
    exceptUserId ?? null,
  ])) !== undefined;

export const adminExists = async (db: Queryable) =>
  (await db.one(`SELECT 1 FROM users WHERE role = 'admin'`)) !== undefined;

/** What a login compares: any account with the e-mail, active or not. */
export const findLogin = (db: Queryable, email: string) =>
  db.one<{ id: string; password_hash: string; active: boolean; password_changed_at: Date | null }>(
    'SELECT id, password_hash, active, password_changed_at FROM users WHERE lower(email) = $1',
    [email],
  );

export const findActiveByEmail = (db: Queryable, email: string) =>
  db.one<{ id: string; name: string; email: string }>(
    'SELECT id, name, email FROM users WHERE lower(email) = $1 AND active',
    [email],
  );

/**
 * The active account with the e-mail, and whether a reset verified for it is still open (for the resetToken with
 * `tokenHash`, when given).
 */
export const findResetAccount = (db: Queryable, email: string, tokenHash: string | undefined) =>
  db.one<{ id: string; verified: boolean }>(
    `SELECT id, coalesce(reset_verified_until > now() AND ($2::text IS NULL OR reset_token_hash = $2), false) AS verified
     FROM users WHERE lower(email) = $1 AND active`,
    [email, tokenHash ?? null],
  );

export const passwordHashOf = async (db: Queryable, id: string) =>
  (await db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))?.password_hash;

export interface NewUser {
  name: string;
  slug: string;
  email: string;
  phone: string | null;
  role: Role;
  passwordHash: string;
}

/** Inserts an account and answers its id; the unique e-mail index refuses a duplicate. */
export const insertUser = async (db: Queryable, user: NewUser) =>
  (await db.one<{ id: string }>(
    'INSERT INTO users (name, slug, email, phone, role, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [user.name, user.slug, user.email, user.phone, user.role, user.passwordHash],
  ))!.id;

/** The columns an update may write (the routes allow-list them, nothing else reaches the database). */
export interface UserChanges {
  name?: string;
  slug?: string;
  email?: string;
  phone?: string;
  role?: Role;
  active?: boolean;
  password_changed_at?: Date;
}

/** Writes the columns given; false when there is no such user. The unique e-mail index refuses a duplicate. */
export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<boolean> {
  const columns = Object.keys(changes);
  const sets = columns.map((c, i) => `${c} = $${i + 2}`).concat('updated_at = now()');
  return (
    (await db.one(`UPDATE users SET ${sets.join(', ')} WHERE id = $1 RETURNING id`, [
      id,
      ...Object.values(changes),
    ])) !== undefined
  );
}

/** What the audit log keeps of an account, locked until the transaction ends; undefined when there is no such user. */
export const lockUserForAudit = (tx: Queryable, id: string) =>
  tx.one<{ name: string; email: string; phone: string | null; role: string; active: boolean }>(
    'SELECT name, email, phone, role, active FROM users WHERE id = $1 FOR UPDATE',
    [id],
  );

/** Deactivated, not deleted: the e-mail stays taken and old tokens stop working (API.md §5.2). */
export async function deactivateUser(db: Queryable, id: string) {
  await db.query('UPDATE users SET active = false, updated_at = now() WHERE id = $1', [id]);
}

/** Deletes an account; its cart, addresses, wishlist, reviews and payment sessions go with it (ON DELETE CASCADE). False when there is no such user. */
export const deleteUser = async (tx: Queryable, id: string) =>
  (await tx.one('DELETE FROM users WHERE id = $1 RETURNING id', [id])) !== undefined;

/**
 * Sets a password hash and drops any pending reset code or verification. With `reset`, only while a verified reset
 * window is open (and, given its hash, for that verification's resetToken), which this closes (single use).
 * False when no row matched (user gone, or window closed).
 */
export async function setPasswordHash(
  db: Queryable,
  id: string,
  passwordHash: string,
  changedAt: Date,
  reset?: { tokenHash?: string },
): Promise<boolean> {
  const row = await db.one(
    `UPDATE users SET password_hash = $2, password_changed_at = $3, reset_code_hash = NULL, reset_code_expires = NULL, reset_attempts = 0,
       reset_verified_until = NULL, reset_token_hash = NULL, updated_at = now()
     WHERE id = $1 ${reset ? 'AND reset_verified_until > now() AND ($4::text IS NULL OR reset_token_hash = $4)' : ''} RETURNING id`,
    reset ? [id, passwordHash, changedAt, reset.tokenHash ?? null] : [id, passwordHash, changedAt],
  );
  return row !== undefined;
}

/** Lets go of an expired code with this hash, so that the hash may be drawn again. */
export async function releaseExpiredResetCode(db: Queryable, codeHash: string) {
  await db.query(
    `UPDATE users SET reset_code_hash = NULL, reset_code_expires = NULL WHERE reset_code_hash = $1 AND reset_code_expires <= now()`,
    [codeHash],
  );
}

/**
 * Gives the user a new reset code (its HMAC), live for 10 minutes, replacing any earlier code and verification. The
 * unique index on live codes refuses a value another account holds.
 */
export async function setResetCode(db: Queryable, userId: string, codeHash: string) {
  await db.query(
    `UPDATE users SET reset_code_hash = $2, reset_code_expires = now() + interval '10 minutes', reset_attempts = 0,
       reset_code_alone_misses = 0, reset_verified_until = NULL, reset_token_hash = NULL
     WHERE id = $1`,
    [userId, codeHash],
  );
}

/** Drops the user's code, unless a newer request has already replaced it. */
export async function discardResetCode(db: Queryable, userId: string, codeHash: string) {
  await db.query(
    `UPDATE users SET reset_code_hash = NULL, reset_code_expires = NULL WHERE id = $1 AND reset_code_hash = $2`,
    [userId, codeHash],
  );
}

/** A right code is used up and opens a 10-minute window for resetPassword, bound to the resetToken's hash. */
const VERIFY = `reset_code_hash = NULL, reset_code_expires = NULL, reset_attempts = 0,
  reset_verified_until = now() + interval '10 minutes', reset_token_hash = $3`;

/** Key of the transaction lock that puts guesses of a code alone in a row (any fixed number of the shop's own). */
const CODE_ALONE_LOCK_KEY = 7_140_118;

/** Puts guesses of a code alone in a row until the transaction ends. */
export async function lockCodeAloneGuesses(tx: Queryable) {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [CODE_ALONE_LOCK_KEY]);
}

/**
 * Verifies the live code with the hash, whoever's it is, unless its account has used up `limits.attempts` or
 * `limits.codeAloneMisses` wrong codes without an e-mail were sent since it was issued. True when a code was verified.
 */
export async function verifyLiveResetCode(
  db: Queryable,
  codeHash: string,
  limits: { attempts: number; codeAloneMisses: number },
  tokenHash: string,
): Promise<boolean> {
  const verified = await db.one(
    `UPDATE users SET ${VERIFY}
     WHERE reset_code_hash = $1 AND reset_code_expires > now() AND reset_attempts < $2 AND reset_code_alone_misses < $4 AND active
     RETURNING id`,
    [codeHash, limits.attempts, tokenHash, limits.codeAloneMisses],
  );
  return verified !== undefined;
}

/** A wrong code sent alone could have been any live code: the miss counts against every one of them. */
export async function countCodeAloneMiss(db: Queryable) {
  await db.query(
    `UPDATE users SET reset_code_alone_misses = reset_code_alone_misses + 1
     WHERE reset_code_hash IS NOT NULL AND reset_code_expires > now()`,
  );
}

/**
 * Checks the live code of the account with the e-mail: verifies it when the hash matches, else counts the miss. One
 * statement checks the count and either verifies or counts: concurrent guesses queue on the row lock and each re-reads
 * the count, so no more than `maxAttempts` are ever compared. True when the code was verified.
 */
export async function verifyResetCodeOf(
  db: Queryable,
  email: string,
  codeHash: string,
  maxAttempts: number,
  tokenHash: string,
): Promise<boolean> {
  const row = await db.one<{ verified: boolean }>(
    `UPDATE users SET
       reset_code_hash = CASE WHEN reset_code_hash = $1 THEN NULL ELSE reset_code_hash END,
       reset_code_expires = CASE WHEN reset_code_hash = $1 THEN NULL ELSE reset_code_expires END,
       reset_attempts = CASE WHEN reset_code_hash = $1 THEN 0 ELSE reset_attempts + 1 END,
       reset_verified_until = CASE WHEN reset_code_hash = $1 THEN now() + interval '10 minutes' ELSE reset_verified_until END,
       reset_token_hash = CASE WHEN reset_code_hash = $1 THEN $3 ELSE reset_token_hash END
     WHERE lower(email) = $4 AND reset_code_hash IS NOT NULL AND reset_code_expires > now() AND reset_attempts < $2 AND active
     RETURNING reset_code_hash IS NULL AS verified`,
    [codeHash, maxAttempts, tokenHash, email],
  );
  return row?.verified === true;
}
