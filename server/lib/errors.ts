import { ERROR_MESSAGES, errorCodeOf } from '../../common/contract/errorCodes';

/** An error with an HTTP status that the error handler turns into API.md's `{status, message}` shape. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface FieldError {
  type: 'field';
  value?: unknown;
  msg: string;
  path: string;
  param: string;
  location: 'body' | 'query' | 'params';
  /**
   * A stable name of the message (README's API notes), for clients that word it themselves: the one given, else the
   * message's in common/contract/errorCodes.ts.
   */
  code?: string;
}

/** A 400 in express-validator style: `{errors: [{type, value, msg, path, param, location}]}`. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(public readonly errors: FieldError[]) {
    super(errors[0]?.msg ?? 'Validation error');
  }
}

/** Fields whose values are never echoed back in a validation error. */
const SECRET_FIELDS = new Set(['password', 'passwordConfirm', 'currentPassword', 'newPassword', 'resetCode']);

export function fieldError(
  location: FieldError['location'],
  path: string,
  msg: string,
  value?: unknown,
  code?: string,
): FieldError {
  const error: FieldError = { type: 'field', msg, path, param: path, location };
  if (value !== undefined && !SECRET_FIELDS.has(path.split('.').pop()!)) error.value = value;
  const named = code ?? errorCodeOf(msg, ERROR_MESSAGES);
  if (named) error.code = named;
  return error;
}

/**
 * API.md's `{status, message}` body of any other failure (`fail` for 4xx, `error` for 5xx), with the message's stable
 * `code` (common/contract/errorCodes.ts) beside it; `extra` adds what a few answers carry (an import's plan).
 */
export function failBody(statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  const code = errorCodeOf(message, ERROR_MESSAGES);
  return { status: statusCode >= 500 ? 'error' : 'fail', message, ...(code && { code }), ...extra };
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to perform this action') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** API.md's duplicate-name 400 (for a unique violation, see server/db/errors.ts). */
export function duplicateValue(value: string) {
  return new HttpError(400, `Duplicate field value: "${value}". Please use another value!`);
}
