import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { useTestApp } from './helpers';

const t = useTestApp();

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `METHOD /api/v1/...` of every API route the app serves (collected by its onRoute hook), with `:id` → `{id}`. */
const apiRoutes = () =>
  t.app.routeList
    .filter((route) => route.split(' ')[1].startsWith('/api/v1/'))
    .map((route) => {
      const [method, url] = route.split(' ');
      return { method: method.toLowerCase(), url, path: url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/' };
    });

async function openapi(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

const documented = (doc: Document, path: string, method: string) =>
  doc.paths[path]?.[method] ?? doc.paths[`${path}/`]?.[method];

/** The operation declares a success answer with its schema (a 2xx with content, or a 204). */
const hasResponseSchema = (doc: Document, r: { path: string; method: string }) =>
  Object.entries(documented(doc, r.path, r.method)?.responses ?? {}).some(
    ([code, response]) => /^2\d\d$/.test(code) && (code === '204' || response.content !== undefined),
  );

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const doc = await openapi();
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers every route the app serves under /api/v1, and nothing else', async () => {
    const doc = await openapi();
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter((r) => !documented(doc, r.path, r.method))
      .map((r) => `${r.method.toUpperCase()} ${r.url}`);
    expect(missing).toEqual([]);
    const served = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const extra = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => !served.has(`${m} ${path.replace(/\/$/, '') || '/'}`))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(extra).toEqual([]);
  });

  it('every API route has a schema with its success response, so a new route cannot be added without one', async () => {
    const doc = await openapi();
    const withoutSchema = apiRoutes()
      .filter((r) => !hasResponseSchema(doc, r))
      .map((r) => `${r.method.toUpperCase()} ${r.url}`);
    expect(withoutSchema).toEqual([]);
  });
});

describe('API reference page', () => {
  it('/api/docs answers 200 HTML whose scripts and styles are served from here under the shop CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'no asset from another origin').not.toMatch(/^(https?:)?\/\//);
      const file = await t.app.inject({ method: 'GET', url: new URL(asset, 'http://shop.test/api/docs/').pathname });
      expect(file.statusCode, asset).toBe(200);
    }
  });

  it('the documentation routes are not counted among the API routes', () => {
    expect(t.app.routeList.filter((r) => /openapi|\/api\/docs/.test(r))).toEqual([]);
  });
});

describe('what Ajv refuses after the API.md rules passed', () => {
  it('answers 400 in API.md validation shape, at the field path, with the input echoed (never 500)', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerErrorHandling } = await import('../../server/plugins/errors');
    const { Type } = await import('../../server/lib/schemas');
    const app = Fastify({ ajv: { customOptions: { coerceTypes: false } } });
    registerErrorHandling(app);
    app.post(
      '/things/:id',
      {
        schema: {
          params: Type.Object({ id: Type.String() }),
          body: Type.Object({ shippingAddress: Type.Object({ phone: Type.String() }), count: Type.Integer() }),
        },
      },
      async () => ({ ok: true }),
    );
    const post = (payload: unknown) => app.inject({ method: 'POST', url: '/things/x', payload: payload as object });

    let res = await post({ shippingAddress: { phone: 5 }, count: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        {
          type: 'field',
          value: 5,
          msg: 'Invalid value',
          path: 'shippingAddress.phone',
          param: 'shippingAddress.phone',
          location: 'body',
        },
      ],
    });
    res = await post({ shippingAddress: { phone: '0101' } });
    expect(res.json()).toEqual({
      errors: [{ type: 'field', msg: 'Invalid value', path: 'count', param: 'count', location: 'body' }],
    });
    await app.close();
  });
});
