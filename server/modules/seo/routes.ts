import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shopOrigin, imageBase } from '../../context';
import { HttpError } from '../../lib/errors';
import { sharePages, type ShareTarget } from './sharePage';
import { sitemapPageOf, type SharedPath, type SitemapPath } from './schemas';
import { SITEMAP_PAGE_SIZE, sitemapIndexXml, sitemapPage, sitemapPageCount } from './service';

/** What every page asks for as it starts: the shop (name, payments) and all categories (the top strip). */
const EVERY_PAGE = ['/shop', '/categories?limit=100'];
/** A listing page's first page of products (src/features/products: 8 a page). */
const LISTING_PAGE = 'limit=8&page=1';

/** What a page asks for first besides EVERY_PAGE, by its address. */
function ownPaths(url: string, target?: ShareTarget): string[] {
  const [pathname, query] = url.split('?');
  if (pathname === '/') return ['/brands?limit=100', '/products?sort=-sold&limit=4', '/products?limit=4'];
  switch (target?.kind) {
    case 'product':
      return [`/products/${encodeURIComponent(target.id)}`];
    case 'category':
    case 'brand':
      return [`/products?${LISTING_PAGE}&${target.kind}=${encodeURIComponent(target.id)}`];
    case 'listing':
      // A first visit (no address to restore, no filters kept): the newest products. Others ask for their own.
      return query ? [] : [`/products?${LISTING_PAGE}`];
    default:
      return [];
  }
}

/** Where crawlers need not go: the customer and admin areas, the cart and checkout, the API. */
const DISALLOWED = ['/admin', '/user', '/cart', '/order', '/payments', '/api'];

/**
 * What search engines and link previews read, registered with the built web app: robots.txt, the
 * sitemaps, and index.html with a product's, category's or brand's tags for its shared link.
 * Returns how to send a (possibly filled) index.html, for the SPA routes server/plugins/staticFiles.ts serves.
 */
export function seoRoutes(app: FastifyInstance, options: { webDist: string; sitemapPageSize?: number }) {
  const { ctx } = app;
  const pageSize = options.sitemapPageSize ?? SITEMAP_PAGE_SIZE;
  const render = sharePages(ctx.db, options.webDist);
  const base = () => shopOrigin(ctx.config);

  /**
   * What the API answers a visitor with no token for `path` (under /api/v1), asked in-process as this visitor (their
   * address, for the rate limits; their host, for the image URLs): exactly what the page would ask for next.
   */
  async function publicAnswer(request: FastifyRequest, path: string) {
    const forwarded = ['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;
    const headers = Object.fromEntries(
      forwarded.flatMap((name) => (request.headers[name] ? [[name, request.headers[name]]] : [])),
    );
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1${path}`,
      headers,
      remoteAddress: request.socket.remoteAddress,
    });
    return answer.statusCode === 200 ? (answer.json() as unknown) : undefined;
  }

  /**
   * The page's first answers, by the paths the web app asks for them (src/api/*.ts build the same): the shop and the
   * categories of the top strip on every page, and the page's own content.
   */
  async function firstAnswers(request: FastifyRequest, target?: ShareTarget): Promise<Record<string, unknown>> {
    const paths = [...EVERY_PAGE, ...ownPaths(request.url, target)];
    const answers = await Promise.all(paths.map((path) => publicAnswer(request, path)));
    return Object.fromEntries(paths.flatMap((path, i) => (answers[i] === undefined ? [] : [[path, answers[i]]])));
  }

  /** The filled page: a target's tags and preloads, and the page's first answers; the plain index.html without them. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, target?: ShareTarget) {
    const home = request.url.split('?')[0] === '/';
    const html = await render(target, imageBase(ctx), await firstAnswers(request, target), home);
    if (!html) return reply.sendFile('index.html', options.webDist);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  app.get('/products', (request, reply) => sendPage(request, reply, { kind: 'listing' }));
  app.get<SharedPath>('/products/category/:id', (request, reply) =>
    sendPage(request, reply, { kind: 'category', id: request.params.id }),
  );
  app.get<SharedPath>('/products/brand/:id', (request, reply) =>
    sendPage(request, reply, { kind: 'brand', id: request.params.id }),
  );

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${base()}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  // Always an index, so the sitemap's address stays the same as the catalogue grows past one file.
  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = await sitemapPageCount(ctx.db, pageSize);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapIndexXml(base(), pages));
  });

  app.get<SitemapPath>('/sitemaps/:file', async (request, reply) => {
    const page = sitemapPageOf(request.params.file);
    if (!page || page > (await sitemapPageCount(ctx.db, pageSize)))
      throw new HttpError(404, `Can't find this route: ${request.raw.url}`);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(Readable.from(sitemapPage(ctx.db, base(), page, pageSize)));
  });

  return sendPage;
}
