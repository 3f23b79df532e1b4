import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/schemas';
import { paymentProvider } from '../../payments/provider';

/**
 * GET /shop (ours, public): what the web app must know about this shop. `demo`: card payments go to the built-in
 * test page, so no payment is real and the storefront says so; `cardPayment`: card checkout is offered at all.
 */
const Shop = Type.Object({
  paymentProvider: Type.Union([Type.Literal('paymob'), Type.Literal('stripe'), Type.Literal('test'), Type.Null()], {
    description: 'Ours: who takes online payments (Paymob is paid in the same tab); null: cash only',
  }),
  demo: Type.Boolean({ description: 'Card payments go to the built-in test page: no payment is real' }),
  cardPayment: Type.Boolean({ description: 'Card checkout is offered' }),
  paymentMethods: Type.Array(
    Type.Union([Type.Literal('card'), Type.Literal('wallet'), Type.Literal('kiosk'), Type.Literal('valu')]),
    { description: 'Ours: the online methods offered, in order (Paymob may offer several; none: cash only)' },
  ),
});

export async function shopRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  app.get(
    '/',
    {
      schema: {
        tags: ['shop'],
        summary: 'What the web app must know about this shop',
        response: { 200: Type.Object({ data: Shop }) },
      },
    },
    async () => {
      const provider = paymentProvider(ctx);
      return {
        data: {
          paymentProvider: provider?.name ?? null,
          demo: provider?.name === 'test',
          cardPayment: provider !== undefined,
          paymentMethods: provider?.methods ?? [],
        },
      };
    },
  );
}
