import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ValidationError, failBody, fieldError } from '../../../lib/errors';
import { checkFields, field, fields } from '../../../lib/fields';
import { Type, DataOnly, ListQueryFields, bearer, formBody, textAsSent } from '../../../lib/schemas';
import { currentUser, requireAuth } from '../../../plugins/auth';
import { readMultipart } from '../../../plugins/uploads';
import { bodyOf } from '../../../context';
import { readZip, type ZipFiles } from '../../../lib/zip';
import { IMPORT_MAX_BYTES, ImportRefused, sheetText } from './catalogueImport';
import { applyImport, catalogueCsv, previewImport } from './service';

/**
 * The owner's catalogue in bulk (README, API notes), beside the product routes under `/products`: the sheet as CSV
 * (the admin list's filters), and a sheet of the same columns previewed and applied all or nothing.
 */

/** The admin list's query (GET /products): its filters pick the products, its sort orders them; no page. */
const ExportQuery = fields(
  {
    keyword: ListQueryFields.keyword.describe('Words of the title or description, as the list matches them'),
    sku: field.text("The owner's code, matched whole").optional().reading(textAsSent),
    sort: ListQueryFields.sort.describe('As GET /products (default newest first)'),
  },
  {
    description:
      'The filters of GET /products: `category`, `brand`, `quantity[lte]=5`, `price[gte]=…`…; `page` and `limit` are ignored',
    additionalProperties: true,
  },
);

const ImportFields = fields({
  createMissing: field
    .boolean('Create the categories, subcategories and brands the sheet names that the shop lacks (default false)')
    .optional({ emptyIsAbsent: true })
    .check((v) => v === true || v === false || v === 'true' || v === 'false', 'createMissing must be true or false'),
  csv: field
    .custom(Type.String({ description: 'The sheet as text (JSON or form bodies), instead of a file' }), (v) => v)
    .optional()
    .check((v) => typeof v === 'string', 'csv must be text'),
});
const IMPORT_FILES = {
  file: { description: 'The sheet: CSV, UTF-8 (with or without BOM), at most 50 MB' },
  images: {
    description: "Optional ZIP of new products' images, named in their `images` cells by file name (at most 50 MB)",
  },
};

const Refusal = Type.Object({
  line: Type.Integer({ description: "The sheet's row as a spreadsheet numbers it (the heading is row 1)" }),
  column: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String({ description: 'Arabic' }),
  message: Type.String({ description: '`السطر 14: السعر ليس رقماً`' }),
});
const Row = {
  line: Type.Integer(),
  id: Type.Optional(Type.String()),
  sku: Type.Optional(Type.String()),
  title: Type.String(),
};
const ImportPlanSchema = Type.Object({
  counts: Type.Object({
    rows: Type.Integer({ description: 'Product rows (blank rows are skipped)' }),
    create: Type.Integer(),
    update: Type.Integer(),
    unchanged: Type.Integer(),
    refused: Type.Integer({ description: 'Rows refused (a row may have several refusals)' }),
  }),
  create: Type.Array(Type.Object(Row)),
  update: Type.Array(
    Type.Object({ ...Row, id: Type.String(), changes: Type.Array(Type.String(), { description: 'Sheet columns' }) }),
  ),
  refused: Type.Array(Refusal),
  newNames: Type.Object({
    categories: Type.Array(Type.String()),
    subcategories: Type.Array(Type.String()),
    brands: Type.Array(Type.String()),
  }),
  ignoredColumns: Type.Array(Type.String()),
});

export async function catalogueRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');
  const tags = ['products'];

  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The catalogue, or the products the list filters pick, as CSV (manager, admin)',
        querystring: ExportQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV: UTF-8 with a byte-order mark, RFC 4180' }) },
      },
      preValidation: staff,
    },
    async (request, reply) => {
      const stream = await catalogueCsv(ctx.db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      // Written as it is read, a page at a time: no serializer (reply untyped).
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .send(stream);
    },
  );

  /** The sheet's text and the flag, from a multipart form (`file`) or a JSON/urlencoded body (`csv`). */
  async function readImport(request: FastifyRequest) {
    let data: Record<string, unknown>;
    let file: Buffer | undefined;
    let zip: ZipFiles | undefined;
    if (request.isMultipart()) {
      const form = await readMultipart(request, { file: 1, images: 1 }, IMPORT_MAX_BYTES);
      data = form.fields;
      file = form.files.file?.[0];
      const archive = form.files.images?.[0];
      if (archive) zip = readZip(archive, ctx.config.uploadMaxBytes);
    } else data = bodyOf(request);
    const body = await checkFields(request, 'body', ImportFields, data);
    const text = file ? sheetText(file) : body.csv;
    if (text === undefined || text.trim() === '')
      throw new ValidationError([fieldError('body', 'file', 'أرفق ملف CSV للمنتجات')]);
    return { text, createMissing: body.createMissing === true, zip };
  }

  const importRoute = (summary: string) => ({
    schema: {
      tags,
      security: bearer,
      summary,
      body: formBody(ImportFields, IMPORT_FILES),
      response: { 200: DataOnly(ImportPlanSchema) },
    },
    preValidation: staff,
    config: { multipart: true },
  });

  app.post(
    '/import/preview',
    importRoute('What a catalogue sheet would create, update and refuse; nothing is written (manager, admin)'),
    async (request) => {
      const { text, createMissing, zip } = await readImport(request);
      return { data: await previewImport(ctx.db, text, createMissing, zip) };
    },
  );

  app.post(
    '/import/apply',
    importRoute('Applies a catalogue sheet in one transaction, or nothing when any row is refused (manager, admin)'),
    async (request, reply) => {
      const { text, createMissing, zip } = await readImport(request);
      try {
        return { data: await applyImport(ctx, currentUser(request), text, createMissing, zip) };
      } catch (err) {
        if (!(err instanceof ImportRefused)) throw err;
        // API.md's fail shape, with the plan that names the refused rows (no 400 schema: other 400s keep theirs).
        return (reply as FastifyReply).status(400).send(failBody(400, err.message, { data: err.plan }));
      }
    },
  );
}
