import type { AppContext, AuthUser, Role } from '../../context';
import type { Db, Queryable } from '../../db';
import { onUniqueViolation } from '../../db/errors';
import { ValidationError, fieldError, notFound } from '../../lib/errors';
import { slugify } from '../../lib/arabic';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { text } from '../../lib/validate';
import { signToken } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit';
import { forgetPaymentSessionsOf } from '../orders';
import { recomputeRatings, reviewedProductIds } from '../reviews';
import {
  USER_LIST,
  deactivateUser,
  deleteUser,
  countCodeAloneMiss,
  findUser,
  insertUser as insertUserRow,
  lockCodeAloneGuesses,
  releaseExpiredResetCode,
  setResetCode,
  verifyLiveResetCode,
  listUsers,
  lockUserForAudit,
  passwordHashOf,
  setPasswordHash,
  updateUser as updateUserRow,
  type UserChanges,
  type UserRow,
} from './repository';
import { userJson } from './serialize';

/** The list's filters and sorts (API.md §2): its route declares them, and robustness tests fuzz them. */
export { USER_LIST } from './repository';

/**
 * The users endpoints (API.md §5.2): the caller's own account, and the admin's user management, each write with its
 * audit entry in one transaction; and the account writes shared with auth: sign-up, passwords and tokens. The first
 * admin is in admin.ts. The SQL is in repository.ts.
 */

/** Profile fields an update may change: only those sent (name also sets the slug). */
function profileChanges(input: { name?: string; email?: string; phone?: string }): UserChanges {
  const changes: UserChanges = {};
  if (input.name !== undefined) Object.assign(changes, { name: input.name, slug: slugify(input.name) });
  if (input.email !== undefined) changes.email = input.email;
  if (input.phone !== undefined) changes.phone = input.phone;
  return changes;
}

/** Writes the changes; false when the user is gone. An e-mail taken meanwhile answers the same error as a taken one. */
const updateUser = (db: Queryable, id: string, changes: UserChanges): Promise<boolean> =>
  onUniqueViolation(
    () => updateUserRow(db, id, changes),
    () => new ValidationError([fieldError('body', 'email', 'E-mail already in use', changes.email)]),
  );

/** A user who is known to exist (the caller, or one just written). */
const existingUser = async (db: Queryable, id: string): Promise<UserRow> => (await findUser(db, id))!;

/** Whether `password` is the user's current one. */
export async function isPasswordOf(db: Db, userId: string, password: string | undefined): Promise<boolean> {
  const hash = await passwordHashOf(db, userId);
  return password !== undefined && hash !== undefined && verifyPassword(password, hash);
}

// ————— The caller's own account —————

export const myAccount = (db: Db, me: AuthUser): Promise<UserRow> => existingUser(db, me.id);

/**
 * Changes the caller's name, e-mail or phone (only those: role, password, active and the rest are not fields of
 * their update). A new e-mail is a new login, so a stolen token alone must not take the account over (API.md §5.2):
 * the route asked for the current password, tokens issued before the change stop working, and the answer carries one
 * that works.
 */
export async function updateMyAccount(
  ctx: AppContext,
  me: AuthUser,
  input: { name?: string; email?: string; phone?: string },
): Promise<{ user: UserRow; token?: string }> {
  const changes = profileChanges(input);
  const emailChanges = changes.email !== undefined && changes.email !== me.email.toLowerCase();
  const changedAt = emailChanges ? passwordChangeMoment() : undefined;
  if (changedAt) changes.password_changed_at = changedAt;
  await updateUser(ctx.db, me.id, changes);
  const user = await existingUser(ctx.db, me.id);
  return { user, ...(changedAt && { token: await issueToken(ctx, me.id, changedAt) }) };
}

/** Sets the caller's new password (the current one was checked with the body); older tokens stop working. */
export async function changeMyPassword(
  ctx: AppContext,
  me: AuthUser,
  password: string,
): Promise<{ user: UserRow; token: string }> {
  const changedAt = await setPassword(ctx, me.id, password);
  return { user: await existingUser(ctx.db, me.id), token: await issueToken(ctx, me.id, changedAt) };
}

