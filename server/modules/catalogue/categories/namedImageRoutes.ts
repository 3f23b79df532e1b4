import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TObject } from 'typebox';
import { imageBase } from '../../../context';
import { appAnswerCache } from '../../../lib/answerCache';
import { IdParams, checkFields } from '../../../lib/fields';
import type { ImageBase } from '../../../lib/images';
import { DataOnly, List, NoContent, bearer, formBody } from '../../../lib/schemas';
import { currentUser, requireAuth } from '../../../plugins/auth';
import { readForm } from '../../../plugins/uploads';
import { CATALOGUE_TABLES } from '../products/repository';
import { NAMED_IMAGE_LIST, type NamedImageRow } from './repository';
import { NamedImage, NamedImageListItem } from '../../../../common/contract/catalogue';
import { CountedListQuery, namedImageFields, type NamedImageJson } from './schemas';
import { namedImageService, type NamedImageKind } from './service';

export { INVALID_IMAGE_URL } from './schemas';

/** Categories and brands share their five operations and rules (API.md §5.3, §5.5); only names and texts differ. */
export interface NamedImageResource extends NamedImageKind {
  tooLongMessage: string;
  toJson: (row: NamedImageRow, base: ImageBase) => NamedImageJson;
}

export function registerNamedImageRoutes(instance: FastifyInstance, resource: NamedImageResource) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const { table } = resource;
  const service = namedImageService(ctx, resource);
  const answers = appAnswerCache(app, CATALOGUE_TABLES, 1_000);
  const staff = requireAuth(ctx, 'manager', 'admin');
  const json = () => (row: NamedImageRow) => resource.toJson(row, imageBase(ctx));
  const { New, Changes } = namedImageFields(resource.tooLongMessage);
  const files = { image: { description: 'The image as a file (JPEG, PNG, WebP or GIF)' } };

  /** The form's fields, checked (the image file, if sent, stands in for an image URL), and its image file. */
  async function readNamedForm<S extends TObject>(request: FastifyRequest, fields: S) {
    const form = await readForm(request, { image: 1 });
    const file = form.files.image?.[0];
    return { input: await checkFields(request, 'body', fields, form.fields, { file }), file };
  }

  const tags = [table];
  const noun = table === 'categories' ? 'category' : 'brand';
  const Params = IdParams('id');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: `List ${table}`,
        querystring: CountedListQuery,
        response: { 200: List(NamedImageListItem) },
      },
      config: { listSpec: NAMED_IMAGE_LIST },
    },
    async (request) => {
      // The storefront's lists (without the admin's counts) keep their answers, as the product list does.
      const page = request.query.withCounts
        ? await service.page(request.query)
        : await answers.get(
            request.url,
            () => service.page(request.query),
            (found) => found.rows.length,
          );
      return service.list(page, request.query, json());
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: `One ${noun}`, params: Params, response: { 200: DataOnly(NamedImage) } },
    },
    async (request) => ({ data: json()(await service.find(request.params.id)) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: `Create a ${noun} (manager, admin)`,
        body: formBody(New, files),
        response: { 201: DataOnly(NamedImage) },
      },
      preValidation: staff,
      config: { multipart: true },
    },
    async (request, reply) => {
      const { input, file } = await readNamedForm(request, New);
      return reply.status(201).send({ data: json()(await service.create(currentUser(request), input, file)) });
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id',
      schema: {
        tags,
        security: bearer,
        summary: `Change a ${noun}'s name or image (manager, admin)`,
        params: Params,
        body: formBody(Changes, files),
        response: { 200: DataOnly(NamedImage) },
      },
      preValidation: staff,
      config: { multipart: true },
      handler: async (request) => {
        const { input, file } = await readNamedForm(request, Changes);
        return { data: json()(await service.update(currentUser(request), request.params.id, input, file)) };
      },
    });
  }

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: `Delete a ${noun} (admin)`,
        params: Params,
        response: { 204: NoContent },
      },
      preValidation: requireAuth(ctx, 'admin'),
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
