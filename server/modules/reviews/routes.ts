import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyOf } from '../../context';
import { onUniqueViolation, type Queryable } from '../../db';
import { ValidationError, fieldError, forbidden, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { isId, rules, text, toNumber, validate, validateIdParam, type Rules } from '../../lib/validate';
import { currentUser, requireAuth } from '../../plugins/auth';
import {
  REVIEW_LIST as listSpec,
  deleteReview,
  findReview as findReviewRow,
  findReviewById,
  hasReviewed,
  insertReview,
  listReviews,
  lockProduct as lockProductRow,
  recomputeRatings,
  updateReview,
} from './repository';
import { reviewJson } from './serialize';

/** Reviews (API.md §5.7, §6.1), both at /reviews and nested under /products/:productId/reviews. */

const ALREADY_REVIEWED = 'You already added review on this product';
const reviewRules = () => rules().required('Review required').string('Review required').maxLength(1000, 'Too long review');
const ratingRules = () => rules().required('Review required').number((n) => n >= 1 && n <= 5, 'Rating min value 1.0 and max 5.0');
/** Locks the product row so concurrent review changes recompute its ratings one after another. */
async function lockProduct(tx: Queryable, productId: string) {
  if (!(await lockProductRow(tx, productId))) throw notFound(`No document for this id ${productId}`);
}

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const params = (request: FastifyRequest) => request.params as { productId?: string; id?: string };
  /** The path's product id when the route is nested, validated. */
  const pathProduct = (request: FastifyRequest) => (params(request).productId === undefined ? undefined : validateIdParam(request.params, 'productId'));

  const list = async (request: FastifyRequest) => {
    const productId = pathProduct(request);
    const base = productId ? ['r.product_id = $1'] : [];
    const q = buildListQuery(request.query as Record<string, unknown>, listSpec, base, productId ? [productId] : []);
    const { rows, total } = await listReviews(ctx.db, q);
    return listResponse(rows.map(reviewJson), total, q);
  };
  app.get('/reviews', { config: { listSpec } }, list);
  app.get('/products/:productId/reviews', { config: { listSpec } }, list);

  /** The review of the path (and of the path's product when nested), or undefined. */
  const findReview = async (request: FastifyRequest) => {
    const productId = pathProduct(request);
    const id = validateIdParam(request.params);
    const row = await findReviewRow(ctx.db, id, productId);
    return { id, row };
  };

  const getOne = async (request: FastifyRequest) => {
    const { id, row } = await findReview(request);
    if (!row) throw notFound(`No document for this id ${id}`);
    return { data: reviewJson(row) };
  };
  app.get('/reviews/:id', getOne);
  app.get('/products/:productId/reviews/:id', getOne);

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const nestedProduct = pathProduct(request);
    const body = bodyOf(request);
    const productId = nestedProduct ?? body.product;
    const schema: Record<string, Rules> = {
      review: reviewRules().check(
        async () => !isId(productId) || !(await hasReviewed(ctx.db, user.id, productId as string)),
        ALREADY_REVIEWED,
      ),
      rating: ratingRules(),
    };
    if (nestedProduct === undefined) schema.product = rules().id('Invalid Product Id formate');
    await validate('body', body, schema);

    // Two simultaneous posts: the unique (user, product) constraint decides.
    const row = await onUniqueViolation(
      () =>
        ctx.db.tx(async (tx) => {
          await lockProduct(tx, productId as string);
          const id = await insertReview(tx, user.id, productId as string, { review: text(body.review), rating: toNumber(body.rating) });
          await recomputeRatings(tx, productId as string);
          return findReviewById(tx, id);
        }),
      () => new ValidationError([fieldError('body', 'review', ALREADY_REVIEWED, body.review)]),
    );
    return reply.status(201).send({ data: reviewJson(row!) });
  };
  const authorOnly = requireAuth(ctx, 'user');
  app.post('/reviews', { preHandler: authorOnly }, create);
  app.post('/products/:productId/reviews', { preHandler: authorOnly }, create);

  const update = async (request: FastifyRequest) => {
    const user = currentUser(request);
    const { id, row } = await findReview(request);
    if (!row) throw notFound(`There is no review for this id ${id}`);
    if (row.user_id !== user.id) throw forbidden();
    const body = bodyOf(request);
    await validate('body', body, { review: reviewRules().optional(), rating: ratingRules().optional() });
    const updated = await ctx.db.tx(async (tx) => {
      await lockProduct(tx, row.product_id);
      await updateReview(tx, row.id, { review: text(body.review), rating: toNumber(body.rating) });
      await recomputeRatings(tx, row.product_id);
      return findReviewById(tx, row.id);
    });
    if (!updated) throw notFound(`There is no review for this id ${id}`);
    return { data: reviewJson(updated) };
  };
  for (const path of ['/reviews/:id', '/products/:productId/reviews/:id']) {
    app.put(path, { preHandler: authorOnly }, update);
    app.patch(path, { preHandler: authorOnly }, update);
  }

  const remove = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const { id, row } = await findReview(request);
    if (!row) throw notFound(`No document found for this id: ${id}`);
    if (user.role === 'user' && row.user_id !== user.id) throw forbidden();
    await ctx.db.tx(async (tx) => {
      await lockProduct(tx, row.product_id);
      await deleteReview(tx, row.id);
      await recomputeRatings(tx, row.product_id);
    });
    return reply.status(204).send();
  };
  app.delete('/reviews/:id', { preHandler: requireAuth(ctx) }, remove);
  app.delete('/products/:productId/reviews/:id', { preHandler: requireAuth(ctx) }, remove);
}
