import type { TestProject } from 'vitest/node';
import { buildServerOnce } from '../processes';
import { seedShopOnce, type SeededShop } from './seededShop';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo shop seeded once for the run, which each file's shop copies (tests/e2e/seededShop.ts). */
    seededShop: SeededShop;
  }
}

/**
 * Global set-up of the end-to-end tests: the demo shop seeded once (from the migrated database cached under
 * node_modules/.cache, see tests/server/databaseSnapshot.ts), so each file's shop starts from a copy of it
 * instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject) {
  // The built server, for the test that starts server processes (multiProcess.test.ts).
  await buildServerOnce();
  const { seeded, remove } = await seedShopOnce();
  project.provide('seededShop', seeded);
  return remove;
}
