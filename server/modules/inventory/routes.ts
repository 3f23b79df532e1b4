import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HeldList } from '../../../common/contract/shop';
import { bearer } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { HeldQuery, heldProductIds } from './schemas';
import { heldStock } from './service';

/**
 * Stock the owner should know about (README, API notes), staff only and never in the public product answers: the
 * units unpaid cash orders hold.
 */
export async function inventoryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get(
    '/held',
    {
      schema: {
        tags: ['products'],
        security: bearer,
        summary: 'Units of products held by unpaid, undelivered cash orders (manager, admin)',
        querystring: HeldQuery,
        response: { 200: HeldList },
      },
      preValidation: requireAuth(ctx, 'manager', 'admin'),
    },
    async (request) => ({ data: await heldStock(ctx.db, heldProductIds(request.query.products)) }),
  );
}
