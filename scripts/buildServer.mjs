// Builds the server's commands (server/index.ts, migrate.ts, createAdmin.ts) into plain JavaScript under build/server/,
// one file each plus their shared chunks, with the packages left to node_modules. A built server starts with half
// the CPU of one run through tsx (no loader hooks over ~180 files), which every start, restart and test process pays.
// Run as a script (`npm start` and the npm scripts do) or imported by the tests' global set-up.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUILD_DIR = path.join(root, 'build', 'server');

/** Builds into a directory of its own, then puts it in place, so a process never starts a half-written build. */
export async function buildServer() {
  const partial = `${SERVER_BUILD_DIR}.${process.pid}.${Date.now()}.partial`;
  try {
    await build({
      absWorkingDir: root,
      entryPoints: ['server/index.ts', 'server/migrate.ts', 'server/createAdmin.ts'],
      outdir: partial,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
    // What the code finds beside itself (import.meta.url): the migrations and the password worker's thread.
    await fs.cp(path.join(root, 'server/db/migrations'), path.join(partial, 'migrations'), { recursive: true });
    await fs.copyFile(path.join(root, 'server/lib/passwordWorker.mjs'), path.join(partial, 'passwordWorker.mjs'));
    await putInPlace(partial);
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
}

/** Swaps the new build for the old one; another build that lands in between is swapped out again (both are new). */
async function putInPlace(partial) {
  const previous = [];
  try {
    for (let attempt = 1; ; attempt++) {
      previous.push(`${partial}.previous-${attempt}`);
      await fs.rename(SERVER_BUILD_DIR, previous.at(-1)).catch(() => undefined);
      try {
        await fs.rename(partial, SERVER_BUILD_DIR);
        return;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
  } finally {
    for (const dir of previous) await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The built file of one command: 'index' (the server), 'migrate' or 'createAdmin'. */
export const serverEntry = (name) => path.join(SERVER_BUILD_DIR, `${name}.mjs`);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer().catch((err) => {
    console.error(`The server could not be built: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  });
}
