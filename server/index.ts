import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { SettingError } from './config';
import { seedDatabase } from './db/seed';

/** Longest wait for requests in flight at shutdown: below the 10 s Docker allows between SIGTERM and SIGKILL. */
const SHUTDOWN_GRACE_MS = 8_000;

let stopping = false;

/** Starts the shop: API, uploaded images and the built web app on one port. */
async function start(): Promise<FastifyInstance> {
  const app = await buildApp({ webDist: path.resolve('dist') });
  try {
    // While stopping, every answer closes its connection, so keep-alive clients cannot hold the server open.
    app.addHook('onSend', async (_request, reply) => {
      if (stopping) reply.header('connection', 'close');
    });
    await seedDatabase(app.ctx, app.log);
    const { port, host } = app.ctx.config;
    await app.listen({ port, host });
    app.log.info(`shop ready on http://localhost:${port}`);
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}

/**
 * SIGTERM / SIGINT: stop accepting connections, let requests in flight finish, then close the
 * database (Fastify's onClose order) and exit 0; exit 1 if that takes longer than the grace period.
 * A second signal changes nothing: Ctrl-C under `npm start` reaches the server twice (from the
 * terminal and forwarded by scripts/start.mjs), and the grace period already bounds the wait.
 */
function stopOn(app: FastifyInstance, signal: NodeJS.Signals) {
  if (stopping) {
    app.log.info({ signal }, 'already stopping');
    return;
  }
  stopping = true;
  app.log.info({ signal }, 'stopping: no new connections, finishing the requests in flight');
  setTimeout(() => {
    app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms: stopping anyway`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  // A connection that went idle just before the stop answered with keep-alive; close it rather than wait for it.
  setInterval(() => app.server.closeIdleConnections(), 200).unref();
  app.close().then(
    () => {
      app.log.info('stopped');
      process.exit(0);
    },
    (err: unknown) => {
      app.log.error({ err }, 'stopping failed');
      process.exit(1);
    },
  );
}

let app: FastifyInstance;
try {
  app = await start();
} catch (err) {
  // A setting the shop cannot run with is told in one line; for other failures developers also get the stack.
  console.error(`The shop could not start: ${err instanceof Error ? err.message : String(err)}`);
  if (process.env.NODE_ENV !== 'production' && err instanceof Error && !(err instanceof SettingError))
    console.error(err.stack);
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopOn(app, signal));
