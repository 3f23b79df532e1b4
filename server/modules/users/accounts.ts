import type { Queryable } from '../../db';
import type { AppContext, Role } from '../../context';
import { ValidationError, fieldError } from '../../lib/errors';
import { onUniqueViolation } from '../../db/errors';
import { hashPassword } from '../../lib/passwords';
import { text } from '../../lib/validate';
import { slugify } from '../../lib/arabic';
import { signToken } from '../../plugins/auth';
import { findUser, insertUser as insertUserRow, setPasswordHash, type UserRow } from './repository';

/** Account writes shared by auth (signup, login, reset) and the users endpoints; the SQL is in repository.ts. */

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
