import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { HttpError } from '../../lib/errors';
import { stripeClient, testPaymentsEnabled } from './provider';
import { cancelTestPayment, stripePaymentSession, testPaymentSession } from './service';
import { completePaidSession } from './workflows';
import { alreadyOrderedPage, completedPage, notFoundPage, outOfStockPage, paymentPage } from './page';
import { paymobRoutes } from './paymob/routes';
import type { SessionPath } from './schemas';

/** Routes outside /api/v1: the built-in test payment page and Stripe's webhook (API.md §5.12, §6.5). */
export async function paymentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const complete = (
    request: FastifyRequest,
    sessionId: string,
    options: { onlyOpen: boolean; providerPaymentId?: string },
  ) => completePaidSession(ctx, sessionId, request.log, options);

  if (ctx.config.paymob) await paymobRoutes(app, ctx.config.paymob, complete);

  // Without Stripe the page may be switched on later (when the demo catalogue is seeded), so it is decided per request.
  if (!stripeClient(ctx.config)) {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/payments/test/') && !testPaymentsEnabled(ctx))
        throw new HttpError(404, `Can't find this route: ${request.raw.url}`);
    });
    const html = (reply: FastifyReply, status: number, page: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(page);
    const openSession = (id: string) => testPaymentSession(ctx.db, id);

    app.get<SessionPath>('/payments/test/:sessionId', async (request, reply) => {
      const session = await openSession(request.params.sessionId);
      if (session?.status === 'completed') return html(reply, 200, completedPage(session.success_url));
      if (!session || session.status !== 'open' || session.expired) return html(reply, 404, notFoundPage());
      // Pay and Cancel post here and are redirected back to the shop; CSP checks form-action on that redirect too.
      const returnOrigins = [
        ...new Set([session.success_url, session.cancel_url].map((url) => new URL(url).origin)),
      ].join(' ');
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        policy.replace(/form-action 'self'/, `form-action 'self' ${returnOrigins}`),
      );
      return html(reply, 200, paymentPage({ id: session.id, total: session.total, lines: session.snapshot }));
    });

    app.post<SessionPath>('/payments/test/:sessionId/pay', async (request, reply) => {
      const session = await openSession(request.params.sessionId);
      if (!session) return html(reply, 404, notFoundPage());
      const result = await complete(request, session.id, { onlyOpen: true });
      if (result === 'unavailable') return html(reply, 404, notFoundPage());
      if (result === 'out-of-stock') return html(reply, 409, outOfStockPage(session.cancel_url));
      if (result === 'already-ordered') return html(reply, 409, alreadyOrderedPage(session.success_url));
      return reply.redirect(session.success_url, 303);
    });

    app.post<SessionPath>('/payments/test/:sessionId/cancel', async (request, reply) => {
      const session = await openSession(request.params.sessionId);
      if (!session) return html(reply, 404, notFoundPage());
      if (session.status === 'completed') return reply.redirect(session.success_url, 303);
      if (!(await cancelTestPayment(ctx.db, session.id))) return html(reply, 404, notFoundPage());
      return reply.redirect(session.cancel_url, 303);
    });
  }

  const stripe = stripeClient(ctx.config);
  if (stripe) {
    await app.register(async (webhook) => {
      // The signature covers the exact bytes Stripe sent, so this route reads the raw body.
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

      webhook.post('/webhook-checkout', async (request, reply) => {
        const secret = ctx.config.stripeWebhookSecret;
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
          if (!Buffer.isBuffer(request.body)) throw new Error('No webhook payload was provided.');
          event = stripe.webhooks.constructEvent(request.body, String(signature ?? ''), secret);
        } catch (err) {
          return reply
            .status(400)
            .type('text/plain; charset=utf-8')
            .send(`Webhook error: ${(err as Error).message}`);
        }
        const paid =
          (event.type === 'checkout.session.completed' && event.data.object.payment_status === 'paid') ||
          event.type === 'checkout.session.async_payment_succeeded';
        if (paid) {
          const checkout = event.data.object as Stripe.Checkout.Session;
          const ours = await stripePaymentSession(ctx.db, checkout.id, checkout.client_reference_id ?? '');
          const paymentIntent =
            typeof checkout.payment_intent === 'string' ? checkout.payment_intent : checkout.payment_intent?.id;
          const result =
            ours && (await complete(request, ours.id, { onlyOpen: false, providerPaymentId: paymentIntent }));
          // Stripe took money for a cart that was already ordered: no second order; staff refund it in Stripe.
          if (result === 'already-ordered')
            request.log.error(
              { checkoutSession: checkout.id, paymentIntent: checkout.payment_intent, paymentSession: ours!.id },
              'paid Stripe session refused: its cart was already ordered; refund it',
            );
          if (!ours)
            request.log.warn({ checkoutSession: checkout.id }, 'paid Stripe session without a payment session of ours');
        }
        return { received: true };
      });
    });
  }
}
