import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/errors';
import { IdParams } from '../../lib/fields';
import { Type, Success } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { addressesOf, deleteAddress, findAddress, insertAddress, updateAddress } from './repository';
import { Address } from '../../../common/contract/accounts';
import { AddressChanges, NewAddress } from './schemas';
import { addressJson } from './serialize';
import { locate } from './service';

export { Address };

const AddressList = Type.Object({ status: Type.Literal('success'), message: Type.String(), data: Type.Array(Address) });
const Params = IdParams('addressId');
const tags = ['addresses'];
const security = [{ bearerAuth: [] }];

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
      preValidation: auth,
    },
    async (request) => {
      const user = currentUser(request);
      const { city = '', postalCode = '', ...address } = await locate(ctx, request.body);
      await insertAddress(ctx.db, user.id, { ...address, city, postalCode, governorate: address.governorate ?? null });
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
      preValidation: auth,
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
      preValidation: auth,
      handler: async (request) => {
        const id = request.params.addressId;
        const userId = currentUser(request).id;
        const stored = await findAddress(ctx.db, id, userId);
        if (!stored) throw missing(id);
        const row = await updateAddress(ctx.db, id, userId, await locate(ctx, request.body, stored));
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
      preValidation: auth,
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
