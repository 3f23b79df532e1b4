import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_RESPONSES } from '../lib/schemas';

const OPENAPI_PATH = '/api/v1/openapi.json';
const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document and its reference page describe the API; they are not part of it (nor of `routeList`). */
export const isDocumentationRoute = (url: string) =>
  url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * The OpenAPI 3 document generated from the route schemas (server/lib/schemas.ts) at `GET /api/v1/openapi.json`, and a
 * readable reference of it at `/api/docs` (Swagger UI, its scripts and styles served from here, so the shop's CSP holds).
 * Must be registered before the routes it describes. Only `/api/v1` routes are in the document.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Shop REST API',
        version: '1.0.0',
        description:
          "The shop's REST API (`/api/v1`). Errors: validation errors answer 400 `{errors: [{type, value, msg, path, param, location}]}`; every other error `{status, message}`.",
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Only the API is documented; each of its routes also answers the error shapes of API.md §3.
    transform: ({ schema, url }) => ({
      schema: url.startsWith('/api/v1/')
        ? { ...schema, response: { ...ERROR_RESPONSES, ...(schema?.response as object | undefined) } }
        : { ...schema, hide: true },
      url,
    }),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true },
  });
}
