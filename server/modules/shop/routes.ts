import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/schemas';
import { paymentProvider } from '../../payments/provider';
import { currentUser, requireAuth } from '../../plugins/auth';
import { ShopSettings, ShopSettingsChanges } from './schemas';
import { changeShopSettings, shopSettings } from './settings';

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
  shopName: Type.String({ description: 'Ours: for the invoice' }),
  shopAddress: Type.String({ description: 'Ours: for the invoice' }),
  taxNumber: Type.String({ description: 'Ours: tax registration number, for the invoice' }),
  vatRate: Type.Number({ description: 'Ours: VAT included in prices, percent' }),
  cashOnDelivery: Type.Boolean({ description: 'Ours: cash on delivery is offered at all' }),
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
      const settings = await shopSettings(ctx.db);
      return {
        data: {
          shopName: settings.shopName,
          shopAddress: settings.shopAddress,
          taxNumber: settings.taxNumber,
          vatRate: settings.vatRate,
          cashOnDelivery: settings.cashOnDelivery,
          paymentProvider: provider?.name ?? null,
          demo: provider?.name === 'test',
          cardPayment: provider !== undefined,
          paymentMethods: provider?.methods ?? [],
        },
      };
    },
  );

  const admin = requireAuth(ctx, 'admin');
  app.get(
    '/settings',
    {
      schema: {
        tags: ['shop'],
        security: [{ bearerAuth: [] }],
        summary: "The shop's own settings: invoice details, VAT, cash on delivery, order notices (admin)",
        response: { 200: Type.Object({ data: ShopSettings }) },
      },
      preValidation: admin,
    },
    async () => ({ data: await shopSettings(ctx.db) }),
  );
  app.put(
    '/settings',
    {
      schema: {
        tags: ['shop'],
        security: [{ bearerAuth: [] }],
        summary: 'Change any of the settings (admin); answers them all',
        body: ShopSettingsChanges,
        response: { 200: Type.Object({ status: Type.Literal('success'), data: ShopSettings }) },
      },
      preValidation: admin,
    },
    async (request) => ({
      status: 'success' as const,
      data: await changeShopSettings(ctx.db, currentUser(request), request.body),
    }),
  );
}
