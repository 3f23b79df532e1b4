import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/schemas';
import { paymentProvider } from '../payments';
import { currentUser, requireAuth } from '../../plugins/auth';
import { Shop, ShopSettings } from '../../../common/contract/shop';
import { ShopSettingsChanges } from './schemas';
import { changeShopSettings, keptShopSettings, shopSettings, shopSettingsJson } from './settings';

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
      const settings = shopSettingsJson(await keptShopSettings(ctx));
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
