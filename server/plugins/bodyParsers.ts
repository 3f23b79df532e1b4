import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { HttpError } from '../lib/errors';

/**
 * JSON (an empty body counts as {}), urlencoded via qs; multipart only where a route opts in; any other
 * type 415 when a body is sent, while an empty body counts as {} whatever its Content-Type (API.md §0).
 */
export function registerBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => {
    if ((body as Buffer).length) return done(new HttpError(415, 'Unsupported Media Type'), undefined);
    done(null, {});
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '');
    if (!text.trim()) return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'Invalid JSON body'), undefined);
    }
    // No API body nests deeply; refusing it here keeps every later walk (validation, error echoes) shallow.
    if (nestedDeeperThan(parsed, MAX_BODY_DEPTH))
      return done(new HttpError(400, 'Request body is nested too deeply'), undefined);
    done(null, parsed);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, qs.parse(String(body ?? ''), { depth: 3, arrayLimit: 200 }));
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart)
      throw new HttpError(415, 'Unsupported Media Type');
    // Handlers read bodies as records (see bodyOf): a missing, empty or non-object body counts as {}.
    // Raw Buffers stay for the Stripe webhook, which checks the signature over the exact bytes.
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) request.body = {};
    // PostgreSQL text cannot hold NUL characters; refuse them up front instead of failing in the database. Multipart
    // text fields are read later, by the route (server/plugins/uploads.ts), which refuses them the same way.
    if (containsNul(request.query) || containsNul(request.body)) throw invalidCharacters();
  });
}

const MAX_BODY_DEPTH = 32;
const nestedDeeperThan = (value: unknown, levels: number): boolean =>
  value !== null &&
  typeof value === 'object' &&
  (levels === 0 || Object.values(value).some((v) => nestedDeeperThan(v, levels - 1)));

/** The answer to a NUL character (U+0000) anywhere in a query, a body or a multipart text field. */
export const invalidCharacters = () => new HttpError(400, 'Invalid characters in request');

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}
