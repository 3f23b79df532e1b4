import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TObject } from 'typebox';
import { imageBase } from '../../../context';
import { appAnswerCache } from '../../../lib/answerCache';
import { IdParams, checkFields } from '../../../lib/fields';
import { listResponse } from '../../../lib/listQuery';
import { Product, ProductList, ProductOptionValues, ProductWithReviews } from '../../../../common/contract/catalogue';
import { DataOnly, ListQuery, NoContent, bearer, formBody } from '../../../lib/schemas';
import { currentUser, requireAuth } from '../../../plugins/auth';
import { readForm } from '../../../plugins/uploads';
import { CATALOGUE_TABLES, PRODUCT_LIST as listSpec, PRODUCT_PAGE_TABLES, type StoredProductRow } from './repository';
import type { ProductNeighbours } from './neighbours';
import {
  NewProduct,
  PRODUCT_FILES_DOC,
  ProductChanges,
  VariantChanges,
  checkVariantForm,
  type ProductForm,
  type ProductFormExtra,
} from './schemas';
import { listOptionValues, listProductPage } from './search';
import {
  changeProduct,
  changeVariant,
  createProduct,
  productToChange,
  productWithReviews,
  removeProduct,
  type ProductFiles,
} from './service';
import { productJson } from './serialize';
import { suggestionRoutes } from './suggestions';

const PRODUCT_FILES = { imageCover: 1, images: 5 };

/**
 * The form of a create (stored undefined) or an update, checked in API.md §5.6's order after its parts are read (too
 * many files answer first), with its files.
 */
async function readProductForm<S extends TObject>(request: FastifyRequest, fields: S, stored?: StoredProductRow) {
  const form = await readForm(request, PRODUCT_FILES);
  const files: ProductFiles = { cover: form.files.imageCover?.[0], gallery: form.files.images ?? [] };
  const extra: ProductFormExtra = { ...files, stored };
  const input = await checkFields(request, 'body', fields, form.fields, { ...extra });
  const variants = await checkVariantForm(request.server.ctx, input as ProductForm, stored);
  return { input, variants, files };
}

/** The product routes, given what they need of the cart and reviews (see ProductNeighbours). */
export const productRoutes = (neighbours: ProductNeighbours) => (instance: FastifyInstance) =>
  registerProductRoutes(instance, neighbours);

async function registerProductRoutes(instance: FastifyInstance, neighbours: ProductNeighbours) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');
  const base = () => imageBase(ctx);
  const tags = ['products'];
  const Params = IdParams('id');
  const VariantParams = IdParams('id', 'variantId');
  // The same list, search or suggestions asked again costs the database nothing until the catalogue changes. At most
  // 5,000 rows are kept (a product row is 1–3 KB: 15 MB at most), the least recently asked answers going first.
  const answers = appAnswerCache(app, CATALOGUE_TABLES, 5_000);
  // A product's page (its row and newest reviews) the same way, for the products many visitors open.
  const pages = appAnswerCache(app, PRODUCT_PAGE_TABLES, 5_000);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List products; a keyword is matched by words, best matches first (README, API notes)',
        querystring: ListQuery,
        response: { 200: ProductList },
      },
      config: { listSpec },
    },
    async (request) => {
      const { q, rows, total, capped, correctedKeyword } = await answers.get(
        request.url,
        () => listProductPage(ctx.db, request.query),
        (page) => page.rows.length,
      );
      const list = listResponse(
        rows.map((r) => productJson(r, base())),
        total,
        q,
        capped,
      );
      return correctedKeyword === undefined ? list : { ...list, correctedKeyword };
    },
  );

  await app.register(suggestionRoutes, { answers });

  app.get(
    '/optionValues',
    {
      schema: {
        tags,
        summary:
          "The option values in stock among the products the listing's filters match (category, brand, keyword…), for the filter panel",
        querystring: ListQuery,
        response: { 200: ProductOptionValues },
      },
      config: { listSpec },
    },
    async (request) => ({
      data: await answers.get(
        request.url,
        () => listOptionValues(ctx.db, request.query),
        (names) => names.length,
      ),
    }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One product with its newest reviews',
        params: Params,
        response: { 200: DataOnly(ProductWithReviews) },
      },
    },
    async (request) => {
      const { row, reviews } = await pages.get(
        request.url,
        () => productWithReviews(ctx.db, request.params.id, neighbours.reviewsOf),
        (page) => 1 + page.reviews.length,
      );
      return { data: { ...productJson(row, base()), reviews } };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a product (manager, admin)',
        body: formBody(NewProduct, PRODUCT_FILES_DOC),
        response: { 201: DataOnly(Product) },
      },
      preValidation: staff,
      config: { multipart: true },
    },
    async (request, reply) => {
      const { input, variants, files } = await readProductForm(request, NewProduct);
      const row = await createProduct(ctx, currentUser(request), input, variants, files);
      return reply.status(201).send({ data: productJson(row, base()) });
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id',
      schema: {
        tags,
        security: bearer,
        summary: 'Change a product: the fields sent (manager, admin)',
        params: Params,
        body: formBody(ProductChanges, PRODUCT_FILES_DOC),
        response: { 200: DataOnly(Product) },
      },
      preValidation: staff,
      config: { multipart: true },
      handler: async (request) => {
        const stored = await productToChange(ctx.db, request.params.id);
        const { input, variants, files } = await readProductForm(request, ProductChanges, stored);
        return {
          data: productJson(await changeProduct(ctx, currentUser(request), stored, input, variants, files), base()),
        };
      },
    });
  }

  app.patch(
    '/:id/variants/:variantId',
    {
      schema: {
        tags,
        security: bearer,
        summary: "Change one variant's stock, price, SKU, barcode or image: the fields sent (manager, admin)",
        params: VariantParams,
        body: VariantChanges,
        response: { 200: DataOnly(Product) },
      },
      preValidation: staff,
    },
    async (request) => {
      const { id, variantId } = request.params;
      const row = await changeVariant(ctx, currentUser(request), id, variantId, request.body);
      return { data: productJson(row, base()) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a product; carts, wishlists and reviews lose it (admin)',
        params: Params,
        response: { 204: NoContent },
      },
      preValidation: requireAuth(ctx, 'admin'),
    },
    async (request, reply) => {
      await removeProduct(ctx, currentUser(request), request.params.id, neighbours.beforeDelete);
      return reply.status(204).send(null);
    },
  );
}