/** Deactivated, not deleted: the e-mail stays taken and old tokens stop working (API.md §5.2). */
export async function deactivateMyAccount(db: Db, me: AuthUser): Promise<void> {
  await deactivateUser(db, me.id);
}

// ————— The admin's user management —————

/** A page of users (API.md §2). */
export async function userPage(db: Db, query: Record<string, unknown>) {
  const q = buildListQuery(query, USER_LIST);
  const { rows, total } = await listUsers(db, q);
  return listResponse(rows.map(userJson), total, q);
}

export async function readUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw notFound(`No document for this id ${id}`);
  return user;
}

/** An admin adds an account with any role (a user's by default), recorded in the audit log in its transaction. */
export function createUser(
  ctx: AppContext,
  actor: AuditActor,
  input: { name: string; email: string; password: string; phone?: string; role?: Role },
): Promise<UserRow> {
  const { name, email, password, phone, role = 'user' } = input;
  return insertUser(ctx, { name, email, password, phone, role }, async (tx, id) => {
    const after = await lockUserForAudit(tx, id);
    await recordAudit(tx, actor, { action: 'user.create', target: { type: 'user', id }, after });
  });
}

/** An admin changes a user's profile, role or active flag, recorded with before and after in one transaction. */
export async function changeUser(
  db: Db,
  actor: AuditActor,
  id: string,
  input: { name?: string; email?: string; phone?: string; role?: Role; active?: boolean },
): Promise<UserRow> {
  const { role, active, ...profile } = input;
  const changes = profileChanges(profile);
  if (role !== undefined) changes.role = role;
  if (active !== undefined) changes.active = active;
  const updated = await db.tx(async (tx) => {
    const before = await lockUserForAudit(tx, id);
    if (!before || !(await updateUser(tx, id, changes))) return false;
    const after = await lockUserForAudit(tx, id);
    await recordAudit(tx, actor, { action: 'user.update', target: { type: 'user', id }, before, after });
    return true;
  });
  if (!updated) throw notFound(`No document found for this id: ${id}`);
  return existingUser(db, id);
}

/**
 * An admin deletes a user with their cart, addresses, wishlist and reviews (ON DELETE CASCADE), in one transaction:
 * the ratings of the products they reviewed are recomputed, and the deletion is recorded in the audit log. Orders
 * outlive the account (they keep the user snapshot) but not its payment sessions.
 */
export async function removeUser(db: Db, actor: AuditActor, id: string): Promise<void> {
  const deleted = await db.tx(async (tx) => {
    const before = await lockUserForAudit(tx, id);
    if (!before) return false;
    const products = await reviewedProductIds(tx, id);
    await forgetPaymentSessionsOf(tx, id);
    // Cart, addresses, wishlist, reviews and payment sessions go with the row (ON DELETE CASCADE).
    const deletedUser = await deleteUser(tx, id);
    if (deletedUser) for (const product of new Set(products)) await recomputeRatings(tx, product);
    if (deletedUser) await recordAudit(tx, actor, { action: 'user.delete', target: { type: 'user', id }, before });
    return deletedUser;
  });
  if (!deleted) throw notFound(`No document found for this id: ${id}`);
}

/** An admin sets a user's password, recorded in the audit log in its transaction; their older tokens stop working. */
export async function setUserPassword(ctx: AppContext, actor: AuditActor, id: string, password: string) {
  const then = (tx: Queryable) =>
    recordAudit(tx, actor, { action: 'user.password', target: { type: 'user', id } }).then(() => {});
  if (!(await setPassword(ctx, id, password, { then }))) throw notFound(`No document found for this id: ${id}`);
  return existingUser(ctx.db, id);
}

/** E-mails are trimmed and lower-cased before they are checked, stored or looked up (API.md §3.3). */
export const normalizeEmail = (value: unknown) => text(value)?.toLowerCase();

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  phone?: string;
  role: Role;
}

