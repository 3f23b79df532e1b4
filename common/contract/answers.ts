/**
 * The contract both sides read (API.md §1–§3): TypeBox schemas of what the API answers. The server uses them as its
 * routes' response schemas (fast-json-stringify writes the answers with them, the OpenAPI document publishes them);
 * the web app derives its types from them with `import type` and `Static<typeof …>` (src/api/types.ts), so no schema
 * code reaches the browser and a change here breaks the web app's compile where it matters.
 *
 * This file: the wrappers and building blocks every area's answers use, and the error shapes.
 */
import { Type, type TObject, type TSchema } from 'typebox';

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

// ————— Errors (API.md §3.1) —————

export const FieldErrorSchema = Type.Object({
  type: Type.Literal('field'),
  value: Type.Optional(Type.Unknown({ description: 'The input, echoed (never for passwords and reset codes)' })),
  msg: Type.String(),
  path: Type.String(),
  param: Type.String(),
  location: Type.Union([Type.Literal('body'), Type.Literal('query'), Type.Literal('params')]),
  code: Type.Optional(
    Type.String({
      description: 'A stable name of the message (ours, common/contract/errorCodes.ts), e.g. governorate_unknown',
    }),
  ),
});

/** A validation error: `{errors: [{type, value?, msg, path, param, location}]}`. */
export const ValidationErrorBody = Type.Object(
  { errors: Type.Array(FieldErrorSchema) },
  { description: 'Validation error' },
);

/** Every other error: `{status: 'fail' | 'error', message, code?}` (a few 409s add the refreshed object). */
export const FailBody = Type.Object(
  {
    status: Type.Union([Type.Literal('fail'), Type.Literal('error')]),
    message: Type.String(),
    code: Type.Optional(
      Type.String({
        description: 'A stable name of the message (ours, common/contract/errorCodes.ts), e.g. coupon_invalid',
      }),
    ),
  },
  { additionalProperties: true, description: 'Error' },
);
