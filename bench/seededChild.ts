import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import type { Config } from '../server/config';
import { seedDatabase } from '../server/db/seed';

/**
 * The child process of the benches that measure one shop under a load of their own (bench/loginStall.ts,
 * bench/catalogueImport.ts): the seeded demo shop without rate limits, in a temporary data folder, listening on a free
 * loopback port it sends to the parent; any message from the parent closes it.
 */
export async function serveSeededShop(name: string, config: Partial<Config> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `shop-${name}-bench-`));
  const app = await buildApp({
    config: { nodeEnv: 'development', logLevel: 'warn', dataDir, rateLimits: false, seedDemo: true, ...config },
  });
  await seedDatabase(app.ctx, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/** The value below which a share `p` of the sorted figures lie. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
