import type { TestProject } from 'vitest/node';
import { migratedPgliteDir } from '../server/databaseSnapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (its `pglite` folder) that each shop copies into its DATA_DIR, or ''. */
    pgliteDataDir: string;
  }
}

/**
 * Global set-up of the end-to-end tests: one migrated PGlite data directory (cached under node_modules/.cache by a
 * hash of the migrations, see tests/server/databaseSnapshot.ts), so each file's shop starts from a copy of it
 * instead of creating a database and migrating it.
 */
export default async function setup(project: TestProject) {
  project.provide('pgliteDataDir', await migratedPgliteDir());
}
