import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { bodyOf, type AppContext } from '../../context';
import { onUniqueViolation } from '../../db';
import { slugify } from '../../lib/arabic';
import { duplicateValue, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { wantsProductCounts, withProductCounts } from '../products';
import { DataOnly, IdParams, List, NoContent, bearer, checks, idRules } from '../../lib/schemas';
import { isId, rules, text, validate } from '../../lib/validate';
import { aliasRules, aliasesOf } from '../../lib/aliases';
import { requireAuth } from '../../plugins/auth';
import { categoryExists } from '../categories';
import { CountedListQuery } from '../categories';
import {
  SUBCATEGORY_LIST,
  deleteSubcategory,
  findSubcategory,
  insertSubcategory,
  listSubcategories as listRows,
  updateSubcategory,
} from './repository';
import { NewSubcategory, Subcategory, SubcategoryChanges, SubcategoryListItem } from './schemas';
import { subcategoryJson } from './serialize';

export { NewSubcategoryOfCategory } from './schemas';
export { SUBCATEGORY_LIST };

/** Schema parts of the subcategory list and create answers, shared with the nested routes under /categories. */
export const subcategoryAnswers = {
  list: { 200: List(SubcategoryListItem) },
  created: { 201: DataOnly(Subcategory) },
};
export { CountedListQuery as SubcategoryListQuery };

/** List of subcategories, optionally of one category (GET /subcategories and /categories/:categoryId/subcategories). */
export async function listSubcategories(ctx: AppContext, request: FastifyRequest, categoryId?: string) {
  const q = categoryId
    ? buildListQuery(request.query as Record<string, unknown>, SUBCATEGORY_LIST, ['category_id = $1'], [categoryId])
    : buildListQuery(request.query as Record<string, unknown>, SUBCATEGORY_LIST);
  const { rows, total } = await listRows(ctx.db, q);
  const objects = rows.map(subcategoryJson);
  return listResponse(
    wantsProductCounts(request.query) ? await withProductCounts(ctx.db, 'subcategories', objects) : objects,
    total,
    q,
  );
}

function categoryRules(ctx: AppContext) {
  return rules()
    .id('Invalid ID formate')
    .required('SubCategory must be belong to category')
    .check(
      async (v) => categoryExists(ctx.db, v as string),
      (v) => `No category exist for this id: ${v}`,
    );
}

const nameRules = () => rules().minLength(2, 'must be at least 2 chars').maxLength(32, 'Too long category name');

/** The body a create writes: the path's category, when there is one, wins over the body's. */
const createBody = (request: FastifyRequest, categoryId?: string) => {
  const body = { ...bodyOf(request) };
  if (categoryId !== undefined) body.category = categoryId;
  return body;
};

/** The rules of a create (preValidation, after the path's id): POST /subcategories, or under /categories/:categoryId with `categoryId`. */
export const createChecks =
  (ctx: AppContext, categoryParam?: string): preValidationAsyncHookHandler =>
  async (request) => {
    const categoryId =
      categoryParam === undefined ? undefined : (request.params as Record<string, string>)[categoryParam];
    await validate('body', createBody(request, categoryId), {
      name: nameRules(),
      category: categoryRules(ctx),
      aliases: aliasRules(),
    });
  };

/** POST /subcategories, and POST /categories/:categoryId/subcategories where the path's category wins; createChecks ran. */
export async function createSubcategory(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  categoryId?: string,
) {
  const body = createBody(request, categoryId);
  const name = text(body.name)!;
  const row = await onUniqueViolation(
    () =>
      insertSubcategory(ctx.db, {
        name,
        slug: slugify(name),
        categoryId: body.category as string,
        aliases: aliasesOf(body.aliases),
      }),
    () => duplicateValue(name),
  );
  return reply.status(201).send({ data: subcategoryJson(row) });
}

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
    (request) => listSubcategories(ctx, request),
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
      preValidation: [staff, createChecks(ctx)],
    },
    (request, reply) => createSubcategory(ctx, request, reply),
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: 'One subcategory', params: Params, response: { 200: DataOnly(Subcategory) } },
      preValidation: checks({ params: idRules('id') }),
    },
    async (request) => {
      const { id } = request.params;
      const row = await findSubcategory(ctx.db, id);
      if (!row) throw notFound(`No document for this id ${id}`);
      return { data: subcategoryJson(row) };
    },
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
      preValidation: [
        staff,
        checks({
          params: idRules('id'),
          body: { name: nameRules().optional(), category: categoryRules(ctx).optional(), aliases: aliasRules() },
        }),
      ],
      handler: async (request) => {
        const { id } = request.params;
        const body = bodyOf(request);
        const name = text(body.name);
        const categoryId = isId(body.category) ? (body.category as string) : undefined;
        const row = await onUniqueViolation(
          () =>
            updateSubcategory(ctx.db, id, {
              name,
              slug: name ? slugify(name) : undefined,
              categoryId,
              aliases: aliasesOf(body.aliases),
            }),
          () => duplicateValue(name ?? ''),
        );
        if (!row) throw notFound(`No document found for this id: ${id}`);
        return { data: subcategoryJson(row) };
      },
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
      preValidation: [requireAuth(ctx, 'admin'), checks({ params: idRules('id') })],
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteSubcategory(ctx.db, id))) throw notFound(`No document found for this id: ${id}`);
      return reply.status(204).send(null);
    },
  );
}
