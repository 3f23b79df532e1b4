import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { IdParams } from '../../lib/fields';
import { toEgp, toPiastres } from '../../lib/money';
import { Type, Success } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { cartTotals } from '../cart';
import { recordAudit } from '../audit';
import {
  deleteGovernorate,
  deleteZone,
  findGovernorate,
  findZone,
  insertGovernorate,
  listGovernorates,
  listZones,
  saveZone,
  updateGovernorate,
  zoneNameTaken,
  type GovernorateRow,
  type ZoneRow,
} from './repository';
import { Governorate, Quote, Zone } from '../../../common/contract/shop';
import { GovernorateChanges, GovernorateParams, NewGovernorate, QuoteQuery, ZoneInput } from './schemas';
import { deliveryTo, governorateOf, knownGovernorate, orderCharges } from './service';

const tags = ['delivery'];
const security = [{ bearerAuth: [] }];

const governorateJson = (g: GovernorateRow) => ({ code: g.code, name: g.name, nameEn: g.name_en });
/** What the audit log keeps of a zone: its fields as the API answers them. */
const zoneFields = (z: ZoneRow | undefined) => {
  if (!z) return null;
  const { _id, ...fields } = zoneJson(z);
  return fields;
};
const zoneJson = (z: ZoneRow) => ({
  _id: z.id,
  name: z.name,
  fee: toEgp(z.fee),
  freeShippingFrom: z.free_shipping_from === null ? null : toEgp(z.free_shipping_from),
  cashOnDelivery: z.cash_on_delivery,
  cashFee: z.cash_fee === null ? null : toEgp(z.cash_fee),
  governorates: z.governorates,
});

export async function deliveryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const admin = requireAuth(ctx, 'admin');
  const staff = requireAuth(ctx, 'manager', 'admin');
  const customer = requireAuth(ctx, 'user');
  const noGovernorate = (code: string) => notFound(`There is no governorate for this code ${code}`);

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
      const data = (await listGovernorates(ctx.db)).map(governorateJson);
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
      const { code, name, nameEn } = request.body;
      const row = await ctx.db.tx(async (tx) => {
        const inserted = await insertGovernorate(tx, { code, name, name_en: nameEn });
        if (inserted)
          await recordAudit(tx, currentUser(request), {
            action: 'governorate.create',
            target: { type: 'governorate', id: code },
            after: governorateJson(inserted),
          });
        return inserted;
      });
      if (!row) throw conflict('A governorate with this code or name already exists');
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
      const { code } = request.params;
      const { name, nameEn } = request.body;
      if (name !== undefined) {
        const other = (await listGovernorates(ctx.db)).find((g) => g.name === name && g.code !== code);
        if (other) throw conflict('A governorate with this code or name already exists');
      }
      const row = await ctx.db.tx(async (tx) => {
        const before = await findGovernorate(tx, code);
        const updated = before && (await updateGovernorate(tx, code, { name, name_en: nameEn }));
        if (updated)
          await recordAudit(tx, currentUser(request), {
            action: 'governorate.update',
            target: { type: 'governorate', id: code },
            before: governorateJson(before),
            after: governorateJson(updated),
          });
        return updated;
      });
      if (!row) throw noGovernorate(code);
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
      const { code } = request.params;
      const deleted = await ctx.db.tx(async (tx) => {
        const before = await findGovernorate(tx, code);
        if (!before || !(await deleteGovernorate(tx, code))) return false;
        await recordAudit(tx, currentUser(request), {
          action: 'governorate.delete',
          target: { type: 'governorate', id: code },
          before: governorateJson(before),
        });
        return true;
      });
      if (!deleted) throw noGovernorate(code);
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
      const data = (await listZones(ctx.db)).map(zoneJson);
      return { results: data.length, data };
    },
  );

  /** Stores a zone from its checked body; the name must be free and every governorate known. */
  const writeZone = async (request: FastifyRequest, body: Static<typeof ZoneInput>, id?: string) => {
    const governorates = body.governorates ?? [];
    return ctx.db.tx(async (tx) => {
      const before = id ? await findZone(tx, id) : undefined;
      if (await zoneNameTaken(tx, body.name, id)) throw conflict('A zone with this name already exists');
      const known = new Set((await listGovernorates(tx)).map((g) => g.code));
      const unknown = governorates.find((code) => !known.has(code));
      if (unknown) throw badRequest(`Invalid governorate: ${unknown}`);
      const savedId = await saveZone(
        tx,
        {
          name: body.name,
          fee: toPiastres(body.fee),
          free_shipping_from: body.freeShippingFrom == null ? null : toPiastres(body.freeShippingFrom),
          cash_on_delivery: body.cashOnDelivery ?? true,
          cash_fee: body.cashFee == null ? null : toPiastres(body.cashFee),
          governorates,
        },
        id,
      );
      if (!savedId) return undefined;
      const after = (await findZone(tx, savedId))!;
      await recordAudit(tx, currentUser(request), {
        action: id ? 'zone.update' : 'zone.create',
        target: { type: 'zone', id: savedId },
        before: zoneFields(before),
        after: zoneFields(after),
      });
      return after;
    });
  };

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
      const zone = (await writeZone(request, request.body))!;
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
      const zone = await writeZone(request, request.body, request.params.id);
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
      const { id } = request.params;
      const deleted = await ctx.db.tx(async (tx) => {
        const before = await findZone(tx, id);
        if (!before || !(await deleteZone(tx, id))) return false;
        await recordAudit(tx, currentUser(request), {
          action: 'zone.delete',
          target: { type: 'zone', id },
          before: zoneFields(before),
        });
        return true;
      });
      if (!deleted) throw notFound(`There is no zone for this id ${request.params.id}`);
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
