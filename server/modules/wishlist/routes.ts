import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams } from '../../lib/fields';
import { Product } from '../../../common/contract/catalogue';
import { Type, bearer } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { WishlistAddition, WishlistIds } from './schemas';
import { dropProduct, keepProduct, wishlistOf } from './service';

const tags = ['wishlist'];

export async function wishlistRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const auth = requireAuth(ctx);

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Add a product to the wishlist (adding it again changes nothing)',
        body: WishlistAddition,
        response: { 200: WishlistIds },
      },
      preValidation: auth,
    },
    async (request) => ({
      status: 'success' as const,
      message: 'Product added successfully to your wishlist',
      data: await keepProduct(ctx.db, currentUser(request).id, request.body.productId),
    }),
  );

  app.delete(
    '/:productId',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a product from the wishlist',
        params: IdParams('productId'),
        response: { 200: WishlistIds },
      },
      preValidation: auth,
    },
    async (request) => ({
      status: 'success' as const,
      message: 'Product removed successfully to your wishlist',
      data: await dropProduct(ctx.db, currentUser(request).id, request.params.productId),
    }),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The wishlist as products, oldest first',
        response: {
          200: Type.Object({ status: Type.Literal('success'), results: Type.Integer(), data: Type.Array(Product) }),
        },
      },
      preValidation: auth,
    },
    async (request) => {
      const data = await wishlistOf(ctx, currentUser(request).id);
      return { status: 'success' as const, results: data.length, data };
    },
  );
}