/** Inserts an account; a concurrent sign-up with the same e-mail gets the same validation error as a taken one. */
/** `then` runs in the insert's transaction once the row is written (an admin's create records it in the audit log). */
export async function insertUser(
  ctx: AppContext,
  account: NewAccount,
  then?: (tx: Queryable, id: string) => Promise<void>,
): Promise<UserRow> {
  const passwordHash = await hashPassword(account.password, ctx.config.bcryptRounds);
  const id = await onUniqueViolation(
    () =>
      ctx.db.tx(async (tx) => {
        const inserted = await insertUserRow(tx, {
          name: account.name,
          slug: slugify(account.name),
          email: account.email,
          phone: account.phone ?? null,
          role: account.role,
          passwordHash,
        });
        if (then) await then(tx, inserted);
        return inserted;
      }),
    () => new ValidationError([fieldError('body', 'email', 'E-mail already in use', account.email)]),
  );
  return (await findUser(ctx.db, id))!;
}

/**
 * The moment a password change takes effect: the start of the next whole second. Tokens carry a
 * whole-second iat and §4.1 rejects tokens whose iat is older than this moment in whole seconds, so
 * every token made up to now stops working while tokens issued at this moment (see issueToken) work.
 * An e-mail change moves it too: it is a change of the login, so older tokens must stop working.
 */
export function passwordChangeMoment(): Date {
  return new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
}

/**
 * Sets a password (own change, reset or admin) and drops any pending reset code or verification.
 * With `reset`, only while a verified reset window is open (and, given its hash, for that verification's
 * resetToken), which this closes (single use).
 * Returns the change moment, or undefined when no row matched (user gone, or window closed).
 */
export async function setPassword(
  ctx: AppContext,
  id: string,
  password: string,
  options: { reset?: { tokenHash?: string }; then?: (tx: Queryable) => Promise<void> } = {},
): Promise<Date | undefined> {
  const passwordHash = await hashPassword(password, ctx.config.bcryptRounds);
  const changedAt = passwordChangeMoment();
  const set = (q: Queryable) => setPasswordHash(q, id, passwordHash, changedAt, options.reset);
  if (!options.then) return (await set(ctx.db)) ? changedAt : undefined;
  const then = options.then;
  // `then` runs in the same transaction (an admin's change records it in the audit log).
  const done = await ctx.db.tx(async (tx) => (await set(tx)) && (await then(tx), true));
  return done ? changedAt : undefined;
}

/** A token for the user, never issued before their last password change (which may lie up to a second ahead). */
export function issueToken(
  ctx: AppContext,
  userId: string,
  passwordChangedAt: Date | null | undefined,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const changed = passwordChangedAt ? Math.floor(passwordChangedAt.getTime() / 1000) : 0;
  return signToken(ctx, userId, Math.max(now, changed));
}

/**
 * Gives the user a new reset code (its HMAC), live for 10 minutes, replacing any earlier code and verification. The
 * unique index on live codes refuses a value another account holds; an expired code holding it is let go first.
 */
export const storeResetCode = (db: Db, userId: string, codeHash: string) =>
  db.tx(async (tx) => {
    await releaseExpiredResetCode(tx, codeHash);
    await setResetCode(tx, userId, codeHash);
  });

/**
 * Verifies the live code with the hash, whoever's it is (the original web app sends the code alone), unless its
 * account has used up `limits.attempts` or `limits.codeAloneMisses` wrong codes without an e-mail were sent since it
 * was issued. A miss could have been any live code, so it counts against every one of them. Guesses of a code alone
 * take their turn under one transaction lock, so however many arrive at once, no code is compared after its limit.
 * True when a code was verified.
 */
export const verifyAnyResetCode = (
  db: Db,
  codeHash: string,
  limits: { attempts: number; codeAloneMisses: number },
  tokenHash: string,
) =>
  db.tx(async (tx) => {
    await lockCodeAloneGuesses(tx);
    if (await verifyLiveResetCode(tx, codeHash, limits, tokenHash)) return true;
    await countCodeAloneMiss(tx);
    return false;
  });
