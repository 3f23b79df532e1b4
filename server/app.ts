import path from 'node:path';
import fs from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import qs from 'qs';
import pretty from 'pino-pretty';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { loadConfig, type Config } from './config';
import { openDatabase, type Db } from './db';
import { isDemoShop, storedSecret } from './db/shop';
import { createStorage, IMAGE_CACHE_CONTROL, IMAGE_TYPES, type Storage } from './storage';
import { createMailer, type Mailer } from './mail';
import type { AppContext } from './context';
import { registerErrorHandling } from './plugins/errors';
import { registerNoStore } from './plugins/auth';
import { HttpError } from './lib/errors';
import { ERROR_RESPONSES } from './lib/schemas';
import { sharedCounters } from './plugins/rateLimits';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { categoryRoutes } from './modules/categories/routes';
import { subcategoryRoutes } from './modules/subcategories/routes';
import { brandRoutes } from './modules/brands/routes';
import { productRoutes } from './modules/products/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { addressRoutes } from './modules/addresses/routes';
import { couponRoutes } from './modules/coupons/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { cartRoutes } from './modules/cart/routes';
import { orderRoutes } from './modules/orders/routes';
import { paymentRoutes } from './payments/routes';
import { shopRoutes } from './modules/shop/routes';
import { seoRoutes } from './modules/seo/routes';

export interface BuildOptions {
  config?: Partial<Config>;
  /** An open database (tests share one per file); otherwise opened from the config. */
  db?: Db;
  storage?: Storage;
  mailer?: Mailer;
  /** Directory of the built web app to serve with SPA fallback; off when undefined. */
  webDist?: string;
  /** Where log lines go instead of standard output. */
  logStream?: { write(line: string): void };
  /** URLs per sitemap file (50,000 unless a test wants small pages). */
  sitemapPageSize?: number;
}

/**
 * Log lines never carry credentials: request logs hold method and URL only, and these paths are
 * censored should a handler ever log a header or a body.
 */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.passwordConfirm',
  '*.currentPassword',
  '*.newPassword',
  '*.resetCode',
  '*.token',
  '*.resetToken',
];

const IMAGE_KINDS = ['products', 'categories', 'brands'] as const;

/** LOG_FORMAT=pretty: one readable line an event (time, level, message), written at once, for a developer's terminal. */
const readableLog = () =>
  pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
  });

