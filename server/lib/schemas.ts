/**
 * Route schemas: every `/api/v1` route declares what it reads (params, querystring, body) and each success answer.
 * They type the handlers (TypeBox type provider), fast-json-stringify writes the answers with them, and
 * @fastify/swagger publishes them as the OpenAPI document (`GET /api/v1/openapi.json`, readable at `/api/docs`).
 *
 * The convention, in a route module:
 *
 *   const ThingChanges = fields({
 *     name: field.text('3–50 characters').optional().minLength(3, 'must be at least 3 chars'),
 *     price: field.number({ description: 'EGP' }).optional().numeric('price must be a number'),
 *   });
 *   export async function thingRoutes(instance: FastifyInstance) {
 *     const app = instance.withTypeProvider<TypeBoxTypeProvider>();   // typed request.params / query / body
 *     app.put('/:id', {
 *       schema: { tags: ['things'], summary: 'Update a thing', params: IdParams('id'), body: ThingChanges, response: { 200: Success(Thing) } },
 *       preValidation: requireAuth(ctx, 'admin'),   // auth first: 401/403 before any 400
 *     }, async (request) => { const { id } = request.params; const { name, price } = request.body; ... });
 *   }
 *
 * 1. Input is declared once, with `fields()` (server/lib/fields.ts): each field is its schema (documented as what it
 *    really is) and API.md's rules with their messages. The route's input check (server/plugins/input.ts) runs them
 *    after the route's own preValidation hooks (or where `checkInput` stands among them), params, then query, then
 *    body, and hands the handler checked, normalised input: text trimmed, numbers as numbers (also from text and
 *    Arabic-Indic digits), optional fields sent as null left out. Handlers never read raw input or re-run rules.
 *    Ajv does not see these schemas, and a request schema not made of fields stops the start.
 * 2. A body that must wait (a 404 or 403 first, a rate limit, the stored row the rules compare with) is checked in the
 *    handler: `config: { bodyCheckedByHandler: true }` and `const body = await checkBody(request, extra)`.
 * 3. Multipart routes (category, brand and product create/update): the handler reads the parts (server/plugins/uploads.ts)
 *    and checks them with `checkFields(request, 'body', Fields, data, { file })`; `formBody(Fields, files)` documents
 *    the same fields for JSON, urlencoded and multipart/form-data.
 * 4. List routes: `querystring: ListQuery` (page, limit, sort, fields, keyword, and any filter; a route's own parameters
 *    with `fields({ ...ListQueryFields, … }, { additionalProperties: true })`), read by `buildListQuery`, and
 *    `200: List(Item)`.
 * 5. Responses: fast-json-stringify DROPS every property a response schema does not name, so model each answer fully
 *    (read the module's serialize.ts and API.md). Optional fields are `Type.Optional` (API.md leaves absent values out);
 *    a field that may be null needs `Nullable(...)`, or it is written as "" / 0. Declare success answers only: the
 *    OpenAPI document adds the error shapes (ERROR_RESPONSES) to every route.
 */
import { Type, type TObject, type TSchema } from 'typebox';
import { field, fields, withFields } from './fields';
import { MAX_LIMIT } from './listQuery';
import { toInteger } from './validate';

export { Type };

// ————— Requests —————

/** `page`/`limit` as sent: a whole decimal number ≥ 1, else left out (its default). */
const wholeFromOne = (value: unknown) => {
  const n = toInteger(value);
  return n !== undefined && n >= 1 ? n : undefined;
};

/** Text exactly as sent (not trimmed); anything else is left out. */
export const textAsSent = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The parameters of a List route (API.md §2), as fields to extend (`fields({ ...ListQueryFields, search }, …)`), read
 * as leniently as API.md says: `page=`, `limit=undefined` or `page=abc` count as not sent (the list reader,
 * server/lib/listQuery.ts, gives their defaults and refuses a page too deep).
 */
export const ListQueryFields = {
  page: field
    .integer({ minimum: 1, description: 'Page number, an integer from 1 (default 1; anything else counts as 1)' })
    .optional()
    .reading(wholeFromOne),
  limit: field
    .integer({ minimum: 1, maximum: MAX_LIMIT, description: 'Page size, 1–100 (default 50; more counts as 100)' })
    .optional()
    .reading((v) => {
      const n = wholeFromOne(v);
      return n === undefined ? undefined : Math.min(n, MAX_LIMIT);
    }),
  sort: field.text('Comma-separated fields, `-field` for descending (default `-createdAt`)').optional(),
  fields: field.text('Comma-separated projection, or `-field` exclusions').optional(),
  // As sent: the list reader trims and folds it (the products' word search keeps what the shopper typed).
  keyword: field
    .text('Case-insensitive search, Arabic letters folded; fewer than 2 letters are ignored')
    .optional()
    .reading(textAsSent),
};
export const LIST_FILTERS =
  'Any other parameter filters a field: `field=value`, `field[gte|gt|lte|lt]=value`, `field[in][]=a&field[in][]=b`.';

/**
 * The query of a List route (API.md §2): the parameters above, and every other parameter a filter, passed on as sent:
 * the route's ListSpec says which fields filter and what their values must be (buildListQuery answers 400 for a value
 * its column cannot hold).
 */
export const ListQuery = fields(ListQueryFields, { description: LIST_FILTERS, additionalProperties: true });

/**
 * The body of a multipart create/update route (see 3. above): its fields (made with `fields()`), documented for JSON,
 * urlencoded and multipart/form-data; `files` adds the file parts to the multipart form. The handler reads the parts
 * and checks them against the same fields (`checkFields(request, 'body', Fields, data, { files })`).
 */
