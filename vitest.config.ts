import { configDefaults, defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config';
import ProjectOrderSequencer from './tests/sequencer';

/** The server tests, run twice: on in-memory PGlite ('server') and on a PostgreSQL server ('server-postgres'). */
const serverTests: TestProjectInlineConfiguration['test'] = {
  include: ['tests/server/**/*.test.ts'],
  environment: 'node',
  globals: true,
  // Migrates one database first; each test file then starts from a copy of it (tests/server/helpers.ts).
  globalSetup: ['tests/server/databaseSnapshot.ts'],
  // Error bodies: an expected one without `code` matches, and a message without a code fails its test.
  setupFiles: ['tests/server/setup.ts'],
  // Generous, for a busy machine: some tests start server processes or migrate a database on disk, which
  // took over 30 s (and a file's set-up over 60 s) with the CPU shared. A passing test is never slower for it.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // The files of a worker share one import of the server (Fastify, the route schemas, sharp, PGlite) instead of each
  // importing it again: half the CPU of the suite. Each file still has its own app and database; nothing may be
  // mocked module-wide (a test seam is an exported object to spy on, e.g. resetCodeSource), and spies are restored.
  isolate: false,
  restoreMocks: true,
};

/**
 * Server test files whose subject is not the database (response headers, static files, the OpenAPI document, logs,
 * rate limits, Redis, object storage): the PGlite run covers them, and 'server-postgres' leaves them out.
 */
const NOT_ABOUT_THE_DATABASE = [
  'tests/server/dates.test.ts',
  'tests/server/moduleGraph.test.ts',
  'tests/server/static.test.ts',
  'tests/server/openapi.test.ts',
  'tests/server/rateLimits.test.ts',
  'tests/server/redisCounters.test.ts',
  'tests/server/objectStorage.test.ts',
  'tests/server/security/headers.test.ts',
  'tests/server/security/logs.test.ts',
];

/** The PostgreSQL server of 'server-postgres': each test file gets a scratch database on it. */
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      sequence: { sequencer: ProjectOrderSequencer },
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            include: ['tests/web/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            globals: true,
            setupFiles: ['tests/web/setup.ts'],
            // Above Testing Library's wait (tests/web/setup.ts), so a slow first render fails as a missing element.
            testTimeout: 30_000,
            // A worker's files share one jsdom and one import of React, the router and the app: a third of the time.
            // Each test still renders its own store (tests/web/utils/renderWithProviders.tsx); setup.ts empties storage, the prefetch
            // cache and msw's handlers after each test, and spies, stubbed globals and fake timers are undone.
            isolate: false,
            restoreMocks: true,
            unstubGlobals: true,
          },
        },
        { extends: true, test: { ...serverTests, name: 'server', env: { TEST_DATABASE_URL: '' } } },
        {
          extends: true,
          test: {
            ...serverTests,
            name: 'server-postgres',
            env: { TEST_DATABASE_URL: postgresUrl },
            exclude: [...configDefaults.exclude, ...NOT_ABOUT_THE_DATABASE],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            globals: true,
            // Migrates one PGlite data directory first; each file's shop starts from a copy (tests/e2e/harness.ts).
            globalSetup: ['tests/e2e/globalSetup.ts'],
            // As the server tests: a worker's files share one import of the server, and one Chromium (each file still
            // starts its own shop and opens its own browser contexts), instead of importing Fastify, sharp and PGlite
            // and launching Chromium again for every file.
            isolate: false,
            testTimeout: 120_000,
            hookTimeout: 120_000,
            // A condition a person waits for (a toast, a badge, an e-mail) gets as long as Playwright's own waits give an
            // element: a busy machine can take seconds to store uploaded images, and a failed poll is then no finding.
            expect: { poll: { timeout: 15_000 } },
          },
        },
      ],
    },
  }),
);
