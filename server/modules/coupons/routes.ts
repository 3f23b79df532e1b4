import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams } from '../../lib/fields';
import { DataOnly, List, ListQuery, NoContent, bearer } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { Coupon } from '../../../common/contract/shop';
import { CouponChanges, NewCoupon } from './schemas';
import {
  COUPON_LIST as LIST_SPEC,
  changeCoupon,
  couponJson,
  couponPage,
  createCoupon,
  readCoupon,
  removeCoupon,
} from './service';

const tags = ['coupons'];
const Params = IdParams('id');

export async function couponRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');

  app.get(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'List coupons (manager, admin)',
        querystring: ListQuery,
        response: { 200: List(Coupon) },
      },
      preValidation: staff,
      config: { listSpec: LIST_SPEC },
    },
    async (request) => couponPage(ctx.db, request.query),
  );

  app.get(
    '/:id',
    {
      schema: { tags, security: bearer, summary: 'One coupon', params: Params, response: { 200: DataOnly(Coupon) } },
      preValidation: staff,
    },
    async (request) => ({ data: couponJson(await readCoupon(ctx.db, request.params.id)) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a coupon',
        body: NewCoupon,
        response: { 201: DataOnly(Coupon) },
      },
      preValidation: staff,
    },
    async (request, reply) =>
      reply.status(201).send({ data: couponJson(await createCoupon(ctx.db, currentUser(request), request.body)) }),
  );

  for (const method of ['PUT', 'PATCH'] as const)
    app.route({
      method,
      url: '/:id',
      schema: {
        tags,
        security: bearer,
        summary: 'Change a coupon (only the fields sent)',
        params: Params,
        body: CouponChanges,
        response: { 200: DataOnly(Coupon) },
      },
      preValidation: staff,
      handler: async (request) => ({
        data: couponJson(await changeCoupon(ctx.db, currentUser(request), request.params.id, request.body)),
      }),
    });

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a coupon; carts holding it lose it',
        params: Params,
        response: { 204: NoContent },
      },
      preValidation: staff,
    },
    async (request, reply) => {
      await removeCoupon(ctx.db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