export function formBody(body: TObject, files: Record<string, { description: string; many?: boolean }> = {}) {
  const multipart = withFields(
    body,
    Object.fromEntries(Object.entries(files).map(([name, f]) => [name, field.file(f.description, f.many)])),
  );
  return {
    content: {
      'application/json': { schema: body },
      'application/x-www-form-urlencoded': { schema: body },
      'multipart/form-data': { schema: multipart },
    },
  };
}

// ————— Answers —————

/** A value that may be null in the answer (without it fast-json-stringify writes null as "" or 0). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO 8601 UTC with milliseconds. */
export const DateTime = (options: { description?: string } = {}) => Type.String({ format: 'date-time', ...options });
/** An absolute URL (every image field, API.md §0). */
export const Url = (options: { description?: string } = {}) => Type.String({ description: 'Absolute URL', ...options });

/** `createdAt` and `updatedAt` of every stored entity. */
export const Timestamps = { createdAt: DateTime(), updatedAt: DateTime() };

/** `{status: 'success', data}` */
export const Success = <T extends TSchema>(data: T) => Type.Object({ status: Type.Literal('success'), data });
/** `{data}` (API.md: "unless stated, success objects are wrapped as {data}") */
export const DataOnly = <T extends TSchema>(data: T) => Type.Object({ data });
/** `{status: 'success', message}` */
export const Message = Type.Object({ status: Type.Literal('success'), message: Type.String() });

export const PaginationResult = Type.Object({
  currentPage: Type.Integer(),
  limit: Type.Integer(),
  numberOfPages: Type.Integer(),
  nextPage: Type.Optional(Type.Integer()),
  prevPage: Type.Optional(Type.Integer()),
});

/**
 * A List answer (API.md §2): `{results, paginationResult, data}`. Pass the full item; its fields become optional
 * here, because `fields=` may narrow every item (only `_id` is always there).
 */
export const List = <T extends TObject>(item: T) =>
  Type.Object({
    results: Type.Integer(),
    resultsCapped: Type.Optional(
      Type.Literal(true, {
        description: 'Ours: more match than `results`, the most this list counts (orders: 1,000)',
      }),
    ),
    paginationResult: PaginationResult,
    data: Type.Array(Type.Partial(item)),
  });

/** 204 No Content. */
export const NoContent = Type.Null({ description: 'No content' });

// ————— Entities answered by several modules (API.md §1) —————

/** A product (products/serialize.ts `productJson`): category and brand as ids, images as absolute URLs, money in EGP. */
export const Product = Type.Object({
  _id: Type.String(),
  id: Type.String({ description: 'Equal to _id (kept for parity)' }),
  sku: Type.Optional(Type.String({ description: "The owner's stock-keeping code, when it has one (ours)" })),
  title: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  quantity: Type.Integer({ description: 'Stock' }),
  sold: Type.Integer(),
  price: Type.Number(),
  priceAfterDiscount: Type.Optional(Type.Number({ description: 'Below 1 means no discount' })),
  availableColors: Type.Array(Type.String()),
  imageCover: Type.Optional(Url({ description: 'Absolute URL (left out only if none is stored)' })),
  images: Type.Array(Url()),
  category: Type.String({ description: 'Category id' }),
  subcategory: Type.Array(Type.String(), { description: 'Subcategory ids' }),
  brand: Type.Optional(Type.String({ description: 'Brand id' })),
  ratingsAverage: Type.Number(),
  ratingsQuantity: Type.Integer(),
  ...Timestamps,
});

const NamedRef = Type.Object({ _id: Type.Optional(Type.String()), name: Type.Optional(Type.String()) });

/**
 * A product inside a cart line or an order item (API.md §1 ProductRef); order items keep a snapshot taken when the
 * order was made, so fields an old snapshot lacks are left out.
 */
export const ProductRef = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  imageCover: Type.Optional(Url()),
  ratingsAverage: Type.Optional(Type.Number()),
  ratingsQuantity: Type.Optional(Type.Integer()),
  category: Type.Optional(NamedRef),
  brand: Type.Optional(NamedRef),
});

/** The customer of an order (API.md §1 UserRef), live or from the order's snapshot. */
export const UserRef = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.Optional(Type.String()),
  profileImg: Type.Optional(Url()),
});

/** Security requirement of the routes that need a token. */
export const bearer = [{ bearerAuth: [] }];

// ————— Errors (API.md §3.1) —————

export const FieldErrorSchema = Type.Object({
  type: Type.Literal('field'),
  value: Type.Optional(Type.Unknown({ description: 'The input, echoed (never for passwords and reset codes)' })),
  msg: Type.String(),
  path: Type.String(),
  param: Type.String(),
  location: Type.Union([Type.Literal('body'), Type.Literal('query'), Type.Literal('params')]),
});

/** A validation error: `{errors: [{type, value?, msg, path, param, location}]}`. */
export const ValidationErrorBody = Type.Object(
  { errors: Type.Array(FieldErrorSchema) },
  { description: 'Validation error' },
);

/** Every other error: `{status: 'fail' | 'error', message}` (a few 409s add the refreshed object). */
export const FailBody = Type.Object(
  { status: Type.Union([Type.Literal('fail'), Type.Literal('error')]), message: Type.String() },
  { additionalProperties: true, description: 'Error' },
);

/**
 * The error answers every route may give. They are added to each operation of the OpenAPI document when it is made
 * (server/plugins/apiDocs.ts), not to the route schemas: errors are written by the error handler in these shapes already, and
 * serializers for them on every route would only cost start-up time.
 */
export const ERROR_RESPONSES = {
  '4xx': Type.Union([ValidationErrorBody, FailBody], {
    description: 'Client error (validation errors list each field; others give a message)',
  }),
  '5xx': FailBody,
};

export type { TObject, TSchema };
