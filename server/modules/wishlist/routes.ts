import type { FastifyInstance } from 'fastify';
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../context';
import { notFound } from '../../lib/errors';
import { rules } from '../../lib/validate';
import { Type, IdParams, Product, bearer, checks, idRules } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { productExists } from '../products';
import { productJson } from '../products';
import { addToWishlist, removeFromWishlist, wishlistIds, wishlistProducts } from './repository';

const tags = ['wishlist'];
/** The wishlist after a change: product ids, oldest first. */
const WishlistIds = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  data: Type.Array(Type.String({ description: 'Product id' })),
});

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
        body: Type.Object({ productId: Type.String() }),
        response: { 200: WishlistIds },
      },
      preValidation: [auth, checks({ body: { productId: rules().required('productId is required').id() } })],
    },
    async (request) => {
      const user = currentUser(request);
      const { productId } = request.body;
      if (!(await productExists(ctx.db, productId))) throw notFound(`No document for this id ${productId}`);
      await addToWishlist(ctx.db, user.id, productId);
      return {
        status: 'success' as const,
        message: 'Product added successfully to your wishlist',
        data: await wishlistIds(ctx.db, user.id),
      };
    },
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
      preValidation: [auth, checks({ params: idRules('productId') })],
    },
    async (request) => {
      const user = currentUser(request);
      const { productId } = request.params;
      await removeFromWishlist(ctx.db, user.id, productId);
      return {
        status: 'success' as const,
        message: 'Product removed successfully to your wishlist',
        data: await wishlistIds(ctx.db, user.id),
      };
    },
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
      const user = currentUser(request);
      const rows = await wishlistProducts(ctx.db, user.id);
      const base = imageBase(request, ctx);
      // productJson types each gallery URL as possibly missing; stored images always have a name, so none is.
      const data = rows.map((row) => productJson(row, base)) as Static<typeof Product>[];
      return { status: 'success' as const, results: rows.length, data };
    },
  );
}
