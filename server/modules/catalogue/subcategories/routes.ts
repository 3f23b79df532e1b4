import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bodyOf } from '../../../context';
import { IdParams } from '../../../lib/fields';
import { DataOnly, List, NoContent, bearer } from '../../../lib/schemas';
import { currentUser, requireAuth } from '../../../plugins/auth';
import { CountedListQuery } from '../categories/schemas';
import { SUBCATEGORY_LIST } from './repository';
import { Subcategory, SubcategoryListItem } from '../../../../common/contract/catalogue';
import { NewSubcategory, SubcategoryChanges } from './schemas';
import { changeSubcategory, createSubcategory, getSubcategory, listSubcategories, removeSubcategory } from './service';

/** Schema parts of the subcategory list and create answers, shared with the nested routes under /categories. */
export const subcategoryAnswers = {
  list: { 200: List(SubcategoryListItem) },
  created: { 201: DataOnly(Subcategory) },
};

/**
 * POST /categories/:categoryId/subcategories: the path's category is the body's (API.md §5.3: the path wins), so it
 * is checked with the body's rules and written; runs before the input check, which checks the path first.
 */
export const pathCategoryWins: preValidationAsyncHookHandler = async (request) => {
  request.body = { ...bodyOf(request), category: (request.params as { categoryId: string }).categoryId };
};

export async function subcategoryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');
  const tags = ['subcategories'];
  const Params = IdParams('id');

  app.get(
    '/',
    {
      schema: { tags, summary: 'List subcategories', querystring: CountedListQuery, response: subcategoryAnswers.list },
      config: { listSpec: SUBCATEGORY_LIST },
    },
    (request) => listSubcategories(ctx.db, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a subcategory (manager, admin)',
        body: NewSubcategory,
        response: subcategoryAnswers.created,
      },
      preValidation: staff,
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createSubcategory(ctx.db, currentUser(request), request.body) }),
  );

  app.get(
    '/:id',
    { schema: { tags, summary: 'One subcategory', params: Params, response: { 200: DataOnly(Subcategory) } } },
    async (request) => ({ data: await getSubcategory(ctx.db, request.params.id) }),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id',
      schema: {
        tags,
        security: bearer,
        summary: 'Rename a subcategory or move it to another category (manager, admin)',
        params: Params,
        body: SubcategoryChanges,
        response: { 200: DataOnly(Subcategory) },
      },
      preValidation: staff,
      handler: async (request) => ({
        data: await changeSubcategory(ctx.db, currentUser(request), request.params.id, request.body),
      }),
    });
  }

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a subcategory; products lose it (admin)',
        params: Params,
        response: { 204: NoContent },
      },
      preValidation: requireAuth(ctx, 'admin'),
    },
    async (request, reply) => {
      await removeSubcategory(ctx.db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
