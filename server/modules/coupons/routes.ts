import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { duplicateValue, notFound } from '../../lib/errors';
import { buildListQuery, listResponse, type ListSpec } from '../../lib/listQuery';
import { compact, iso } from '../../lib/time';
import { rules, text, toNumber, type Rules } from '../../lib/validate';
import { Type, DataOnly, DateTime, IdParams, List, ListQuery, Maybe, NoContent, NumberLike, Text, Timestamps, bearer, checks, idRules } from '../../lib/schemas';
import { requireAuth } from '../../plugins/auth';
import type { Row } from '../../db';
import { pagedList } from '../../db/pagedList';
import { onUniqueViolation } from '../../db/errors';
import { parseExpire } from './expire';

const COLUMNS = 'id, name, expire, discount, created_at, updated_at';

const discountOf = (value: unknown) => Math.round(toNumber(value)! * 100) / 100;

export function couponJson(row: Row) {
  return compact({
    _id: row.id,
    name: row.name,
    expire: iso(row.expire),
    discount: Number(row.discount),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}

const LIST_SPEC: ListSpec = {
  fields: {
    name: { column: 'name', type: 'text' },
    discount: { column: 'discount', type: 'decimal', precision: 5, scale: 2 },
    expire: { column: 'expire', type: 'date' },
    createdAt: { column: 'created_at', type: 'date' },
    updatedAt: { column: 'updated_at', type: 'date', sortOnly: true },
  },
  keyword: (placeholder) => `name ILIKE ${placeholder}`,
};

/** API.md §5.10; `partial` (PUT/PATCH) makes fields optional and drops the future check. */
function couponSchema(partial: boolean): Record<string, Rules> {
  const field = () => (partial ? rules().optional() : rules());
  const expire = field()
    .required('coupon expire time required')
    .check((v) => parseExpire(v) !== undefined, 'Invalid expire date');
  return {
    name: field().required('coupon name required').string('coupon name required').maxLength(32, 'Too long coupon name'),
    expire: partial ? expire : expire.check((v) => parseExpire(v)!.getTime() > Date.now(), 'Coupon expire date must be in the future'),
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
  expire: Type.String({ description: 'ISO date or date-time; `M/D/YYYY` (Arabic-Indic digits too); a date alone means the end of that day in Cairo' }),
  discount: NumberLike({ description: 'Percentage, 0 < d ≤ 100, 2 decimals' }),
};
const NewCoupon = Type.Object(couponFields);
const CouponChanges = Type.Object({ name: Maybe(couponFields.name), expire: Maybe(couponFields.expire), discount: Maybe(couponFields.discount) });
const tags = ['coupons'];

export async function couponRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');

  /** Runs a write and turns a clash on the unique (case-insensitive) name into API.md's duplicate 400. */
  const writing = <T>(name: unknown, write: () => Promise<T>) => onUniqueViolation(write, () => duplicateValue(text(name) ?? ''));

  app.get('/', {
    schema: { tags, security: bearer, summary: 'List coupons (manager, admin)', querystring: ListQuery, response: { 200: List(Coupon) } },
    preValidation: staff,
    config: { listSpec: LIST_SPEC },
  }, async (request) => {
    const q = buildListQuery(request.query, LIST_SPEC);
    const { rows, total } = await pagedList(ctx.db, q, { columns: COLUMNS, from: 'coupons' });
    return listResponse(rows.map(couponJson), total, q);
  });

  app.get('/:id', {
    schema: { tags, security: bearer, summary: 'One coupon', params: IdParams('id'), response: { 200: DataOnly(Coupon) } },
    preValidation: [staff, checks({ params: idRules('id') })],
  }, async (request) => {
    const { id } = request.params;
    const row = await ctx.db.one(`SELECT ${COLUMNS} FROM coupons WHERE id = $1`, [id]);
    if (!row) throw notFound(`No document for this id ${id}`);
    return { data: couponJson(row) };
  });

  app.post('/', {
    schema: { tags, security: bearer, summary: 'Create a coupon', body: NewCoupon, response: { 201: DataOnly(Coupon) } },
    preValidation: [staff, checks({ body: couponSchema(false) })],
  }, async (request, reply) => {
    const body = request.body;
    const row = await writing(body.name, () =>
      ctx.db.one(`INSERT INTO coupons (name, expire, discount) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [
        text(body.name), parseExpire(body.expire), discountOf(body.discount),
      ]),
    );
    return reply.status(201).send({ data: couponJson(row!) });
  });

  for (const method of ['PUT', 'PATCH'] as const) app.route({
    method,
    url: '/:id',
    schema: { tags, security: bearer, summary: 'Change a coupon (only the fields sent)', params: IdParams('id'), body: CouponChanges, response: { 200: DataOnly(Coupon) } },
    preValidation: [staff, checks({ params: idRules('id'), body: couponSchema(true) })],
    handler: async (request) => {
    const { id } = request.params;
    const body = request.body;
    const present = (v: unknown) => v !== undefined && v !== null;
    const row = await writing(body.name, () =>
      ctx.db.one(
        `UPDATE coupons SET name = COALESCE($2, name), expire = COALESCE($3, expire), discount = COALESCE($4, discount), updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [
          id,
          present(body.name) ? text(body.name) : null,
          present(body.expire) ? parseExpire(body.expire) : null,
          present(body.discount) ? discountOf(body.discount) : null,
        ],
      ),
    );
    if (!row) throw notFound(`No document found for this id: ${id}`);
    return { data: couponJson(row) };
    },
  });

  app.delete('/:id', {
    schema: { tags, security: bearer, summary: 'Delete a coupon; carts holding it lose it', params: IdParams('id'), response: { 204: NoContent } },
    preValidation: [staff, checks({ params: idRules('id') })],
  }, async (request, reply) => {
    const { id } = request.params;
    const deleted = await ctx.db.tx(async (tx) => {
      // Carts holding the coupon lose it (API.md §6.7); their plain total is computed from the lines.
      await tx.query('UPDATE carts SET coupon_id = NULL, total_after_discount = NULL, updated_at = now() WHERE coupon_id = $1', [id]);
      return tx.one('DELETE FROM coupons WHERE id = $1 RETURNING id', [id]);
    });
    if (!deleted) throw notFound(`No document found for this id: ${id}`);
    return reply.status(204).send(null);
  });
}
