import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { duplicateValue, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { rules, text, toNumber, type Rules } from '../../lib/validate';
import {
  Type,
  DataOnly,
  DateTime,
  IdParams,
  List,
  ListQuery,
  Maybe,
  NoContent,
  NumberLike,
  Text,
  Timestamps,
  bearer,
  checks,
  idRules,
} from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import { onUniqueViolation } from '../../db/errors';
import { parseExpire } from '../../lib/dates';
import {
  COUPON_LIST as LIST_SPEC,
  deleteCoupon,
  findCoupon,
  insertCoupon,
  listCoupons,
  updateCoupon,
} from './repository';
import { couponJson } from './serialize';

const discountOf = (value: unknown) => Math.round(toNumber(value)! * 100) / 100;

/** API.md §5.10; `partial` (PUT/PATCH) makes fields optional and drops the future check. */
function couponSchema(partial: boolean): Record<string, Rules> {
  const field = () => (partial ? rules().optional() : rules());
  const expire = field()
    .required('coupon expire time required')
    .check((v) => parseExpire(v) !== undefined, 'Invalid expire date');
  return {
    name: field().required('coupon name required').string('coupon name required').maxLength(32, 'Too long coupon name'),
    expire: partial
      ? expire
      : expire.check((v) => parseExpire(v)!.getTime() > Date.now(), 'Coupon expire date must be in the future'),
    discount: field()
      .required('coupon discount required')
      .numeric('coupon discount must be a number')
      // Stored with 2 decimals, so a value that rounds to 0 is refused too.
      .number((d) => Math.round(d * 100) > 0 && d <= 100, 'Discount must be greater than 0 and at most 100'),
  };
}

const Coupon = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  expire: DateTime({ description: 'The coupon works until this moment' }),
  discount: Type.Number({ description: 'Percentage, 0 < d ≤ 100' }),
  ...Timestamps,
});
const couponFields = {
  name: Text('1–32 characters, unique case-insensitively'),
  expire: Type.String({
    description:
      'ISO date or date-time; `M/D/YYYY` (Arabic-Indic digits too); a date alone means the end of that day in Cairo',
  }),
  discount: NumberLike({ description: 'Percentage, 0 < d ≤ 100, 2 decimals' }),
};
const NewCoupon = Type.Object(couponFields);
const CouponChanges = Type.Object({
  name: Maybe(couponFields.name),
  expire: Maybe(couponFields.expire),
  discount: Maybe(couponFields.discount),
});
const tags = ['coupons'];

export async function couponRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');

  /** Runs a write and turns a clash on the unique (case-insensitive) name into API.md's duplicate 400. */
  const writing = <T>(name: unknown, write: () => Promise<T>) =>
    onUniqueViolation(write, () => duplicateValue(text(name) ?? ''));

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
    async (request) => {
      const q = buildListQuery(request.query, LIST_SPEC);
      const { rows, total } = await listCoupons(ctx.db, q);
      return listResponse(rows.map(couponJson), total, q);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'One coupon',
        params: IdParams('id'),
        response: { 200: DataOnly(Coupon) },
      },
      preValidation: [staff, checks({ params: idRules('id') })],
    },
    async (request) => {
      const { id } = request.params;
      const row = await findCoupon(ctx.db, id);
      if (!row) throw notFound(`No document for this id ${id}`);
      return { data: couponJson(row) };
    },
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
      preValidation: [staff, checks({ body: couponSchema(false) })],
    },
    async (request, reply) => {
      const body = request.body;
      const row = await writing(body.name, () =>
        insertCoupon(ctx.db, {
          name: text(body.name)!,
          expire: parseExpire(body.expire)!,
          discount: discountOf(body.discount),
        }),
      );
      return reply.status(201).send({ data: couponJson(row) });
    },
  );

  for (const method of ['PUT', 'PATCH'] as const)
    app.route({
      method,
      url: '/:id',
      schema: {
        tags,
        security: bearer,
        summary: 'Change a coupon (only the fields sent)',
        params: IdParams('id'),
        body: CouponChanges,
        response: { 200: DataOnly(Coupon) },
      },
      preValidation: [staff, checks({ params: idRules('id'), body: couponSchema(true) })],
      handler: async (request) => {
        const { id } = request.params;
        const body = request.body;
        const present = (v: unknown) => v !== undefined && v !== null;
        const row = await writing(body.name, () =>
          updateCoupon(ctx.db, id, {
            name: present(body.name) ? text(body.name)! : null,
            expire: present(body.expire) ? parseExpire(body.expire)! : null,
            discount: present(body.discount) ? discountOf(body.discount) : null,
          }),
        );
        if (!row) throw notFound(`No document found for this id: ${id}`);
        return { data: couponJson(row) };
      },
    });

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a coupon; carts holding it lose it',
        params: IdParams('id'),
        response: { 204: NoContent },
      },
      preValidation: [staff, checks({ params: idRules('id') })],
    },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await deleteCoupon(ctx.db, id);
      if (!deleted) throw notFound(`No document found for this id: ${id}`);
      return reply.status(204).send(null);
    },
  );
}
