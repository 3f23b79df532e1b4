import type { FastifyInstance } from 'fastify';
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../context';
import type { Queryable } from '../../db';
import { notFound } from '../../lib/errors';
import { rules } from '../../lib/validate';
import { Type, IdParams, Product, bearer, checks, idRules } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { PRODUCT_COLUMNS } from '../products/repository';
import { productJson } from '../products/serialize';

/** The user's wishlist as product ids, oldest first (API.md §5.8). */
async function wishlistIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ product_id: string }>('SELECT product_id FROM wishlist_items WHERE user_id = $1 ORDER BY added', [userId]);
  return rows.map((r) => r.product_id);
}

const tags = ['wishlist'];
/** The wishlist after a change: product ids, oldest first. */
const WishlistIds = Type.Object({ status: Type.Literal('success'), message: Type.String(), data: Type.Array(Type.String({ description: 'Product id' })) });

export async function wishlistRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const auth = requireAuth(ctx);

  app.post('/', {
    schema: {
      tags, security: bearer, summary: 'Add a product to the wishlist (adding it again changes nothing)',
      body: Type.Object({ productId: Type.String() }),
      response: { 200: WishlistIds },
    },
    preValidation: [auth, checks({ body: { productId: rules().required('productId is required').id() } })],
  }, async (request) => {
    const user = currentUser(request);
    const { productId } = request.body;
    const product = await ctx.db.one('SELECT id FROM products WHERE id = $1', [productId]);
    if (!product) throw notFound(`No document for this id ${productId}`);
    await ctx.db.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, productId]);
    return { status: 'success' as const, message: 'Product added successfully to your wishlist', data: await wishlistIds(ctx.db, user.id) };
  });

  app.delete('/:productId', {
    schema: { tags, security: bearer, summary: 'Remove a product from the wishlist', params: IdParams('productId'), response: { 200: WishlistIds } },
    preValidation: [auth, checks({ params: idRules('productId') })],
  }, async (request) => {
    const user = currentUser(request);
    const { productId } = request.params;
    await ctx.db.query('DELETE FROM wishlist_items WHERE user_id = $1 AND product_id = $2', [user.id, productId]);
    return { status: 'success' as const, message: 'Product removed successfully to your wishlist', data: await wishlistIds(ctx.db, user.id) };
  });

  app.get('/', {
    schema: {
      tags, security: bearer, summary: 'The wishlist as products, oldest first',
      response: { 200: Type.Object({ status: Type.Literal('success'), results: Type.Integer(), data: Type.Array(Product) }) },
    },
    preValidation: auth,
  }, async (request) => {
    const user = currentUser(request);
    const rows = await ctx.db.query(
      `SELECT ${PRODUCT_COLUMNS} FROM wishlist_items w JOIN products p ON p.id = w.product_id
       WHERE w.user_id = $1 ORDER BY w.added`,
      [user.id],
    );
    const base = imageBase(request, ctx);
    // productJson types each gallery URL as possibly missing; stored images always have a name, so none is.
    const data = rows.map((row) => productJson(row, base)) as Static<typeof Product>[];
    return { status: 'success' as const, results: rows.length, data };
  });
}
