import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest, notFound } from '../../lib/errors';
import { IdParams } from '../../lib/fields';
import { toEgp } from '../../lib/money';
import { Type, Success } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { cartTotals } from '../cart';
import { Governorate, Quote, Zone } from '../../../common/contract/shop';
import { GovernorateChanges, GovernorateParams, NewGovernorate, QuoteQuery, ZoneInput } from './schemas';
import { governorateJson, zoneJson } from './serialize';
import {
  addGovernorate,
  deliveryTo,
  governorateList,
  governorateOf,
  knownGovernorate,
  orderCharges,
  removeGovernorate,
  removeZone,
  renameGovernorate,
  writeZone,
  zoneList,
} from './service';

const tags = ['delivery'];
const security = [{ bearerAuth: [] }];

export async function deliveryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const admin = requireAuth(ctx, 'admin');
  const staff = requireAuth(ctx, 'manager', 'admin');
  const customer = requireAuth(ctx, 'user');

  app.get(
    '/governorates',
    {
      schema: {
        tags,
        summary: "Egypt's governorates in the shop's order (public)",
        response: { 200: Type.Object({ results: Type.Integer(), data: Type.Array(Governorate) }) },
      },
    },
    async () => {
      const data = await governorateList(ctx.db);
      return { results: data.length, data };
    },
  );

  app.post(
    '/governorates',
    {
      schema: {
        tags,
        security,
        summary: 'Add a governorate (admin), e.g. when one is split',
        body: NewGovernorate,
        response: { 201: Success(Governorate) },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const row = await addGovernorate(ctx.db, currentUser(request), request.body);
      return reply.status(201).send({ status: 'success', data: governorateJson(row) });
    },
  );

  app.patch(
    '/governorates/:code',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a governorate (admin)',
        params: GovernorateParams,
        body: GovernorateChanges,
        response: { 200: Success(Governorate) },
      },
      preValidation: admin,
    },
    async (request) => {
      const row = await renameGovernorate(ctx.db, currentUser(request), request.params.code, request.body);
      return { status: 'success' as const, data: governorateJson(row) };
    },
  );

  app.delete(
    '/governorates/:code',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a governorate (admin); addresses that named it keep their city',
        params: GovernorateParams,
        response: { 204: Type.Null() },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      await removeGovernorate(ctx.db, currentUser(request), request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/zones',
    {
      schema: {
        tags,
        security,
        summary: 'The shipping zones (manager, admin)',
        response: { 200: Type.Object({ results: Type.Integer(), data: Type.Array(Zone) }) },
      },
      preValidation: staff,
    },
    async () => {
      const data = await zoneList(ctx.db);
      return { results: data.length, data };
    },
  );

  app.post(
    '/zones',
    {
      schema: {
        tags,
        security,
        summary: 'Add a shipping zone (admin)',
        body: ZoneInput,
        response: { 201: Success(Zone) },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const zone = (await writeZone(ctx.db, currentUser(request), request.body))!;
      return reply.status(201).send({ status: 'success', data: zoneJson(zone) });
    },
  );

  app.put(
    '/zones/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a shipping zone (admin)',
        params: IdParams('id'),
        body: ZoneInput,
        response: { 200: Success(Zone) },
      },
      preValidation: admin,
    },
    async (request) => {
      const zone = await writeZone(ctx.db, currentUser(request), request.body, request.params.id);
      if (!zone) throw notFound(`There is no zone for this id ${request.params.id}`);
      return { status: 'success' as const, data: zoneJson(zone) };
    },
  );

  app.delete(
    '/zones/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a shipping zone (admin); its governorates get the default fee',
        params: IdParams('id'),
        response: { 204: Type.Null() },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      await removeZone(ctx.db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/quote',
    {
      schema: {
        tags,
        security,
        summary: "What delivery to a governorate adds to the caller's cart, and whether cash on delivery is taken",
        querystring: QuoteQuery,
        response: { 200: Type.Object({ data: Quote }) },
      },
      preValidation: customer,
    },
    async (request) => {
      const user = currentUser(request);
      const { governorate, city } = request.query;
      if (governorate && !(await knownGovernorate(ctx, governorate))) throw badRequest('Invalid governorate');
      const place = await governorateOf(ctx, { governorate, city });
      const totals = await cartTotals(ctx.db, user.id);
      if (!totals) throw notFound(`There is no cart for this user :${user.id}`);
      const delivery = await deliveryTo(ctx.db, place?.code, totals.afterCoupon);
      const online = orderCharges(totals.afterCoupon, delivery, 'online');
      const cash = orderCharges(totals.afterCoupon, delivery, 'cash');
      return {
        data: {
          itemsPrice: toEgp(totals.afterCoupon),
          discount: toEgp(totals.items - totals.afterCoupon),
          shippingPrice: toEgp(delivery.shippingPrice),
          freeShippingFrom: delivery.freeShippingFrom === null ? null : toEgp(delivery.freeShippingFrom),
          cashOnDelivery: {
            allowed: delivery.cashRefusal === undefined,
            fee: toEgp(delivery.cashFee),
            ...(delivery.cashRefusal && { reason: delivery.cashRefusal }),
            ...(delivery.cashRefusal === 'maxTotal' && { maxTotal: toEgp(delivery.cashMaxTotal!) }),
          },
          taxPrice: toEgp(online.taxPrice),
          totalOnline: toEgp(online.total),
          totalCash: toEgp(cash.total),
        },
      };
    },
  );
}
