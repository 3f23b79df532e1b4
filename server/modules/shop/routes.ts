import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/schemas';
import { paymentProvider } from '../payments';
import { currentUser, requireAuth } from '../../plugins/auth';
import { Shop, ShopSettings } from '../../../common/contract/shop';
import { ShopSettingsChanges } from './schemas';
import { changeShopSettings, shopSettings, storefrontShop } from './service';

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
    // The provider is the payments module's to decide; the shop only says which one it is.
    async () => ({ data: await storefrontShop(ctx, paymentProvider(ctx)) }),
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
