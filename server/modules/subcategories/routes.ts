import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyOf, type AppContext } from '../../context';
import { onUniqueViolation } from '../../db';
import { slugify } from '../../lib/arabic';
import { duplicateValue, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { wantsProductCounts, withProductCounts } from '../../lib/productCounts';
import { isId, rules, text, validate, validateIdParam } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { categoryExists } from '../categories/repository';
import { SUBCATEGORY_LIST, deleteSubcategory, findSubcategory, insertSubcategory, listSubcategories as listRows, updateSubcategory } from './repository';
import { subcategoryJson } from './serialize';

export { SUBCATEGORY_LIST };

/** List of subcategories, optionally of one category (GET /subcategories and /categories/:categoryId/subcategories). */
export async function listSubcategories(ctx: AppContext, request: FastifyRequest, categoryId?: string) {
  const q = categoryId
    ? buildListQuery(request.query as Record<string, unknown>, SUBCATEGORY_LIST, ['category_id = $1'], [categoryId])
    : buildListQuery(request.query as Record<string, unknown>, SUBCATEGORY_LIST);
  const { rows, total } = await listRows(ctx.db, q);
  const objects = rows.map(subcategoryJson);
  return listResponse(wantsProductCounts(request.query) ? await withProductCounts(ctx.db, 'subcategories', objects) : objects, total, q);
}

function categoryRules(ctx: AppContext) {
  return rules()
    .id('Invalid ID formate')
    .required('SubCategory must be belong to category')
    .check(async (v) => categoryExists(ctx.db, v as string), (v) => `No category exist for this id: ${v}`);
}

const nameRules = () => rules().minLength(2, 'must be at least 2 chars').maxLength(32, 'Too long category name');

/** POST /subcategories, and POST /categories/:categoryId/subcategories where the path's category wins. */
export async function createSubcategory(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, categoryId?: string) {
  const body = { ...bodyOf(request) };
  if (categoryId !== undefined) body.category = categoryId;
  await validate('body', body, { name: nameRules(), category: categoryRules(ctx) });
  const name = text(body.name)!;
  const row = await onUniqueViolation(
    () => insertSubcategory(ctx.db, { name, slug: slugify(name), categoryId: body.category as string }),
    () => duplicateValue(name),
  );
  return reply.status(201).send({ data: subcategoryJson(row) });
}

export async function subcategoryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');

  app.get('/', { config: { listSpec: SUBCATEGORY_LIST } }, (request) => listSubcategories(ctx, request));
  app.post('/', { preHandler: staff }, (request, reply) => createSubcategory(ctx, request, reply));

  app.get('/:id', async (request) => {
    const id = validateIdParam(request.params);
    const row = await findSubcategory(ctx.db, id);
    if (!row) throw notFound(`No document for this id ${id}`);
    return { data: subcategoryJson(row) };
  });

  const update = async (request: FastifyRequest) => {
    const id = validateIdParam(request.params);
    const body = { ...bodyOf(request) };
    await validate('body', body, { name: nameRules().optional(), category: categoryRules(ctx).optional() });
    const name = text(body.name);
    const categoryId = isId(body.category) ? (body.category as string) : undefined;
    const row = await onUniqueViolation(
      () => updateSubcategory(ctx.db, id, { name, slug: name ? slugify(name) : undefined, categoryId }),
      () => duplicateValue(name ?? ''),
    );
    if (!row) throw notFound(`No document found for this id: ${id}`);
    return { data: subcategoryJson(row) };
  };
  app.put('/:id', { preHandler: staff }, update);
  app.patch('/:id', { preHandler: staff }, update);

  app.delete('/:id', { preHandler: requireAuth(ctx, 'admin') }, async (request, reply) => {
    const id = validateIdParam(request.params);
    if (!(await deleteSubcategory(ctx.db, id))) throw notFound(`No document found for this id: ${id}`);
    return reply.status(204).send();
  });
}
