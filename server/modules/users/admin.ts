import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { ValidationError } from '../../lib/errors';
import { checkFields, fields } from '../../lib/fields';
import { insertUser, normalizeEmail } from './service';
import { adminExists } from './repository';
import { NameField, NewEmailField, NewPasswordField } from './schemas';

export const ADMIN_NAME = 'مدير المتجر';

/** The sign-up fields an admin account needs (from the settings or `npm run create-admin`). */
const AdminAccount = fields({
  name: NameField,
  email: NewEmailField({ required: true }),
  password: NewPasswordField('Password required'),
});

/**
 * Creates an admin account after the sign-up checks (name, e-mail format and uniqueness, password rules). An existing
 * account is never promoted: whoever registered it knows its password. Throws ValidationError.
 */
export async function createAdminAccount(ctx: AppContext, input: { name?: string; email?: string; password?: string }) {
  const account = await checkFields({ ctx }, 'body', AdminAccount, { ...input, name: input.name ?? ADMIN_NAME });
  return insertUser(ctx, { ...account, role: 'admin' });
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
