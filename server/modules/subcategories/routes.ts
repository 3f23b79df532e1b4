import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyOf, type AppContext } from '../../context';
import { onUniqueViolation, pagedList, type Row } from '../../db';
import { slugify } from '../../lib/arabic';
import { duplicateValue, notFound } from '../../lib/errors';
import { buildListQuery, listResponse, type ListSpec } from '../../lib/listQuery';
import { wantsProductCounts, withProductCounts } from '../../lib/productCounts';
import { compact, iso } from '../../lib/time';
import { isId, rules, text, validate, validateIdParam } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';

export function subcategoryJson(row: Row) {
  return compact({ _id: row.id, name: row.name, slug: row.slug, category: row.category_id, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });
}

export const SUBCATEGORY_LIST: ListSpec = {
  fields: {
    name: { column: 'name', type: 'text' },
    category: { column: 'category_id', type: 'id' },
    createdAt: { column: 'created_at', type: 'date' },
    updatedAt: { column: 'updated_at', type: 'date', sortOnly: true },
  },
  keyword: (p) => `name ILIKE ${p}`,
};

/** List of subcategories, optionally of one category (GET /subcategories and /categories/:categoryId/subcategories). */
export async function listSubcategories(ctx: AppContext, request: FastifyRequest, categoryId?: string) {
  const q = categoryId
    ? buildListQuery(request.query as Record<string, unknown>, SUBCATEGORY_LIST, ['category_id = $1'], [categoryId])
    : buildListQuery(request.query as Record<string, unknown>, SUBCATEGORY_LIST);
  const { rows, total: count } = await pagedList(ctx.db, q, { columns: '*', from: 'subcategories' });
  const objects = rows.map(subcategoryJson);
  return listResponse(wantsProductCounts(request.query) ? await withProductCounts(ctx.db, 'subcategories', objects) : objects, count, q);
}

function categoryRules(ctx: AppContext) {
  return rules()
    .id('Invalid ID formate')
    .required('SubCategory must be belong to category')
    .check(async (v) => !!(await ctx.db.one('SELECT 1 FROM categories WHERE id = $1', [v])), (v) => `No category exist for this id: ${v}`);
}

const nameRules = () => rules().minLength(2, 'must be at least 2 chars').maxLength(32, 'Too long category name');

/** POST /subcategories, and POST /categories/:categoryId/subcategories where the path's category wins. */
export async function createSubcategory(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, categoryId?: string) {
  const body = { ...bodyOf(request) };
  if (categoryId !== undefined) body.category = categoryId;
  await validate('body', body, { name: nameRules(), category: categoryRules(ctx) });
  const name = text(body.name)!;
  const row = await onUniqueViolation(
    () => ctx.db.one('INSERT INTO subcategories (name, slug, category_id) VALUES ($1, $2, $3) RETURNING *', [name, slugify(name), body.category]),
    () => duplicateValue(name),
  );
  return reply.status(201).send({ data: subcategoryJson(row!) });
}

export async function subcategoryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');

  app.get('/', { config: { listSpec: SUBCATEGORY_LIST } }, (request) => listSubcategories(ctx, request));
  app.post('/', { preHandler: staff }, (request, reply) => createSubcategory(ctx, request, reply));

  app.get('/:id', async (request) => {
    const id = validateIdParam(request.params);
    const row = await ctx.db.one('SELECT * FROM subcategories WHERE id = $1', [id]);
    if (!row) throw notFound(`No document for this id ${id}`);
    return { data: subcategoryJson(row) };
  });

  const update = async (request: FastifyRequest) => {
    const id = validateIdParam(request.params);
    const body = { ...bodyOf(request) };
    await validate('body', body, { name: nameRules().optional(), category: categoryRules(ctx).optional() });
    const name = text(body.name);
    const category = isId(body.category) ? body.category : null;
    const row = await onUniqueViolation(
      () =>
        ctx.db.tx(async (tx) => {
          const updated = await tx.one(
            `UPDATE subcategories SET name = COALESCE($2, name), slug = COALESCE($3, slug), category_id = COALESCE($4, category_id), updated_at = now()
             WHERE id = $1 RETURNING *`,
            [id, name ?? null, name ? slugify(name) : null, category],
          );
          // A subcategory moved to another category no longer describes the products of the old one.
          if (updated && category) {
            await tx.query('UPDATE products SET subcategory_ids = array_remove(subcategory_ids, $1) WHERE subcategory_ids @> ARRAY[$1] AND category_id <> $2', [updated.id, category]);
          }
          return updated;
        }),
      () => duplicateValue(name ?? ''),
    );
    if (!row) throw notFound(`No document found for this id: ${id}`);
    return { data: subcategoryJson(row) };
  };
  app.put('/:id', { preHandler: staff }, update);
  app.patch('/:id', { preHandler: staff }, update);

  app.delete('/:id', { preHandler: requireAuth(ctx, 'admin') }, async (request, reply) => {
    const id = validateIdParam(request.params);
    await ctx.db.tx(async (tx) => {
      const row = await tx.one('DELETE FROM subcategories WHERE id = $1 RETURNING id', [id]);
      if (!row) throw notFound(`No document found for this id: ${id}`);
      await tx.query('UPDATE products SET subcategory_ids = array_remove(subcategory_ids, $1) WHERE subcategory_ids @> ARRAY[$1]', [row.id]);
    });
    return reply.status(204).send();
  });
}
