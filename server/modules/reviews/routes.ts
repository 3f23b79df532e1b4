import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams } from '../../lib/fields';
import { DataOnly, List, ListQuery, NoContent, bearer } from '../../lib/schemas';
import { checkBody } from '../../plugins/input';
import { currentUser, requireAuth } from '../../plugins/auth';
import { Review } from '../../../common/contract/catalogue';
import { NewReview, NewReviewOfProduct, ReviewChanges } from './schemas';
import { reviewJson } from './serialize';
import {
  REVIEW_LIST as listSpec,
  changeReview,
  createReview,
  ownReview,
  readReview,
  removeReview,
  reviewPage,
} from './service';

/** Reviews (API.md §5.7, §6.1), both at /reviews and nested under /products/:productId/reviews. */

const ProductParams = IdParams('productId');
const ReviewParams = IdParams('id');
const ProductReviewParams = IdParams('productId', 'id');
/** Each route at /reviews, and nested under the product that the path names. */
const PLACES = [
  { nested: false, url: '/reviews', params: ReviewParams },
  { nested: true, url: '/products/:productId/reviews', params: ProductReviewParams },
] as const;

export async function reviewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const tags = ['reviews'];
  const one = { 200: DataOnly(Review) };
  const authorOnly = requireAuth(ctx, 'user');
  const signedIn = requireAuth(ctx);

  app.get(
    '/reviews',
    {
      schema: { tags, summary: 'List reviews', querystring: ListQuery, response: { 200: List(Review) } },
      config: { listSpec },
    },
    async (request) => reviewPage(ctx.db, request.query),
  );
  app.get(
    '/products/:productId/reviews',
    {
      schema: {
        tags,
        summary: "List a product's reviews",
        params: ProductParams,
        querystring: ListQuery,
        response: { 200: List(Review) },
      },
      config: { listSpec },
    },
    async (request) => reviewPage(ctx.db, request.query, request.params.productId),
  );

  app.post(
    '/reviews',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Review a product (customers, once per product)',
        body: NewReview,
        response: { 201: DataOnly(Review) },
      },
      preValidation: authorOnly,
    },
    async (request, reply) => {
      const { product, ...input } = request.body;
      const row = await createReview(ctx.db, currentUser(request).id, product, input);
      return reply.status(201).send({ data: reviewJson(row) });
    },
  );
  app.post(
    '/products/:productId/reviews',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Review the product (customers, once per product)',
        params: ProductParams,
        body: NewReviewOfProduct,
        response: { 201: DataOnly(Review) },
      },
      preValidation: authorOnly,
    },
    async (request, reply) => {
      const row = await createReview(ctx.db, currentUser(request).id, request.params.productId, request.body);
      return reply.status(201).send({ data: reviewJson(row) });
    },
  );

  for (const { nested, url, params } of PLACES) {
    app.get(
      `${url}/:id`,
      {
        schema: { tags, summary: nested ? 'One review of the product' : 'One review', params, response: one },
      },
      async (request) => ({ data: reviewJson(await readReview(ctx.db, request.params)) }),
    );

    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: `${url}/:id`,
        schema: {
          tags,
          security: bearer,
          summary: 'Change your review (its author)',
          params,
          body: ReviewChanges,
          response: one,
        },
        preValidation: authorOnly,
        // The review is found and is the caller's (404, 403) before its changes are checked.
        config: { bodyCheckedByHandler: true },
        handler: async (request) => {
          const row = await ownReview(ctx.db, currentUser(request), request.params);
          return { data: reviewJson(await changeReview(ctx.db, row, await checkBody(request))) };
        },
      });
    }

    app.delete(
      `${url}/:id`,
      {
        schema: {
          tags,
          security: bearer,
          summary: nested
            ? 'Delete a review of the product (its author, or staff)'
            : 'Delete a review (its author, or staff)',
          params,
          response: { 204: NoContent },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        await removeReview(ctx.db, currentUser(request), request.params);
        return reply.status(204).send(null);
      },
    );
  }
}
