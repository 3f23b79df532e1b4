import type { FastifyInstance } from 'fastify';
import { paymentProvider } from '../../payments/provider';

/**
 * GET /shop (ours, public): what the web app must know about this shop. `demo`: card payments go to the built-in
 * test page, so no payment is real and the storefront says so; `cardPayment`: card checkout is offered at all.
 */
export async function shopRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/', async () => {
    const provider = paymentProvider(ctx);
    return { data: { demo: provider?.name === 'test', cardPayment: provider !== undefined } };
  });
}
