import type { FastifyInstance } from 'fastify';

/** Error messages the test apps answered without a code, as `<status> <message>` (tests/server/setup.ts fails on them). */
export const uncodedErrors: string[] = [];

/** Notes every error answer of `app` whose message, or one of whose field errors, carries no `code`. */
export function noteUncodedErrors(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !/json/.test(String(reply.getHeader('content-type'))))
      return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const { message, code, errors } = (body ?? {}) as { message?: unknown; code?: unknown; errors?: unknown };
    if (typeof message === 'string' && code === undefined) uncodedErrors.push(`${reply.statusCode} ${message}`);
    if (Array.isArray(errors))
      for (const error of errors as Array<{ msg?: unknown; code?: unknown }>)
        if (error.code === undefined) uncodedErrors.push(`${reply.statusCode} ${String(error.msg)}`);
    return payload;
  });
}
