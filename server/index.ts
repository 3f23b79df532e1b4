import path from 'node:path';
import { buildApp } from './app';
import { seedDatabase } from './db/seed';

/** Starts the shop: API, uploaded images and the built web app on one port. */
const app = await buildApp({ webDist: path.resolve('dist') });
await seedDatabase(app.ctx, app.log);
const { port, host } = app.ctx.config;
await app.listen({ port, host });
app.log.info(`shop ready on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}
