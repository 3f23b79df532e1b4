import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { EMAIL } from '../../lib/validate';
import { emailTaken, insertUser, normalizeEmail } from './accounts';

/**
 * Start-up: creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists (API.md §4.2).
 * An existing account with that e-mail is never promoted: whoever registered it knows its password.
 */
export async function ensureAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const email = normalizeEmail(ctx.config.adminEmail);
  const password = ctx.config.adminPassword;
  if (!email && !password) return;
  if (await ctx.db.one(`SELECT 1 FROM users WHERE role = 'admin'`)) return;
  if (!email || !EMAIL.test(email) || !password || password.length < 6 || password.length > 72) {
    log.warn('ADMIN_EMAIL and ADMIN_PASSWORD (6–72 characters) must both be set to create the first admin');
    return;
  }
  if (await emailTaken(ctx.db, email)) {
    log.warn({ email }, 'ADMIN_EMAIL belongs to an existing non-admin account; no admin was created');
    return;
  }
  await insertUser(ctx, { name: 'مدير المتجر', email, password, role: 'admin' }, email);
  log.info({ email }, 'created the first admin account');
}
