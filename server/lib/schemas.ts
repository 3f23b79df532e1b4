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
 * 5. Responses: what the API answers is declared in common/contract/ (the web app derives its types from it), and
 *    routes take it from there. fast-json-stringify DROPS every property a response schema does not name, so model
 *    each answer fully (read the module's serialize.ts and API.md). Optional fields are `Type.Optional` (API.md leaves
 *    absent values out); a field that may be null needs `Nullable(...)`, or it is written as "" / 0. Declare success
 *    answers only: the OpenAPI document adds the error shapes (ERROR_RESPONSES) to every route.
 */
import { Type, type TObject, type TSchema } from 'typebox';
import {
  DataOnly,
  DateTime,
  FailBody,
  List,
  Message,
  NoContent,
  Nullable,
  Success,
  Timestamps,
  Url,
  ValidationErrorBody,
} from '../../common/contract/answers';
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
// The answers' wrappers and error shapes live with the entities in common/contract/ (the web app derives its types
// from them): routes take the wrappers from here.

export { DataOnly, DateTime, List, Message, NoContent, Nullable, Success, Timestamps, Url };

/** Security requirement of the routes that need a token. */
export const bearer = [{ bearerAuth: [] }];

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
