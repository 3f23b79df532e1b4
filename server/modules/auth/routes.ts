import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bodyOf } from '../../context';
import { HttpError, badRequest, notFound, unauthorized } from '../../lib/errors';
import { verifyNothing, verifyPassword } from '../../lib/passwords';
import { field, fields } from '../../lib/fields';
import { Type } from '../../lib/schemas';
import { EmailField, NewAccountFields, NewPasswordField, PasswordField, UserWithToken } from '../users';
import { checkInput } from '../../plugins/input';
import { LIMITS, clientIp, createCounter, routeLimit } from '../../plugins/rateLimits';
import { insertUser, issueToken, normalizeEmail, setPassword } from '../users';
import { findActiveByEmail, findLogin, findResetAccount, findUser } from '../users';
import { userJson } from '../users';
import { quotedCustomerText } from '../../mail/customerText';
import { discardResetCode, hashResetToken, issueResetCode, parseResetCode, verifyResetCode } from './resetCodes';

const INVALID_CODE = 'Reset code is invalid or has expired';
const NOT_VERIFIED = 'reset code not verified';
const noUser = (email: string) => notFound(`There is no user with this email address ${email}`);

const Login = fields({ email: EmailField, password: PasswordField('Password required') });
const ForgotPassword = fields({ email: EmailField });
/** Anything else than a live code answers `Reset code is invalid or has expired` (the handler), never a field error. */
const VerifyResetCode = fields({
  resetCode: field
    .custom(Type.String({ pattern: '^[0-9]{6}$', description: 'The 6 digits (text or number)' }), parseResetCode)
    .optional(),
  // Optional (the original web app sends only the code); an e-mail that is sent must be the code's account's, so one
  // that cannot be read is kept as its JSON text, which is nobody's e-mail.
  email: field
    .email('Optional: the account the code must belong to')
    .optional()
    .reading((v) => (v === '' ? undefined : (normalizeEmail(v) ?? JSON.stringify(v)))),
});
const ResetPassword = fields({
  email: EmailField,
  newPassword: NewPasswordField('Password required'),
  // Sent means checked: a token that is not text is kept as its JSON text, which matches no verification.
  resetToken: field
    .custom(Type.String({ description: 'From verifyResetCode (required unless LEGACY_RESET_FLOW)' }), (v) =>
      v === '' ? undefined : typeof v === 'string' ? v : JSON.stringify(v),
    )
    .optional(),
});

const tags = ['auth'];
const SuccessMessage = Type.Object({ status: Type.Literal('Success'), message: Type.String() });

/**
 * API.md §5.1: sign-up, login and password reset. The route limits count every request when it arrives (onRequest),
 * and the forgot-password counters run in the order API.md §4.4 needs them around the rules (preValidation).
 */
