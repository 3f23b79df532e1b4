import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bodyOf } from '../../context';
import { unauthorized } from '../../lib/errors';
import { UserWithToken, normalizeEmail } from '../users';
import { checkInput } from '../../plugins/input';
import { LIMITS, clientIp, createCounter, routeLimit } from '../../plugins/rateLimits';
import {
  ForgotPassword,
  Login,
  PasswordReset,
  ResetPassword,
  SignUp,
  SuccessMessage,
  VerifiedCode,
  VerifyResetCode,
} from './schemas';
import { confirmResetCode, logIn, resetPassword, sendResetCode, signUp } from './service';

const tags = ['auth'];

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
        body: SignUp,
        response: { 201: UserWithToken },
      },
      config: routeLimit(app, LIMITS.signup),
    },
    async (request, reply) => reply.status(201).send(await signUp(ctx, request.body)),
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
      await loginFailures.check(request);
      const session = await logIn(ctx, request.body.email, request.body.password);
      if (!session) {
        await loginFailures.hit(request);
        throw unauthorized('Incorrect email or password');
      }
      return session;
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
      (request) => sendResetCode(ctx, request.body.email, request.log),
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
        response: { 200: VerifiedCode },
      },
      config: routeLimit(app, LIMITS.verifyResetCode),
    },
    async (request) => {
      const { resetCode: code, email } = request.body;
      // A code without its e-mail could be anyone's: such guesses share one cap a minute across the shop.
      if (code !== undefined && email === undefined) await codeAloneAttempts.hit(request);
      return confirmResetCode(ctx, code, email);
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/resetPassword',
    schema: {
      tags,
      summary: 'Set a new password with the resetToken of a verified code; answers a new token',
      body: ResetPassword,
      response: { 200: PasswordReset },
    },
    config: routeLimit(app, LIMITS.resetPassword),
    handler: (request) => resetPassword(ctx, request.body),
  });
}
