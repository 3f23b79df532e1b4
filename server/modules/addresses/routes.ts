import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/errors';
import { rules, text, type Rules } from '../../lib/validate';
import { Type, IdParams, Maybe, Success, Text, Timestamps, checks, idRules } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { addressesOf, deleteAddress, findAddress, insertAddress, updateAddress, type AddressInput } from './repository';
import { addressJson } from './serialize';

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

const FIELDS = ['alias', 'details', 'phone', 'city', 'postalCode'] as const;

export async function addressRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const auth = requireAuth(ctx);
  const missing = (id: string) => notFound(`There is no address for this id ${id}`);

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add an address; answers every address of the caller',
        body: NewAddress,
        response: { 200: AddressList },
      },
      preValidation: [auth, checks({ body: addressRules(false) })],
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      await insertAddress(ctx.db, user.id, {
        alias: text(body.alias)!,
        details: text(body.details)!,
        phone: text(body.phone)!,
        city: text(body.city) ?? '',
        postalCode: text(body.postalCode) ?? '',
      });
      return {
        status: 'success' as const,
        message: 'Address added successfully',
        data: (await addressesOf(ctx.db, user.id)).map(addressJson),
      };
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's addresses",
        response: {
          200: Type.Object({ results: Type.Integer(), status: Type.Literal('success'), data: Type.Array(Address) }),
        },
      },
      preValidation: auth,
    },
    async (request) => {
      const data = (await addressesOf(ctx.db, currentUser(request).id)).map(addressJson);
      return { results: data.length, status: 'success' as const, data };
    },
  );

  app.get(
    '/:addressId',
    {
      schema: {
        tags,
        security,
        summary: "One of the caller's addresses",
        params: Params,
        response: { 200: Success(Address) },
      },
      preValidation: [auth, checks({ params: idRules('addressId') })],
    },
    async (request) => {
      const id = request.params.addressId;
      const row = await findAddress(ctx.db, id, currentUser(request).id);
      if (!row) throw missing(id);
      return { status: 'success' as const, data: addressJson(row) };
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:addressId',
      schema: {
        tags,
        security,
        summary: 'Change an address (only the fields sent)',
        params: Params,
        body: AddressChanges,
        response: { 200: Type.Object({ status: Type.Literal('success'), message: Type.String(), data: Address }) },
      },
      preValidation: [auth, checks({ params: idRules('addressId'), body: addressRules(true) })],
      handler: async (request) => {
        const id = request.params.addressId;
        const body = request.body;
        const changes: AddressInput = {};
        for (const field of FIELDS) {
          const value = body[field];
          if (value !== undefined && value !== null) changes[field] = text(value);
        }
        const row = await updateAddress(ctx.db, id, currentUser(request).id, changes);
        if (!row) throw missing(id);
        return { status: 'success' as const, message: 'Address updated successfully', data: addressJson(row) };
      },
    });
  }

  app.delete(
    '/:addressId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an address; answers the remaining ones',
        params: Params,
        response: { 200: AddressList },
      },
      preValidation: [auth, checks({ params: idRules('addressId') })],
    },
    async (request) => {
      const user = currentUser(request);
      const id = request.params.addressId;
      if (!(await deleteAddress(ctx.db, id, user.id))) throw missing(id);
      return {
        status: 'success' as const,
        message: 'Address removed successfully',
        data: (await addressesOf(ctx.db, user.id)).map(addressJson),
      };
    },
  );
}
