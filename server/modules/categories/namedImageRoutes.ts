import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../context';
import { onUniqueViolation, type Queryable } from '../../db';
import { slugify } from '../../lib/arabic';
import { duplicateValue, notFound } from '../../lib/errors';
import { isAbsoluteImageUrl, removeImage, storeImage, type ImageBase } from '../../lib/images';
import { buildListQuery, listResponse } from '../../lib/listQuery';
import { wantsProductCounts, withProductCounts } from '../products';
import { DataOnly, IdParams, List, NoContent, bearer, checks, formBody, idRules } from '../../lib/schemas';
import { rules, text, validate } from '../../lib/validate';
import { aliasRules, aliasesOf } from '../../lib/aliases';
import { requireAuth } from '../../plugins/auth';
import { readForm } from '../../plugins/uploads';
import type { ImageKind } from '../../storage';
import { CountedListQuery, NamedImage, NamedImageFields, NamedImageListItem, type NamedImageJson } from './schemas';
import { NAMED_IMAGE_LIST as listSpec, type NamedImageRepository, type NamedImageRow } from './repository';

export const INVALID_IMAGE_URL = 'image must be an absolute http(s) URL';

/** Categories and brands share their five operations and rules (API.md §5.3, §5.5); only names and texts differ. */
export interface NamedImageResource {
  table: 'categories' | 'brands';
  repository: NamedImageRepository;
  kind: ImageKind;
  tooLongMessage: string;
  toJson: (row: NamedImageRow, base: ImageBase) => NamedImageJson;
  /** Runs inside the delete transaction after the row is locked; throws to refuse. */
  beforeDelete?: (tx: Queryable, id: string) => Promise<void>;
  /** Maps a database error raised by the delete (e.g. a foreign key) to an answer; rethrows otherwise. */
  deleteError?: (err: unknown) => never;
}

export function registerNamedImageRoutes(instance: FastifyInstance, resource: NamedImageResource) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const { table, kind, repository } = resource;
  const staff = requireAuth(ctx, 'manager', 'admin');
  const json = (request: FastifyRequest, row: NamedImageRow) => resource.toJson(row, imageBase(request, ctx));

  /** Validates name and image (file or URL) and stores an uploaded file; the caller removes it if the write fails. */
  async function readNamedForm(request: FastifyRequest, creating: boolean) {
    const { fields, files } = await readForm(request, { image: 1 });
    const file = files.image?.[0];
    const name = rules().minLength(3, 'must be at least 3 chars').maxLength(32, resource.tooLongMessage);
    await validate('body', fields, {
      name: creating ? name : name.optional(),
      image: rules()
        .optional({ emptyIsAbsent: true })
        .check((v) => file !== undefined || isAbsoluteImageUrl(v), INVALID_IMAGE_URL),
      aliases: aliasRules(),
    });
    const image = file ? await storeImage(ctx.storage, kind, file) : text(fields.image) || undefined;
    return { name: text(fields.name), image, aliases: aliasesOf(fields.aliases), uploaded: file ? image : undefined };
  }

  /** Runs a write; a duplicate name becomes API.md's 400 and a freshly stored file is removed again. */
  async function write<T>(name: string | undefined, uploaded: string | undefined, fn: () => Promise<T>) {
    try {
      return await onUniqueViolation(fn, () => duplicateValue(name ?? ''));
    } catch (err) {
      await removeImage(ctx.storage, kind, uploaded);
      throw err;
    }
  }

  const tags = [table];
  const noun = table === 'categories' ? 'category' : 'brand';
  const Params = IdParams('id');
  const idChecks = checks({ params: idRules('id') });
  const body = formBody(NamedImageFields, { image: { description: 'The image as a file (JPEG, PNG, WebP or GIF)' } });

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: `List ${table}`,
        querystring: CountedListQuery,
        response: { 200: List(NamedImageListItem) },
      },
      config: { listSpec },
    },
    async (request) => {
      const q = buildListQuery(request.query as Record<string, unknown>, listSpec);
      const { rows, total: count } = await repository.list(ctx.db, q);
      const objects = rows.map((r) => json(request, r));
      return listResponse(
        wantsProductCounts(request.query) ? await withProductCounts(ctx.db, table, objects) : objects,
        count,
        q,
      );
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags, summary: `One ${noun}`, params: Params, response: { 200: DataOnly(NamedImage) } },
      preValidation: idChecks,
    },
    async (request) => {
      const { id } = request.params;
      const row = await repository.find(ctx.db, id);
      if (!row) throw notFound(`No document for this id ${id}`);
      return { data: json(request, row) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: `Create a ${noun} (manager, admin)`,
        body,
        response: { 201: DataOnly(NamedImage) },
      },
      preValidation: staff,
      config: { multipart: true },
    },
    async (request, reply) => {
      const { name, image, aliases, uploaded } = await readNamedForm(request, true);
      const row = await write(name, uploaded, () =>
        repository.insert(ctx.db, { name: name!, slug: slugify(name!), image: image ?? null, aliases }),
      );
      return reply.status(201).send({ data: json(request, row) });
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
        body,
        response: { 200: DataOnly(NamedImage) },
      },
      preValidation: [staff, idChecks],
      config: { multipart: true },
      handler: async (request) => {
        const { id } = request.params;
        const { name, image, aliases, uploaded } = await readNamedForm(request, false);
        const result = await write(name, uploaded, () =>
          repository.update(ctx.db, id, { name, slug: name ? slugify(name) : undefined, image, aliases }),
        );
        if (!result) {
          await removeImage(ctx.storage, kind, uploaded);
          throw notFound(`No document found for this id: ${id}`);
        }
        // The replaced file goes only after the new one is committed.
        if (image !== undefined && result.previous_image !== image)
          await removeImage(ctx.storage, kind, result.previous_image);
        return { data: json(request, result) };
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
      preValidation: [requireAuth(ctx, 'admin'), idChecks],
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await repository
        .delete(ctx.db, id, resource.beforeDelete)
        .catch(resource.deleteError ?? ((err) => Promise.reject(err)));
      if (!removed) throw notFound(`No document found for this id: ${id}`);
      await removeImage(ctx.storage, kind, removed.image);
      return reply.status(204).send(null);
    },
  );
}
