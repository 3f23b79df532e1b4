import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Queryable } from '../../db';
import { notFound } from '../../lib/errors';
import { rules, text, type Rules } from '../../lib/validate';
import { Type, IdParams, Maybe, Success, Text, Timestamps, checks, idRules } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { ADDRESS_COLUMNS, addressJson } from './serialize';

/** API.md §5.9; `partial` makes every field optional (PUT/PATCH), keeping the same rules for values that are sent. */
function addressRules(partial: boolean): Record<string, Rules> {
  const field = () => (partial ? rules().optional() : rules());
  return {
    alias: field().required('alias is required').string('alias is required').maxLength(50, 'Too long alias'),
    details: field().required('details is required').string('details is required').maxLength(500, 'Too long details'),
    phone: field().required('phone is required').egyptianPhone(),
    city: rules().optional().string('Invalid city').maxLength(50, 'Too long city'),
    postalCode: rules().optional().string('Invalid postalCode').maxLength(20, 'Too long postalCode'),
  };
}

/** An address as API.md §1 answers it (serialize.ts). */
export const Address = Type.Object({
  _id: Type.String(),
  alias: Type.String(),
  details: Type.String(),
  phone: Type.String(),
  city: Type.String({ description: 'May be ""' }),
  postalCode: Type.String({ description: 'May be ""' }),
  ...Timestamps,
});

const AddressFields = {
  alias: Text('Label such as "Home", at most 50 characters'),
  details: Text('At most 500 characters'),
  phone: Text('Egyptian mobile'),
  city: Maybe(Text('At most 50 characters')),
  postalCode: Maybe(Text('At most 20 characters')),
};
const NewAddress = Type.Object(AddressFields);
const AddressChanges = Type.Object({
  alias: Maybe(AddressFields.alias),
  details: Maybe(AddressFields.details),
  phone: Maybe(AddressFields.phone),
  city: AddressFields.city,
  postalCode: AddressFields.postalCode,
});
const AddressList = Type.Object({ status: Type.Literal('success'), message: Type.String(), data: Type.Array(Address) });
const Params = IdParams('addressId');
const tags = ['addresses'];
const security = [{ bearerAuth: [] }];

const COLUMN_OF = { alias: 'alias', details: 'details', phone: 'phone', city: 'city', postalCode: 'postal_code' } as const;

async function userAddresses(db: Queryable, userId: string) {
  const rows = await db.query(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY added`, [userId]);
  return rows.map(addressJson);
}

export async function addressRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const auth = requireAuth(ctx);
  const missing = (id: string) => notFound(`There is no address for this id ${id}`);

  app.post('/', {
    schema: { tags, security, summary: 'Add an address; answers every address of the caller', body: NewAddress, response: { 200: AddressList } },
    preValidation: [auth, checks({ body: addressRules(false) })],
  }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    await ctx.db.query('INSERT INTO addresses (user_id, alias, details, phone, city, postal_code) VALUES ($1, $2, $3, $4, $5, $6)', [
      user.id, text(body.alias), text(body.details), text(body.phone), text(body.city) ?? '', text(body.postalCode) ?? '',
    ]);
    return { status: 'success' as const, message: 'Address added successfully', data: await userAddresses(ctx.db, user.id) };
  });

  app.get('/', {
    schema: {
      tags, security, summary: "The caller's addresses",
      response: { 200: Type.Object({ results: Type.Integer(), status: Type.Literal('success'), data: Type.Array(Address) }) },
    },
    preValidation: auth,
  }, async (request) => {
    const data = await userAddresses(ctx.db, currentUser(request).id);
    return { results: data.length, status: 'success' as const, data };
  });

  app.get('/:addressId', {
    schema: { tags, security, summary: 'One of the caller\'s addresses', params: Params, response: { 200: Success(Address) } },
    preValidation: [auth, checks({ params: idRules('addressId') })],
  }, async (request) => {
    const id = request.params.addressId;
    const row = await ctx.db.one(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = $1 AND user_id = $2`, [id, currentUser(request).id]);
    if (!row) throw missing(id);
    return { status: 'success' as const, data: addressJson(row) };
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:addressId',
      schema: {
        tags, security, summary: 'Change an address (only the fields sent)', params: Params, body: AddressChanges,
        response: { 200: Type.Object({ status: Type.Literal('success'), message: Type.String(), data: Address }) },
      },
      preValidation: [auth, checks({ params: idRules('addressId'), body: addressRules(true) })],
      handler: async (request) => {
        const id = request.params.addressId;
        const body = request.body;
        const sets: string[] = [];
        const params: unknown[] = [id, currentUser(request).id];
        for (const [field, column] of Object.entries(COLUMN_OF)) {
          const value = body[field as keyof typeof body];
          if (value === undefined || value === null) continue;
          params.push(text(value));
          sets.push(`${column} = $${params.length}`);
        }
        const row = await ctx.db.one(
          `UPDATE addresses SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND user_id = $2 RETURNING ${ADDRESS_COLUMNS}`,
          params,
        );
        if (!row) throw missing(id);
        return { status: 'success' as const, message: 'Address updated successfully', data: addressJson(row) };
      },
    });
  }

  app.delete('/:addressId', {
    schema: { tags, security, summary: 'Remove an address; answers the remaining ones', params: Params, response: { 200: AddressList } },
    preValidation: [auth, checks({ params: idRules('addressId') })],
  }, async (request) => {
    const user = currentUser(request);
    const id = request.params.addressId;
    const row = await ctx.db.one('DELETE FROM addresses WHERE id = $1 AND user_id = $2 RETURNING id', [id, user.id]);
    if (!row) throw missing(id);
    return { status: 'success' as const, message: 'Address removed successfully', data: await userAddresses(ctx.db, user.id) };
  });
}