/** Builds the whole server without listening, so tests can use `app.inject`. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const settings = loadConfig(process.env, options.config);
  const app = Fastify({
    logger: {
      level: settings.logLevel,
      redact: REDACTED_LOG_PATHS,
      ...((options.logStream ?? settings.logFormat === 'pretty') && { stream: options.logStream ?? readableLog() }),
    },
    // Readable logs say each request once, when it is answered (onResponse below), instead of twice.
    logController: new LogController({ disableRequestLogging: !options.logStream && settings.logFormat === 'pretty' }),
    trustProxy: settings.trustProxy,
    bodyLimit: 100 * 1024,
    // Ajv checks requests against the route schemas after the API.md rules passed (server/lib/schemas.ts) and must never
    // change what those rules approved: no type coercion (it would turn null into "" or "" into null, true into 1).
    ajv: { customOptions: { coerceTypes: false } },
    routerOptions: {
      ignoreTrailingSlash: true,
      // Long enough that an over-long id reaches validation (400 `Invalid ID formate`) instead of the router's 414.
      maxParamLength: 500,
      // qs-style nesting (`price[gte]=`, `category[in][]=`), '+' decoded as a space.
      querystringParser: (str: string) => qs.parse(str, { depth: 3, arrayLimit: 200, parameterLimit: 500 }),
    },
    // Malformed URLs (bad %-escapes, over-long parameters) in API.md's error shape rather than Fastify's.
    frameworkErrors: (err, _request, reply) => {
      (reply as FastifyReply).status(err.statusCode ?? 400).send({ status: 'fail', message: err.message });
    },
  });

  if (settings.logFormat === 'pretty' && !options.logStream) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(`${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
    });
  }

  const db = options.db ?? (await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir }));
  const config: Config = {
    ...settings,
    jwtSecret: settings.jwtSecret ?? (await storedSecret(db, 'jwt')),
    resetCodeSecret: settings.resetCodeSecret ?? (await storedSecret(db, 'reset_code')),
  };
  const ctx: AppContext = {
    config,
    db,
    shop: { demo: await isDemoShop(db) },
    storage: options.storage ?? createStorage(config, app.log),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
  };
  app.decorate('ctx', ctx);
  app.decorate('routeList', [] as string[]);
  app.decorate('listRoutes', {} as FastifyInstance['listRoutes']);
  app.addHook('onRoute', (route) => {
    if (isDocumentationRoute(route.url)) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
    if (route.config?.listSpec) app.listRoutes[`GET ${route.url}`] = route.config.listSpec;
  });
  if (!options.db) app.addHook('onClose', () => db.close());
  if (!options.storage && ctx.storage.close) app.addHook('onClose', ctx.storage.close);

  registerErrorHandling(app);
  registerBodyParsers(app);
  registerNoStore(app);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, ctx.storage) },
    // Product images are fetched from other origins too (API.md §0: the image routes answer CORS).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, {
    origin: config.allowedOrigins ?? true,
    allowedHeaders: ['Authorization', 'Content-Type'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // An OPTIONS request that is not a browser's preflight gets the same empty answer instead of a plain-text 400.
    strictPreflight: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart);
  const counters = config.rateLimits ? await sharedCounters(config, app.log) : undefined;
  if (counters) app.addHook('onClose', counters.close);
  await app.register(rateLimit, {
    global: config.rateLimits,
    max: 600,
    timeWindow: 60_000,
    store: counters?.Store,
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, 'Too many requests, please try again later', {
        'Retry-After': String(Math.ceil(context.ttl / 1000)),
      }),
  });

  await registerApiDocs(app);
  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(categoryRoutes, { prefix: '/categories' });
      await api.register(subcategoryRoutes, { prefix: '/subcategories' });
      await api.register(brandRoutes, { prefix: '/brands' });
      await api.register(productRoutes, { prefix: '/products' });
      await api.register(reviewRoutes);
      await api.register(wishlistRoutes, { prefix: '/wishlist' });
      await api.register(addressRoutes, { prefix: '/addresses' });
      await api.register(couponRoutes, { prefix: '/coupons' });
      await api.register(cartRoutes, { prefix: '/cart' });
      await api.register(orderRoutes, { prefix: '/orders' });
      await api.register(shopRoutes, { prefix: '/shop' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
    },
    { prefix: '/api/v1' },
  );
  await app.register(paymentRoutes);
  await registerFiles(app, ctx, options);
  return app;
}

const OPENAPI_PATH = '/api/v1/openapi.json';
const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document and its reference page describe the API; they are not part of it (nor of `routeList`). */
const isDocumentationRoute = (url: string) =>
  url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/**
 * The OpenAPI 3 document generated from the route schemas (server/lib/schemas.ts) at `GET /api/v1/openapi.json`, and a
 * readable reference of it at `/api/docs` (Swagger UI, its scripts and styles served from here, so the shop's CSP holds).
 * Must be registered before the routes it describes. Only `/api/v1` routes are in the document.
 */
async function registerApiDocs(app: FastifyInstance) {
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

/**
 * The built web app runs with no inline script and nothing loaded from elsewhere. Inline styles stay
 * allowed: React, Bootstrap's components and the test-payment page set them. Images may also come
 * from PUBLIC_BASE_URL (a CDN or the API's own host), from the object store or CDN that serves uploaded images
 * (IMAGES_PUBLIC_URL), and from data:/blob: URLs (the image cropper).
 */
function contentSecurityPolicy(config: Config, storage: Storage) {
  const imageHost = [
    ...new Set(
      [config.publicBaseUrl && new URL(config.publicBaseUrl).origin, storage.imageOrigin].filter(
        (o): o is string => !!o,
      ),
    ),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...imageHost],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * JSON (an empty body counts as {}), urlencoded via qs; multipart only where a route opts in; any other
 * type 415 when a body is sent, while an empty body counts as {} whatever its Content-Type (API.md §0).
 */
function registerBodyParsers(app: FastifyInstance) {
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
    // PostgreSQL text cannot hold NUL characters; refuse them up front instead of failing in the database.
    if (containsNul(request.query) || containsNul(request.body))
      throw new HttpError(400, 'Invalid characters in request');
  });
}

const MAX_BODY_DEPTH = 32;
const nestedDeeperThan = (value: unknown, levels: number): boolean =>
  value !== null &&
  typeof value === 'object' &&
  (levels === 0 || Object.values(value).some((v) => nestedDeeperThan(v, levels - 1)));

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

/** Uploaded file names never change content, so browsers may keep them for a year. */
const IMAGE_HEADERS = { 'cache-control': IMAGE_CACHE_CONTROL, 'access-control-allow-origin': '*' };

/** Uploaded images (`/<kind>/<file>` as API.md builds them, and `/uploads/<kind>/<file>`) and the built web app. */
async function registerFiles(app: FastifyInstance, ctx: AppContext, { webDist, sitemapPageSize }: BuildOptions) {
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
