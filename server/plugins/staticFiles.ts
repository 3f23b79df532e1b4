import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context';
import { HttpError } from '../lib/errors';
import { IMAGE_CACHE_CONTROL, IMAGE_TYPES } from '../storage';
import { seoRoutes } from '../modules/seo';

export interface StaticFilesOptions {
  /** Directory of the built web app to serve with SPA fallback; off when undefined. */
  webDist?: string;
  /** URLs per sitemap file (50,000 unless a test wants small pages). */
  sitemapPageSize?: number;
}

const IMAGE_KINDS = ['products', 'categories', 'brands'] as const;

/** Uploaded file names never change content, so browsers may keep them for a year. */
const IMAGE_HEADERS = { 'cache-control': IMAGE_CACHE_CONTROL, 'access-control-allow-origin': '*' };

/**
 * Uploaded images (`/<kind>/<file>` as API.md builds them, and `/uploads/<kind>/<file>`) and the built web app,
 * with its client-side routes answered by index.html. Registered after the API, whose routes it must not shadow.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  ctx: AppContext,
  { webDist, sitemapPageSize }: StaticFilesOptions,
) {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  // index.html filled with a product's, category's or brand's tags for link previews; robots.txt and sitemaps.
  const sendPage = hasWeb ? seoRoutes(app, { webDist: webDist!, sitemapPageSize }) : undefined;

  for (const kind of IMAGE_KINDS) {
    // With object storage the images are served from its public URL, not from here.
    const dir = ctx.storage.localDir(kind);
    const serveImage = async (file: string, reply: FastifyReply) => {
      if (!dir) return false;
      const ext = /^[\w.-]+\.(webp|jpe?g|png|gif)$/i.exec(file)?.[1]?.toLowerCase();
      const filePath = path.join(dir, file);
      // Asynchronous check: this runs for every image a page shows, so it must not block the event loop.
      if (
        !ext ||
        !(await fs.promises.stat(filePath).then(
          (st) => st.isFile(),
          () => false,
        ))
      )
        return false;
      await reply.headers(IMAGE_HEADERS).type(IMAGE_TYPES[ext]).send(fs.createReadStream(filePath));
      return true;
    };
    app.get(`/uploads/${kind}/:file`, async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!(await serveImage(file, reply))) throw new HttpError(404, `Can't find this route: ${request.raw.url}`);
      return reply;
    });
    // `/products/<file>` shares its path with the SPA's `/products/<id>`: a name with an image extension is a file.
    app.get(`/${kind}/:file`, async (request, reply) => {
      const { file } = request.params as { file: string };
      if (await serveImage(file, reply)) return reply;
      if (sendPage) return sendPage(request, reply, kind === 'products' ? { kind: 'product', id: file } : undefined);
      throw new HttpError(404, `Can't find this route: ${request.raw.url}`);
    });
  }

  if (!hasWeb) return;
  await app.register(fastifyStatic, {
    root: webDist!,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build wrote each asset also as .br and .gz (vite.config.ts): sent as they are, not compressed again.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // Hashed assets never change; everything else (index.html, icons) must be revalidated.
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Client-side routes: any other GET outside the API gets the app's index.html.
  app.get('/*', async (request, reply) => {
    const url = request.raw.url ?? '/';
    if (url.startsWith('/api/')) throw new HttpError(404, `Can't find this route: ${url}`);
    return sendPage!(request, reply);
  });
}
