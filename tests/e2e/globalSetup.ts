import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { outsideVitest, scriptJob, startJob } from '../backgroundJobs';
import { buildServerOnce } from '../processes';
import { pgliteSnapshotJob } from '../server/databaseSnapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The job folder of the demo shop seeded for the run (SeededShop, by jobResult), which each file's shop copies. */
    seededShop: string;
    /** The job folder of the web app's build (dist/), which the shops serve. */
    webBuild: string;
  }
}

/**
 * Global set-up of the end-to-end tests, in the background (tests/backgroundJobs.ts) while the web tests run: the
 * web app built, and the demo shop seeded once (seedDemoShop.ts, from the migrated database of the server tests'
 * set-up), so each file's shop starts from a copy of it instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject) {
  // The built server, for the test that starts server processes (multiProcess.test.ts).
  await buildServerOnce();
  const build = startJob('web-build', process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build'], {
    env: outsideVitest(process.env),
  });
  const migrated = pgliteSnapshotJob();
  const seeding = scriptJob('seeded-shop', 'tests/e2e/seedDemoShop.ts', migrated);
  project.provide('webBuild', build.dir);
  project.provide('seededShop', seeding.dir);
  return async () => {
    await Promise.all([build.stop(), seeding.stop()]);
    await migrated.stop();
  };
}
