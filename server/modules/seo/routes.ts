import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl, imageBase } from '../../context';
import { HttpError } from '../../lib/errors';
import { sharePages, type ShareTarget } from './sharePage';
import { SITEMAP_PAGE_SIZE, sitemapIndexXml, sitemapPage, sitemapPageCount } from './sitemap';

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
  const base = (request: FastifyRequest) => baseUrl(request, ctx.config);

  /** The filled page for a known target; the plain index.html (as the SPA fallback sends it) otherwise. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, target?: ShareTarget) {
    const html = target && (await render(target, imageBase(request, ctx)));
    if (!html) return reply.sendFile('index.html', options.webDist);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  }

  app.get('/products', (request, reply) => sendPage(request, reply, { kind: 'listing' }));
  app.get('/products/category/:id', (request, reply) =>
    sendPage(request, reply, { kind: 'category', id: (request.params as { id: string }).id }),
  );
  app.get('/products/brand/:id', (request, reply) =>
    sendPage(request, reply, { kind: 'brand', id: (request.params as { id: string }).id }),
  );

  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${base(request)}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  // Always an index, so the sitemap's address stays the same as the catalogue grows past one file.
  app.get('/sitemap.xml', async (request, reply) => {
    const pages = await sitemapPageCount(ctx.db, pageSize);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapIndexXml(base(request), pages));
  });

  app.get('/sitemaps/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const page = Number(/^([1-9]\d{0,5})\.xml$/.exec(file)?.[1]);
    if (!page || page > (await sitemapPageCount(ctx.db, pageSize)))
      throw new HttpError(404, `Can't find this route: ${request.raw.url}`);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(Readable.from(sitemapPage(ctx.db, base(request), page, pageSize)));
  });

  return sendPage;
}
