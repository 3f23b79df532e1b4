import type { FastifyRequest } from 'fastify';
import { bodyOf } from '../context';
import { HttpError } from '../lib/errors';
import { containsNul, invalidCharacters } from './bodyParsers';

export interface MultipartBody {
  /** Text fields; a field sent more than once (or as `name[]`) becomes an array. */
  fields: Record<string, string | string[]>;
  /** Files by field name. */
  files: Record<string, Buffer[]>;
}

/**
 * Reads a multipart request, allowing at most `maxFiles[field]` files per listed field.
 * A file over the size limit → 413 'File too large'; an extra or unexpected file → 400;
 * a body that is not valid multipart (no boundary, cut off) → 400 'Invalid multipart body'.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxFiles: Record<string, number>,
  maxBytes: number,
): Promise<MultipartBody> {
  try {
    return await readParts(request, maxFiles, maxBytes);
  } catch (err) {
    // Our own answers and the plugin's limits (413) carry a status, the parser's errors do not; our bugs stay 500s.
    if (err instanceof HttpError || err instanceof TypeError || (err as { statusCode?: number }).statusCode) throw err;
    throw new HttpError(400, 'Invalid multipart body');
  }
}

async function readParts(
  request: FastifyRequest,
  maxFiles: Record<string, number>,
  maxBytes: number,
): Promise<MultipartBody> {
  // Field names come from the client: no prototype, so `__proto__` or `constructor` are plain (ignored) names.
  const body: MultipartBody = { fields: Object.create(null), files: Object.create(null) };
  const parts = request.parts({ limits: { fileSize: maxBytes, fields: 200, parts: 220 } });
  for await (const part of parts) {
    const name = (part.fieldname ?? '').replace(/\[\]$/, '');
    if (part.type === 'file') {
      const list = (body.files[name] ??= []);
      if (!Object.hasOwn(maxFiles, name) || list.length >= maxFiles[name]) {
        part.file.resume();
        throw new HttpError(400, `Too many files or unexpected file field: ${name}`);
      }
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'File too large');
        throw err;
      });
      if (data.length) list.push(data);
    } else {
      const value = String(part.value ?? '');
      if (containsNul(value)) throw invalidCharacters();
      const existing = body.fields[name];
      body.fields[name] =
        existing === undefined ? (part.fieldname?.endsWith('[]') ? [value] : value) : [...[existing].flat(), value];
    }
  }
  return body;
}

/**
 * The fields and files of a create/update request: multipart when the client sent it (files allowed
 * per `maxFiles`), otherwise the parsed JSON/urlencoded body with no files. A body that is not an
 * object (e.g. a JSON string) counts as {}.
 */
export async function readForm(
  request: FastifyRequest,
  maxFiles: Record<string, number>,
): Promise<{ fields: Record<string, unknown>; files: Record<string, Buffer[]> }> {
  if (request.isMultipart()) return readMultipart(request, maxFiles, request.server.ctx.config.uploadMaxBytes);
  return { fields: bodyOf(request), files: {} };
}
