import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { ValidationError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { emailRules, insertUser, nameRules, normalizeEmail, passwordRules } from './accounts';
import { adminExists } from './repository';

export const ADMIN_NAME = 'مدير المتجر';

/**
 * Creates an admin account after the sign-up checks (name, e-mail format and uniqueness, password rules). An existing
 * account is never promoted: whoever registered it knows its password. Throws ValidationError.
 */
export async function createAdminAccount(ctx: AppContext, input: { name?: string; email?: string; password?: string }) {
  const account = { name: input.name ?? ADMIN_NAME, email: input.email, password: input.password };
  await validate('body', account, {
    name: nameRules(),
    email: emailRules(ctx.db, { required: true }),
    password: passwordRules('Password required'),
  });
  return insertUser(
    ctx,
    { name: account.name, email: normalizeEmail(account.email)!, password: account.password!, role: 'admin' },
    account.email,
  );
}

/** Start-up: creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists (API.md §4.2). */
export async function ensureAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { adminEmail: email, adminPassword: password } = ctx.config;
  if (!email && !password) return;
  if (await adminExists(ctx.db)) return;
  try {
    await createAdminAccount(ctx, { email, password });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    log.warn(
      { problems: err.errors.map((e) => `${e.path === 'email' ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'}: ${e.msg}`) },
      'no admin was created from ADMIN_EMAIL / ADMIN_PASSWORD',
    );
    return;
  }
  log.info({ email: normalizeEmail(email) }, 'created the first admin account');
}
