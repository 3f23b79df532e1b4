import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteOptions,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { TObject } from 'typebox';
import { checkFields, isFieldsObject } from '../lib/fields';

/**
 * Every route's input is checked against its own schema's field declarations (server/lib/fields.ts): params, then the
 * query, then the body, each part answering API.md's 400 on its own, and the handler then reads `request.params`,
 * `.query` and `.body` as the schemas type them (normalised). The check runs as the route's last preValidation hook,
 * after auth (401/403 before any 400), or where the route puts `checkInput` among its hooks. A multipart route, or
 * one with `config.bodyCheckedByHandler`, checks its body itself with `checkBody` once what must come first is done
 * (the parts read, the stored row found, a rate limit counted).
 *
 * Ajv does not see these schemas: the field checks are the one validation, so the validator compiler lets them
 * through and refuses any request schema that is not made of fields.
 */
export const checkInput: preValidationAsyncHookHandler = async () => {
  throw new Error('checkInput is replaced by the route input check when the route is added');
};

/** Where the error says the field is, and the request property it is read from (the same names). */
type Part = ['params' | 'query' | 'body', TObject];

/** The validator compiler of a route whose input is fields: they were checked already, Ajv has nothing to add. */
const fieldsChecked: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!isFieldsObject(schema))
    throw new Error(`${method} ${url}: declare its ${httpPart} with fields() (server/lib/fields.ts)`);
  return () => true;
};

export function registerInputChecks(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
    if (!schema) return;
    const bodyInHandler = route.config?.multipart === true || route.config?.bodyCheckedByHandler === true;
    const parts: Part[] = [];
    if (isFieldsObject(schema.params)) parts.push(['params', schema.params]);
    if (isFieldsObject(schema.querystring)) parts.push(['query', schema.querystring]);
    if (!bodyInHandler && isFieldsObject(schema.body)) parts.push(['body', schema.body]);
    const bodyContent = (schema.body as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
    const declared =
      parts.length > 0 ||
      isFieldsObject(schema.body) ||
      Object.values(bodyContent ?? {}).some((c) => isFieldsObject(c.schema));
    if (declared) route.validatorCompiler = fieldsChecked;
    const hooks = [route.preValidation ?? []].flat();
    const at = hooks.indexOf(checkInput);
    if (!parts.length) {
      if (at >= 0) hooks.splice(at, 1);
      route.preValidation = hooks;
      return;
    }
    const check: preValidationAsyncHookHandler = async (request) => {
      const target = request as unknown as Record<Part[0], unknown>;
      for (const [location, fieldsOf] of parts)
        target[location] = await checkFields(request, location, fieldsOf, target[location]);
    };
    if (at >= 0) hooks[at] = check;
    else hooks.push(check);
    route.preValidation = hooks;
  });
}

/**
 * The body of a route that checks it in its handler (`config.bodyCheckedByHandler`), against the route's own body
 * fields; `extra` reaches the rules (e.g. the stored row). Answers the normalised body as the schema types it.
 */
export async function checkBody<R extends FastifyRequest>(
  request: R,
  extra: Record<string, unknown> = {},
): Promise<R['body']> {
  const schema = request.routeOptions.schema?.body;
  if (!isFieldsObject(schema)) throw new Error(`${request.routeOptions.url}: its body is not declared with fields()`);
  const body = await checkFields(request, 'body', schema, request.body, extra);
  request.body = body;
  return body as R['body'];
}
