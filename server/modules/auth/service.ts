import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import { verifyNothing, verifyPassword } from '../../lib/passwords';
import { quotedCustomerText } from '../../mail/customerText';
import {
  findActiveByEmail,
  findLogin,
  findResetAccount,
  findUser,
  insertUser,
  issueToken,
  setPassword,
  userJson,
} from '../users';
import { discardResetCode, hashResetToken, issueResetCode, verifyResetCode } from './resetCodes';
import type { ResetPassword, SignUp } from './schemas';

const INVALID_CODE = 'Reset code is invalid or has expired';
const NOT_VERIFIED = 'reset code not verified';
const noUser = (email: string) => notFound(`There is no user with this email address ${email}`);

/** Sign-up always makes a customer (`role` and `profileImg` are not fields of it): the user and a token. */
export async function signUp(ctx: AppContext, input: Static<typeof SignUp>) {
  const { passwordConfirm: _, ...account } = input;
  const user = await insertUser(ctx, { ...account, role: 'user' });
  return { data: userJson(user), token: await issueToken(ctx, user.id, null) };
}

/**
 * The user and a token for a right e-mail and password of an active account; undefined otherwise, after the same
 * work (a password hash is checked either way, so the answer's time tells nothing).
 */
export async function logIn(ctx: AppContext, email: string, password: string) {
  const row = await findLogin(ctx.db, email);
  const matches = row?.active
    ? await verifyPassword(password, row.password_hash)
    : await verifyNothing(password, ctx.config.bcryptRounds);
  if (!row?.active || !matches) return undefined;
  return {
    data: userJson((await findUser(ctx.db, row.id))!),
    token: await issueToken(ctx, row.id, row.password_changed_at),
  };
}

/**
 * Mails an active account a new 6-digit reset code (API.md §6.8). An unknown e-mail is a 404, or the same answer as a
 * known one when AUTH_UNIFORM_FORGOT_RESPONSE is set; a mail that cannot be sent drops its code and is a 500.
 */
export async function sendResetCode(ctx: AppContext, email: string, log: FastifyBaseLogger) {
  const sent = { status: 'Success' as const, message: 'Reset code sent to your email' };
  const user = await findActiveByEmail(ctx.db, email);
  if (!user) {
    if (ctx.config.authUniformForgotResponse) return sent;
    throw noUser(email);
  }
  const code = await issueResetCode(ctx, user.id);
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'رمز إعادة تعيين كلمة المرور (صالح لمدة 10 دقائق)',
      text:
        `مرحباً ${quotedCustomerText(user.name)}،\n\n` +
        `تلقّينا طلباً لإعادة تعيين كلمة المرور لحسابك في المتجر.\n` +
        `رمز التحقق: ${code}\n\n` +
        `الرمز صالح لمدة 10 دقائق ويُستخدم مرة واحدة. إن لم تطلب ذلك فتجاهل هذه الرسالة، وستبقى كلمة المرور كما هي.`,
    });
  } catch (err) {
    log.error({ err }, 'sending the reset code failed');
    await discardResetCode(ctx, user.id, code);
    throw new HttpError(500, 'There was an error sending the email. Try again later!');
  }
  return sent;
}

/** A live code (of the account with `email`, when given) answers the resetToken that resetPassword needs; else 400. */
export async function confirmResetCode(ctx: AppContext, code: string | undefined, email: string | undefined) {
  const resetToken = code ? await verifyResetCode(ctx, code, email) : undefined;
  if (!resetToken) throw badRequest(INVALID_CODE);
  return { status: 'Success' as const, resetToken };
}

/**
 * Sets a new password for whoever verified the code: they hold the resetToken. Old clients send none
 * (LEGACY_RESET_FLOW); a token that is sent is always checked. Answers a new token.
 */
export async function resetPassword(ctx: AppContext, input: Static<typeof ResetPassword>) {
  const { email, newPassword, resetToken } = input;
  const tokenHash = resetToken === undefined ? undefined : hashResetToken(resetToken);
  const user = await findResetAccount(ctx.db, email, tokenHash);
  if (!user) throw noUser(email);
  const tokenUsable = resetToken !== undefined || ctx.config.legacyResetFlow;
  if (!tokenUsable || !user.verified) throw badRequest(NOT_VERIFIED);
  const changedAt = await setPassword(ctx, user.id, newPassword, { reset: { tokenHash } });
  if (!changedAt) throw badRequest(NOT_VERIFIED); // used by a concurrent request
  return { status: 'Success' as const, token: await issueToken(ctx, user.id, changedAt) };
}
