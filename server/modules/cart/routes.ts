import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../context';
import { IdParams } from '../../lib/fields';
import { NoContent, bearer } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { CartAdded, CartResponse, CartWithCoupon } from '../../../common/contract/cart';
import { CartAddition, CouponByName, LineCount } from './schemas';
import { addToCart, applyCouponNamed, emptyCart, readCart, removeCartLine, setCartLineCount } from './service';

const tags = ['cart'];
const ItemParams = IdParams('itemId');

export async function cartRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const customer = requireAuth(ctx, 'user');
  const base = () => imageBase(ctx);

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: "The customer's cart (an empty one when there is none)",
        response: { 200: CartResponse },
      },
      preValidation: customer,
    },
    async (request) => ({
      status: 'success' as const,
      ...(await readCart(ctx.db, currentUser(request).id, base())),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Add one of a product (in a colour) to the cart',
        body: CartAddition,
        response: { 200: CartAdded },
      },
      preValidation: customer,
    },
    async (request) => ({
      status: 'success' as const,
      message: 'Product added successfully to your cart',
      ...(await addToCart(ctx.db, currentUser(request).id, request.body, base(), ctx.config)),
    }),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/applyCoupon',
      schema: {
        tags,
        security: bearer,
        summary: 'Apply a coupon by name (replaces the applied one; a refused one removes it)',
        body: CouponByName,
        response: { 200: CartWithCoupon },
      },
      preValidation: customer,
      handler: async (request) => {
        const { coupon, numOfCartItems, data } = await applyCouponNamed(
          ctx.db,
          currentUser(request).id,
          request.body.couponName ?? '',
          base(),
        );
        return { status: 'success' as const, numOfCartItems, coupon, data };
      },
    });
  }

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:itemId',
      schema: {
        tags,
        security: bearer,
        summary: "Set a line's count (keeps a running coupon, drops an expired one)",
        params: ItemParams,
        body: LineCount,
        response: { 200: CartResponse },
      },
      preValidation: customer,
      handler: async (request) => ({
        status: 'success' as const,
        ...(await setCartLineCount(
          ctx.db,
          currentUser(request).id,
          { itemId: request.params.itemId, count: request.body.count },
          base(),
          ctx.config,
        )),
      }),
    });
  }

  app.delete(
    '/:itemId',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a line (keeps a running coupon, drops an expired one)',
        params: ItemParams,
        response: { 200: CartResponse },
      },
      preValidation: customer,
    },
    async (request) => ({
      status: 'success' as const,
      ...(await removeCartLine(ctx.db, currentUser(request).id, request.params.itemId, base())),
    }),
  );

  app.delete(
    '/',
    {
      schema: { tags, security: bearer, summary: 'Empty the cart', response: { 204: NoContent } },
      preValidation: customer,
    },
    async (request, reply) => {
      await emptyCart(ctx.db, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
}
