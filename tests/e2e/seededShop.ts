import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../server/config';
import { buildApp } from '../../server/app';
import { seedDatabase } from '../../server/db/seed';
import { dumpPgliteDir, migratedPgliteDir } from '../server/databaseSnapshot';

/** The settings of every end-to-end shop: the demo shop, quick password hashes, no rate limits. */
export const shopConfig = (dataDir: string): Partial<Config> => ({
  nodeEnv: 'test',
  logLevel: 'warn',
  dataDir,
  databaseUrl: undefined,
  rateLimits: false,
  bcryptRounds: 4,
  adminEmail: undefined,
  adminPassword: undefined,
});

export interface SeededShop {
  /** Dump (tar) of the seeded database's data directory, which an in-memory PGlite loads. */
  database: string;
  /** The seeded images (DATA_DIR/uploads). */
  uploads: string;
}

/**
 * The demo shop seeded once for the whole run into `dir`, so each end-to-end file's shop starts from a copy of it
 * instead of seeding its own (the catalogue's images cost seconds of CPU each time): from the cached migrated
 * database, by the shop's own start-up code. Run as a background job of the tests (seedDemoShop.ts).
 */
export async function seedShop(dir: string): Promise<SeededShop> {
  const dataDir = path.join(dir, 'data');
  await fs.cp(path.join(await migratedPgliteDir(), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const app = await buildApp({ config: shopConfig(dataDir) });
  await seedDatabase(app.ctx, app.log);
  await app.close();
  const seeded: SeededShop = { database: path.join(dir, 'database.tar'), uploads: path.join(dataDir, 'uploads') };
  await dumpPgliteDir(path.join(dataDir, 'pglite'), seeded.database);
  await fs.rm(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  return seeded;
}
