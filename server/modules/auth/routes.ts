import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bodyOf } from '../../context';
import { HttpError, badRequest, notFound, unauthorized } from '../../lib/errors';
import { verifyNothing, verifyPassword } from '../../lib/passwords';
import { rules } from '../../lib/validate';
import { Type, checks } from '../../lib/schemas';
import { EmailField, NameField, Password, PhoneField, UserWithToken } from '../users';
import { LIMITS, clientIp, createCounter, routeLimit } from '../../plugins/rateLimits';
import {
  accountFromBody,
  insertUser,
  issueToken,
  newAccountRules,
  normalizeEmail,
  passwordRules,
  passwordText,
  setPassword,
} from '../users';
import { findActiveByEmail, findLogin, findResetAccount, findUser } from '../users';
import { userJson } from '../users';
import { discardResetCode, hashResetToken, issueResetCode, parseResetCode, verifyResetCode } from './resetCodes';

const INVALID_CODE = 'Reset code is invalid or has expired';
const NOT_VERIFIED = 'reset code not verified';
const noUser = (email: string) => notFound(`There is no user with this email address ${email}`);
const loginRules = {
  email: rules().required('Email required field').email('Invalid email formate'),
  password: rules()
    .required('Password required')
    .check((v) => passwordText(v) !== undefined, 'Password required'),
};
const emailOnlyRules = { email: rules().required('Email required field').email('Invalid email formate') };

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
        body: Type.Object({
          name: NameField,
          email: EmailField,
          password: Password(),
          passwordConfirm: Password('The password again'),
          phone: PhoneField,
        }),
        response: { 201: UserWithToken },
      },
      config: routeLimit(app, LIMITS.signup),
      preValidation: checks({
        body: newAccountRules(ctx.db),
      }),
    },
    async (request, reply) => {
      const body = request.body;
      // `role` and `profileImg` in the body are ignored: sign-up always makes a customer.
      const user = await insertUser(ctx, accountFromBody(body, 'user'), body.email);
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
        body: Type.Object({ email: EmailField, password: Password('The password') }),
        response: { 200: UserWithToken },
      },
      config: routeLimit(app, LIMITS.login),
      preValidation: checks({ body: loginRules }),
    },
    async (request) => {
      const body = request.body;
      await loginFailures.check(request);
      const row = await findLogin(ctx.db, normalizeEmail(body.email)!);
      const password = passwordText(body.password)!;
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
  const forgotPassword = async (request: FastifyRequest) => {
    const body = bodyOf(request);
    const email = normalizeEmail(body.email)!;
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
          `مرحباً ${user.name}،\n\n` +
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
          body: Type.Object({ email: EmailField }),
          response: { 200: SuccessMessage },
        },
        // Per IP for every request, then the rules, then per e-mail for the valid ones.
        preValidation: [forgotPerIp.hit, checks({ body: emailOnlyRules }), forgotPerEmail.hit],
      },
      forgotPassword,
    );
  }

  app.post(
    '/verifyResetCode',
    {
      schema: {
        tags,
        summary: 'Check a reset code; answers the resetToken that resetPassword needs',
        // Anything else than a live code answers `Reset code is invalid or has expired`, so the body is documented only.
        body: Type.Object({
          resetCode: Type.Optional(Type.Unknown({ description: 'The 6 digits (text or number)' })),
          email: Type.Optional(Type.Unknown({ description: 'Optional: the account the code must belong to' })),
        }),
        response: { 200: Type.Object({ status: Type.Literal('Success'), resetToken: Type.String() }) },
      },
      config: routeLimit(app, LIMITS.verifyResetCode),
    },
    async (request) => {
      const body = request.body;
      const code = parseResetCode(body.resetCode);
      // `email` is optional (the original web app sends only the code); when sent, the code must be that account's.
      const emailGiven = body.email !== undefined && body.email !== null && body.email !== '';
      const email = emailGiven ? normalizeEmail(body.email) : undefined;
      const resetToken = code && (!emailGiven || email) ? await verifyResetCode(ctx, code, email) : undefined;
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
      body: Type.Object({
        email: EmailField,
        newPassword: Password(),
        resetToken: Type.Optional(
          Type.Unknown({ description: 'From verifyResetCode (required unless LEGACY_RESET_FLOW)' }),
        ),
      }),
      response: { 200: Type.Object({ status: Type.Literal('Success'), token: Type.String() }) },
    },
    config: routeLimit(app, LIMITS.resetPassword),
    preValidation: checks({ body: { ...emailOnlyRules, newPassword: passwordRules('Password required') } }),
    handler: async (request) => {
      const body = request.body;
      const email = normalizeEmail(body.email)!;
      // The reset belongs to whoever verified the code: they hold the resetToken. Old clients send none
      // (LEGACY_RESET_FLOW); a token that is sent is always checked.
      const tokenSent = body.resetToken !== undefined && body.resetToken !== null && body.resetToken !== '';
      const tokenHash = typeof body.resetToken === 'string' && tokenSent ? hashResetToken(body.resetToken) : undefined;
      const user = await findResetAccount(ctx.db, email, tokenHash);
      if (!user) throw noUser(email);
      const tokenUsable = tokenSent ? tokenHash !== undefined : ctx.config.legacyResetFlow;
      if (!tokenUsable || !user.verified) throw badRequest(NOT_VERIFIED);
      const changedAt = await setPassword(ctx, user.id, passwordText(body.newPassword)!, { reset: { tokenHash } });
      if (!changedAt) throw badRequest(NOT_VERIFIED); // used by a concurrent request
      return { status: 'Success' as const, token: await issueToken(ctx, user.id, changedAt) };
    },
  });
}
