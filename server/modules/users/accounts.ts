import type { Queryable } from '../../db';
import type { AppContext, Role } from '../../context';
import { ValidationError, fieldError } from '../../lib/errors';
import { onUniqueViolation } from '../../db/errors';
import { hashPassword, passwordFits } from '../../lib/passwords';
import { rules, text, type Rules } from '../../lib/validate';
import { slugify } from '../../lib/arabic';
import { signToken } from '../../plugins/auth';
import { emailTaken, findUser, insertUser as insertUserRow, setPasswordHash, type UserRow } from './repository';

/** Account rules and writes shared by auth (signup, login, reset) and the users endpoints; the SQL is in repository.ts. */

export const ROLES: readonly Role[] = ['user', 'manager', 'admin'];

/** E-mails are trimmed and lower-cased before they are checked, stored or looked up (API.md §3.3). */
export const normalizeEmail = (value: unknown) => text(value)?.toLowerCase();

/** A password exactly as typed (never trimmed), or undefined when it is not text. */
export const passwordText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

export const nameRules = () =>
  rules().minLength(3, 'must be at least 3 chars').maxLength(50, 'must be at most 50 chars');

/** Format then uniqueness; `required` only where the e-mail must be sent. */
export function emailRules(db: Queryable, options: { required: boolean; exceptUserId?: string }) {
  const r = options.required ? rules().required('Email required field') : rules().optional();
  return r
    .email('Invalid email formate')
    .check(async (v) => !(await emailTaken(db, normalizeEmail(v)!, options.exceptUserId)), 'E-mail already in use');
}

/** A new password (signup, change, admin change, reset): present and text, at least 6 characters, at most 72 bytes (bcrypt's limit). */
export const passwordRules = (requiredMessage: string) =>
  rules()
    .required(requiredMessage)
    .check((v) => passwordText(v) !== undefined, requiredMessage)
    .minLength(6, 'must be at least 6 chars')
    .check((v) => passwordFits(passwordText(v)!), 'must be at most 72 chars');

/** The last rule of a new password: it must equal passwordConfirm. */
export const matchesConfirmation = (r: Rules) =>
  r.check((v, data) => passwordText(v) === passwordText(data.passwordConfirm), 'Password confirmation is incorrect');

export const phoneRules = () => rules().optional().egyptianPhone();

/** The rules of a new account, the same for sign-up and for an account an admin adds. */
export const newAccountRules = (db: Queryable): Record<string, Rules> => ({
  name: nameRules(),
  email: emailRules(db, { required: true }),
  password: matchesConfirmation(passwordRules('Password required')),
  passwordConfirm: rules().required('passwordConfirm is required field'),
  phone: phoneRules(),
});

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  phone?: string;
  role: Role;
}

/** The account in a body that newAccountRules approved (sign-up, or an admin adding one), with its role. */
export const accountFromBody = (
  body: { name?: unknown; email?: unknown; password?: unknown; phone?: unknown },
  role: Role,
): NewAccount => ({
  name: text(body.name)!,
  email: normalizeEmail(body.email)!,
  password: passwordText(body.password)!,
  phone: text(body.phone),
  role,
});

/** Inserts an account; a concurrent sign-up with the same e-mail gets the same validation error as a taken one. */
export async function insertUser(ctx: AppContext, account: NewAccount, emailValue: unknown): Promise<UserRow> {
  const passwordHash = await hashPassword(account.password, ctx.config.bcryptRounds);
  const id = await onUniqueViolation(
    () =>
      insertUserRow(ctx.db, {
        name: account.name,
        slug: slugify(account.name),
        email: account.email,
        phone: account.phone ?? null,
        role: account.role,
        passwordHash,
      }),
    () => new ValidationError([fieldError('body', 'email', 'E-mail already in use', emailValue)]),
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
  options: { reset?: { tokenHash?: string } } = {},
): Promise<Date | undefined> {
  const passwordHash = await hashPassword(password, ctx.config.bcryptRounds);
  const changedAt = passwordChangeMoment();
  return (await setPasswordHash(ctx.db, id, passwordHash, changedAt, options.reset)) ? changedAt : undefined;
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
