import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { bodyOf } from '../../context';
import { onUniqueViolation, type Queryable } from '../../db';
import { ValidationError, fieldError, forbidden, notFound } from '../../lib/errors';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { isId, rules, text, toNumber, validate, validateIdParam, type Rules } from '../../lib/validate';
import { DataOnly, IdParams, List, ListQuery, NoContent, bearer, checks, idRules } from '../../lib/schemas';
import { currentUser, requireAuth } from '../../plugins/auth';
import {
  REVIEW_LIST as listSpec,
  deleteReview,
  findReview as findReviewRow,
  findReviewById,
  hasReviewed,
  insertReview,
  listReviews,
  recomputeRatings,
  updateReview,
} from './repository';
import { lockProduct as lockProductRow } from '../products';
import { NewReview, NewReviewOfProduct, Review, ReviewChanges } from './schemas';
import { reviewJson } from './serialize';

/** Reviews (API.md §5.7, §6.1), both at /reviews and nested under /products/:productId/reviews. */

const ALREADY_REVIEWED = 'You already added review on this product';
const reviewRules = () =>
  rules().required('Review required').string('Review required').maxLength(1000, 'Too long review');
const ratingRules = () =>
  rules()
    .required('Review required')
    .number((n) => n >= 1 && n <= 5, 'Rating min value 1.0 and max 5.0');
/** Locks the product row so concurrent review changes recompute its ratings one after another. */
async function lockProduct(tx: Queryable, productId: string) {
  if (!(await lockProductRow(tx, productId))) throw notFound(`No document for this id ${productId}`);
}

export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tags = ['reviews'];
  const one = { 200: DataOnly(Review) };
  const productChecks = checks({ params: idRules('productId') });
  const idChecks = checks({ params: idRules('id') });
  const params = (request: FastifyRequest) => request.params as { productId?: string; id?: string };
  /** The path's product id when the route is nested, validated. */
  const pathProduct = (request: FastifyRequest) =>
    params(request).productId === undefined ? undefined : validateIdParam(request.params, 'productId');

  const list = async (request: FastifyRequest) => {
    const productId = pathProduct(request);
    const base = productId ? ['r.product_id = $1'] : [];
    const q = buildListQuery(request.query as Record<string, unknown>, listSpec, base, productId ? [productId] : []);
    const { rows, total } = await listReviews(ctx.db, q);
    return listResponse(rows.map(reviewJson), total, q);
  };
  app.get(
    '/reviews',
    {
      schema: { tags, summary: 'List reviews', querystring: ListQuery, response: { 200: List(Review) } },
      config: { listSpec },
    },
    list,
  );
  app.get(
    '/products/:productId/reviews',
    {
      schema: {
        tags,
        summary: "List a product's reviews",
        params: IdParams('productId'),
        querystring: ListQuery,
        response: { 200: List(Review) },
      },
      preValidation: productChecks,
      config: { listSpec },
    },
    list,
  );

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
  app.get(
    '/reviews/:id',
    { schema: { tags, summary: 'One review', params: IdParams('id'), response: one }, preValidation: idChecks },
    getOne,
  );
  app.get(
    '/products/:productId/reviews/:id',
    {
      schema: { tags, summary: 'One review of the product', params: IdParams('productId', 'id'), response: one },
      preValidation: [productChecks, idChecks],
    },
    getOne,
  );

  /** The rules of a create (preValidation, after the author's token and the path's product id). */
  const createRules = (request: FastifyRequest) => {
    const user = currentUser(request);
    const nestedProduct = pathProduct(request);
    const productId = nestedProduct ?? bodyOf(request)?.product;
    const schema: Record<string, Rules> = {
      review: reviewRules().check(
        async () => !isId(productId) || !(await hasReviewed(ctx.db, user.id, productId as string)),
        ALREADY_REVIEWED,
      ),
      rating: ratingRules(),
    };
    if (nestedProduct === undefined) schema.product = rules().id('Invalid Product Id formate');
    return schema;
  };
  const createChecks: preValidationAsyncHookHandler = async (request) =>
    validate('body', bodyOf(request), createRules(request));

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const body = bodyOf(request);
    const productId = pathProduct(request) ?? body.product;

    // Two simultaneous posts: the unique (user, product) constraint decides.
    const row = await onUniqueViolation(
      () =>
        ctx.db.tx(async (tx) => {
          await lockProduct(tx, productId as string);
          const id = await insertReview(tx, user.id, productId as string, {
            review: text(body.review),
            rating: toNumber(body.rating),
          });
          await recomputeRatings(tx, productId as string);
          return findReviewById(tx, id);
        }),
      () => new ValidationError([fieldError('body', 'review', ALREADY_REVIEWED, body.review)]),
    );
    return reply.status(201).send({ data: reviewJson(row!) });
  };
  const authorOnly = requireAuth(ctx, 'user');
  const created = { 201: DataOnly(Review) };
  app.post(
    '/reviews',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Review a product (customers, once per product)',
        body: NewReview,
        response: created,
      },
      preValidation: [authorOnly, createChecks],
    },
    create,
  );
  app.post(
    '/products/:productId/reviews',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Review the product (customers, once per product)',
        params: IdParams('productId'),
        body: NewReviewOfProduct,
        response: created,
      },
      preValidation: [authorOnly, productChecks, createChecks],
    },
    create,
  );

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
  for (const nested of [false, true]) {
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: nested ? '/products/:productId/reviews/:id' : '/reviews/:id',
        schema: {
          tags,
          security: bearer,
          summary: 'Change your review (its author)',
          params: nested ? IdParams('productId', 'id') : IdParams('id'),
          body: ReviewChanges,
          response: one,
        },
        preValidation: nested ? [authorOnly, productChecks, idChecks] : [authorOnly, idChecks],
        handler: update,
      });
    }
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
  const removed = { 204: NoContent };
  const signedIn = requireAuth(ctx);
  app.delete(
    '/reviews/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a review (its author, or staff)',
        params: IdParams('id'),
        response: removed,
      },
      preValidation: [signedIn, idChecks],
    },
    remove,
  );
  app.delete(
    '/products/:productId/reviews/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a review of the product (its author, or staff)',
        params: IdParams('productId', 'id'),
        response: removed,
      },
      preValidation: [signedIn, productChecks, idChecks],
    },
    remove,
  );
}
