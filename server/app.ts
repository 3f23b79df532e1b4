import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import qs from 'qs';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { loadConfig, requireServerSettings, type Config } from './config';
import { openDatabase, type Db } from './db';
import { isDemoShop, storedSecret } from './db/shop';
import { createStorage, type Storage } from './storage';
import { createMailer, type Mailer } from './mail';
import type { AppContext } from './context';
import { closeKeptReads } from './lib/answerCache';
import { HttpError, failBody } from './lib/errors';
import { registerErrorHandling } from './plugins/errors';
import { registerNoStore } from './plugins/auth';
import { registerBodyParsers } from './plugins/bodyParsers';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerApiDocs, isDocumentationRoute } from './plugins/apiDocs';
import { registerStaticFiles, type StaticFilesOptions } from './plugins/staticFiles';
import { loggerOptions, registerRequestLog, type LogStream } from './plugins/logging';
import { registerInputChecks } from './plugins/input';
import { sharedSchemaCompilers } from './plugins/schemaCompilers';
import { globalLimit, sharedCounters } from './plugins/rateLimits';
import { API_MODULES } from './modules';
import { refreshSearchIndex } from './modules/catalogue';
import { paymentRoutes } from './modules/payments';

export interface BuildOptions extends StaticFilesOptions {
  config?: Partial<Config>;
  /** An open database (tests share one per file); otherwise opened from the config. */
  db?: Db;
  storage?: Storage;
  mailer?: Mailer;
  /** Where log lines go instead of standard output. */
  logStream?: LogStream;
}

/** Builds the whole server without listening, so tests can use `app.inject`; server/index.ts listens. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const settings = loadConfig(process.env, options.config);
  requireServerSettings(settings);
  const app = Fastify({
    ...loggerOptions(settings, options.logStream),
    trustProxy: settings.trustProxy,
    bodyLimit: 100 * 1024,
    // Ajv checks requests against the route schemas after the API.md rules passed (server/lib/schemas.ts) and must never
    // change what those rules approved: no type coercion (it would turn null into "" or "" into null, true into 1).
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: sharedSchemaCompilers,
    routerOptions: {
      ignoreTrailingSlash: true,
      // Long enough that an over-long id reaches validation (400 `Invalid ID formate`) instead of the router's 414.
      maxParamLength: 500,
      // qs-style nesting (`price[gte]=`, `category[in][]=`), '+' decoded as a space.
      querystringParser: (str: string) => qs.parse(str, { depth: 3, arrayLimit: 200, parameterLimit: 500 }),
    },
    // Malformed URLs (bad %-escapes, over-long parameters) in API.md's error shape rather than Fastify's.
    frameworkErrors: (err, _request, reply) => {
      (reply as FastifyReply).status(err.statusCode ?? 400).send(failBody(err.statusCode ?? 400, err.message));
    },
  });
  registerRequestLog(app, settings, options.logStream);

  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      statementTimeoutMs: settings.statementTimeoutMs,
      log: app.log,
    }));
  await refreshSearchIndex(db);
  const config: Config = {
    ...settings,
    jwtSecret: settings.jwtSecret ?? (await storedSecret(db, 'jwt')),
    resetCodeSecret: settings.resetCodeSecret ?? (await storedSecret(db, 'reset_code')),
  };
  const ctx: AppContext = {
    config,
    db,
    shop: { demo: await isDemoShop(db) },
    storage: options.storage ?? (await createStorage(config, app.log)),
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
  app.addHook('onClose', async () => closeKeptReads(ctx));
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
  registerInputChecks(app);
  registerNoStore(app);
  await registerSecurityHeaders(app, config, ctx.storage);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(multipart);
  const counters = config.rateLimits ? await sharedCounters(config, app.log) : undefined;
  if (counters) app.addHook('onClose', counters.close);
  await app.register(rateLimit, {
    global: config.rateLimits,
    ...globalLimit(config.jwtSecret),
    store: counters?.Store,
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, 'Too many requests, please try again later', {
        'Retry-After': String(Math.ceil(context.ttl / 1000)),
      }),
  });

  await registerApiDocs(app);
  await app.register(
    async (api) => {
      for (const { prefix, routes } of API_MODULES) await api.register(routes, { prefix });
    },
    { prefix: '/api/v1' },
  );
  await app.register(paymentRoutes);
  await registerStaticFiles(app, ctx, options);
  return app;
}
