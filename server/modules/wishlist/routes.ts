import type { FastifyInstance } from 'fastify';
import { bodyOf, imageBase } from '../../context';
import type { Queryable } from '../../db';
import { notFound } from '../../lib/errors';
import { rules, validate, validateIdParam } from '../../lib/validate';
import { currentUser, requireAuth } from '../../plugins/auth';
import { PRODUCT_COLUMNS, productJson } from '../products/serialize';

/** The user's wishlist as product ids, oldest first (API.md §5.8). */
async function wishlistIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ product_id: string }>('SELECT product_id FROM wishlist_items WHERE user_id = $1 ORDER BY added', [userId]);
  return rows.map((r) => r.product_id);
}

export async function wishlistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = requireAuth(ctx);

  app.post('/', { preHandler: auth }, async (request) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    await validate('body', body, { productId: rules().required('productId is required').id() });
    const productId = body.productId as string;
    const product = await ctx.db.one('SELECT id FROM products WHERE id = $1', [productId]);
    if (!product) throw notFound(`No document for this id ${productId}`);
    await ctx.db.query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, productId]);
    return { status: 'success', message: 'Product added successfully to your wishlist', data: await wishlistIds(ctx.db, user.id) };
  });

  app.delete('/:productId', { preHandler: auth }, async (request) => {
    const user = currentUser(request);
    const productId = validateIdParam(request.params, 'productId');
    await ctx.db.query('DELETE FROM wishlist_items WHERE user_id = $1 AND product_id = $2', [user.id, productId]);
    return { status: 'success', message: 'Product removed successfully to your wishlist', data: await wishlistIds(ctx.db, user.id) };
  });

  app.get('/', { preHandler: auth }, async (request) => {
    const user = currentUser(request);
    const rows = await ctx.db.query(
      `SELECT ${PRODUCT_COLUMNS} FROM wishlist_items w JOIN products p ON p.id = w.product_id
       WHERE w.user_id = $1 ORDER BY w.added`,
      [user.id],
    );
    const base = imageBase(request, ctx);
    return { status: 'success', results: rows.length, data: rows.map((row) => productJson(row, base)) };
  });
}
