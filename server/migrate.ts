/**
 * `npm run migrate [-- --seed-demo]`: the one-shot step of a deployment, run before (or while) the server processes
 * start: applies the database migrations, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and fills an empty
 * database with the demo catalogue when `--seed-demo` is given or SEED_DEMO is set to true. It takes the same lock
 * as every server start, so running it beside starting servers is safe. Exits 0 when done, 1 with one line otherwise.
 */
import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { seedDatabase } from './db/seed';

const { values } = parseArgs({ options: { 'seed-demo': { type: 'boolean', default: false } } });
const askedInEnv = ['1', 'true', 'yes', 'on'].includes((process.env.SEED_DEMO ?? '').toLowerCase());

try {
  // buildApp opens the database and applies the migrations; nothing listens.
  const app = await buildApp({ config: { seedDemo: values['seed-demo'] || askedInEnv, rateLimits: false } });
  try {
    await seedDatabase(app.ctx, app.log);
    app.log.info(`database ready (${app.ctx.db.kind})${app.ctx.shop.demo ? ': a demo shop' : ''}`);
  } finally {
    await app.close();
  }
} catch (err) {
  console.error(`Migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
