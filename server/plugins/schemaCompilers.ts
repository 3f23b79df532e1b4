import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** What Fastify gives a compiler for one schema of a route (the validator's also says which part of the request). */
type RouteSchema = { schema?: unknown; httpPart?: string };
type Factory = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => unknown;

/**
 * Wraps one of Fastify's compiler factories so that every app this process builds shares what it compiled. A compiled
 * function depends only on the compiler's settings and the schema's content, and many route schemas are built anew for
 * each app (`DataOnly(Product)`), so those are the key.
 */
function sharedBetweenApps<F extends (...args: never[]) => (route: never) => unknown>(factory: F): F {
  const compiled = new Map<string, unknown>();
  const shared: Factory = (externalSchemas, options) => {
    const compile = (factory as unknown as Factory)(externalSchemas, options);
    const settings = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = `${settings}${route.httpPart ?? ''}${JSON.stringify(route.schema)}`;
      if (!compiled.has(key)) compiled.set(key, compile(route));
      return compiled.get(key);
    };
  };
  return shared as unknown as F;
}

/**
 * Fastify's own validator (Ajv) and serializer (fast-json-stringify) compilers, compiling each route schema once per
 * process instead of once per app. A server builds one app, and this changes nothing for it; the tests build one per
 * test file and the end-to-end tests one per shop, and compiling every route again cost each 0.1–0.3 s of CPU (a
 * second app in one process: 136–216 ms to build and ready, 42–62 ms with the compilers shared).
 */
export const sharedSchemaCompilers: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: sharedBetweenApps(AjvCompiler()),
    buildSerializer: sharedBetweenApps(SerializerSelector()),
  },
};
