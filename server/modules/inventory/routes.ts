import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ValidationError, fieldError } from '../../lib/errors';
import { HeldList } from '../../../common/contract/shop';
import { Type, bearer } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { heldByUnpaidCash } from './repository';

/** At most this many products per question (the admin list shows 10 a page). */
const MAX_PRODUCTS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const HeldQuery = Type.Object({
  products: Type.Optional(
    Type.String({ description: `Product ids, comma-separated (at most ${MAX_PRODUCTS}); none: every product` }),
  ),
});

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
    async (request) => {
      const { products } = request.query;
      let ids: string[] | undefined;
      if (products !== undefined) {
        ids = [...new Set(products.split(',').map((id) => id.trim()))].filter(Boolean);
        if (ids.length > MAX_PRODUCTS || ids.some((id) => !UUID.test(id)))
          throw new ValidationError([
            fieldError(
              'query',
              'products',
              ids.length > MAX_PRODUCTS ? `At most ${MAX_PRODUCTS} products` : 'Invalid ID formate',
              products,
            ),
          ]);
      }
      const rows = await heldByUnpaidCash(ctx.db, ids);
      return { data: rows.map((r) => ({ product: r.product_id, heldByUnpaidCash: r.held })) };
    },
  );
}