export async function authRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.post(
    '/signup',
    {
      schema: {
        tags,
        summary: 'Create a customer account; answers the user and a token',
        body: fields(NewAccountFields),
        response: { 201: UserWithToken },
      },
      config: routeLimit(app, LIMITS.signup),
    },
    async (request, reply) => {
      // `role` and `profileImg` in the body are not fields of sign-up: it always makes a customer.
      const { passwordConfirm: _, ...account } = request.body;
      const user = await insertUser(ctx, { ...account, role: 'user' });
      return reply.status(201).send({ data: userJson(user), token: await issueToken(ctx, user.id, null) });
    },
  );

  // Failed logins are counted per (IP, e-mail); the route limit counts every request per IP.
  const loginFailures = createCounter(app, 'login-failures', LIMITS.loginFailures, (request) => {
    const email = normalizeEmail(bodyOf(request).email);
    return email && `${clientIp(request)}|${email}`;
  });
  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in; answers the user and a token (401 `Incorrect email or password`)',
        body: Login,
        response: { 200: UserWithToken },
      },
      config: routeLimit(app, LIMITS.login),
    },
    async (request) => {
      const { email, password } = request.body;
      await loginFailures.check(request);
      const row = await findLogin(ctx.db, email);
      const matches = row?.active
        ? await verifyPassword(password, row.password_hash)
        : await verifyNothing(password, ctx.config.bcryptRounds);
      if (!row?.active || !matches) {
        await loginFailures.hit(request);
        throw unauthorized('Incorrect email or password');
      }
      return {
        data: userJson((await findUser(ctx.db, row.id))!),
        token: await issueToken(ctx, row.id, row.password_changed_at),
      };
    },
  );

  // One count per IP across both spellings of the route, and one per e-mail (API.md §4.4).
  const forgotPerIp = createCounter(app, 'forgot-ip', LIMITS.forgotPerIp, clientIp);
  const forgotPerEmail = createCounter(
    app,
    'forgot-email',
    LIMITS.forgotPerEmail,
    (request) => normalizeEmail(bodyOf(request).email) || undefined,
  );
  const forgotPassword = async (request: FastifyRequest, email: string) => {
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
      request.log.error({ err }, 'sending the reset code failed');
      await discardResetCode(ctx, user.id, code);
      throw new HttpError(500, 'There was an error sending the email. Try again later!');
    }
    return sent;
  };
  for (const url of ['/forgotPasswords', '/forgotPassword']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary:
            'E-mail a 6-digit reset code, valid 10 minutes' +
            (url === '/forgotPassword' ? ' (the other spelling of /forgotPasswords)' : ''),
          body: ForgotPassword,
          response: { 200: SuccessMessage },
        },
        // Per IP for every request, then the fields, then per e-mail for the valid ones.
        preValidation: [forgotPerIp.hit, checkInput, forgotPerEmail.hit],
      },
      (request) => forgotPassword(request, request.body.email),
    );
  }

  // Shop-wide: one count for every code sent without an e-mail, whatever its address.
  const codeAloneAttempts = createCounter(app, 'reset-code-alone', LIMITS.codeAloneAttempts, () => 'shop');
  app.post(
    '/verifyResetCode',
    {
      schema: {
        tags,
        summary: 'Check a reset code; answers the resetToken that resetPassword needs',
        body: VerifyResetCode,
        response: { 200: Type.Object({ status: Type.Literal('Success'), resetToken: Type.String() }) },
      },
      config: routeLimit(app, LIMITS.verifyResetCode),
    },
    async (request) => {
      const { resetCode: code, email } = request.body;
      // A code without its e-mail could be anyone's: such guesses share one cap a minute across the shop.
      if (code !== undefined && email === undefined) await codeAloneAttempts.hit(request);
      const resetToken = code ? await verifyResetCode(ctx, code, email) : undefined;
      if (!resetToken) throw badRequest(INVALID_CODE);
      return { status: 'Success' as const, resetToken };
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/resetPassword',
    schema: {
      tags,
      summary: 'Set a new password with the resetToken of a verified code; answers a new token',
      body: ResetPassword,
      response: { 200: Type.Object({ status: Type.Literal('Success'), token: Type.String() }) },
    },
    config: routeLimit(app, LIMITS.resetPassword),
    handler: async (request) => {
      const { email, newPassword, resetToken } = request.body;
      // The reset belongs to whoever verified the code: they hold the resetToken. Old clients send none
      // (LEGACY_RESET_FLOW); a token that is sent is always checked.
      const tokenHash = resetToken === undefined ? undefined : hashResetToken(resetToken);
      const user = await findResetAccount(ctx.db, email, tokenHash);
      if (!user) throw noUser(email);
      const tokenUsable = resetToken !== undefined || ctx.config.legacyResetFlow;
      if (!tokenUsable || !user.verified) throw badRequest(NOT_VERIFIED);
      const changedAt = await setPassword(ctx, user.id, newPassword, { reset: { tokenHash } });
      if (!changedAt) throw badRequest(NOT_VERIFIED); // used by a concurrent request
      return { status: 'Success' as const, token: await issueToken(ctx, user.id, changedAt) };
    },
  });
}
