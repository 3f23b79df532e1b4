import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams } from '../../lib/fields';
import { Type, Success } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import { Address } from '../../../common/contract/accounts';
import { AddressChanges, NewAddress } from './schemas';
import { addAddress, changeAddress, myAddress, myAddresses, removeAddress } from './service';

export { Address };

const AddressList = Type.Object({ status: Type.Literal('success'), message: Type.String(), data: Type.Array(Address) });
const Params = IdParams('addressId');
const tags = ['addresses'];
const security = [{ bearerAuth: [] }];

export async function addressRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const auth = requireAuth(ctx);

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
      const data = await addAddress(ctx, currentUser(request).id, request.body);
      return { status: 'success' as const, message: 'Address added successfully', data };
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
      const data = await myAddresses(ctx.db, currentUser(request).id);
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
      const data = await myAddress(ctx.db, currentUser(request).id, request.params.addressId);
      return { status: 'success' as const, data };
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
        const data = await changeAddress(ctx, currentUser(request).id, request.params.addressId, request.body);
        return { status: 'success' as const, message: 'Address updated successfully', data };
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
      const data = await removeAddress(ctx.db, currentUser(request).id, request.params.addressId);
      return { status: 'success' as const, message: 'Address removed successfully', data };
    },
  );
}
