import type { FastifyError, FastifyInstance, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { isDatabaseUnavailable, isStatementTimeout } from '../db';
import { HttpError, ValidationError, failBody, fieldError, type FieldError } from '../lib/errors';
import { StorageError } from '../storage';

/**
 * The one error handler: API.md section 3 shapes, 4xx for anything the client caused,
 * and 500 only for our own faults, without details. Each message goes with its stable `code` (failBody, fieldError).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError | ValidationError, request, reply) => {
    if (err instanceof ValidationError) {
      return reply.status(400).send({ errors: err.errors });
    }
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return reply.status(err.statusCode).send(failBody(err.statusCode, err.message));
    }
    const fastifyError = err as FastifyError;
    if (fastifyError.validation && fastifyError.validationContext !== 'headers') {
      return reply
        .status(400)
        .send({ errors: schemaErrors(request, fastifyError.validation, fastifyError.validationContext) });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(failBody(status, clientErrorMessage(fastifyError, status)));
    }
    if (isDatabaseUnavailable(err)) {
      // The database is down or dropped the connection: nothing of ours to fix, and a retry may succeed.
      request.log.warn(
        { err: { code: (err as { code?: string }).code, message: err.message } },
        'database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failBody(503, 'Service temporarily unavailable, please try again'));
    }
    if (isStatementTimeout(err)) {
      // A statement ran past PG_STATEMENT_TIMEOUT_MS and was cut off, so one costly request cannot hold the database.
      request.log.warn({ err: { code: '57014', message: err.message } }, 'statement timeout');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failBody(503, 'Service temporarily unavailable, please try again'));
    }
    if (err instanceof StorageError) {
      // The image store refused the write or did not answer; the route has stored nothing of the request.
      request.log.error({ err: { message: err.message } }, 'image storage unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failBody(503, 'Service temporarily unavailable, please try again'));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(failBody(500, 'Something went wrong, please try again later'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failBody(404, `Can't find this route: ${request.raw.url}`));
  });
}

const LOCATION = { body: 'body', querystring: 'query', params: 'params' } as const;

/**
 * What Ajv refused after the API.md rules passed (see server/lib/schemas.ts), in API.md's validation shape: one entry,
 * at the field's dotted path, with express-validator's default message (`Invalid ID formate` for path ids).
 */
function schemaErrors(
  request: FastifyRequest,
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): FieldError[] {
  const location = LOCATION[context as keyof typeof LOCATION] ?? 'body';
  const data = location === 'body' ? request.body : location === 'query' ? request.query : request.params;
  return errors.slice(0, 1).map((error) => {
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const missing = (error.params as { missingProperty?: string; additionalProperty?: string }) ?? {};
    const extra = missing.missingProperty ?? missing.additionalProperty;
    if (extra !== undefined) segments.push(extra);
    const path = segments.join('.') || (location === 'params' ? 'id' : location);
    const value = segments.reduce<unknown>(
      (obj, key) =>
        obj && typeof obj === 'object' && Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined,
      data,
    );
    return fieldError(location, path, location === 'params' ? 'Invalid ID formate' : 'Invalid value', value);
  });
}

function clientErrorMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Media Type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return status === 413 ? 'Request body is too large' : err.message;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Invalid JSON body';
    case 'FST_ERR_RATE_LIMIT':
      return 'Too many requests, please try again later';
  }
  if (status === 429) return 'Too many requests, please try again later';
  if (err instanceof SyntaxError || /JSON/.test(err.message)) return 'Invalid JSON body';
  return err.message;
}
