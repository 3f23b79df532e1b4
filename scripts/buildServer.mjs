// Builds the server's commands (server/index.ts, migrate.ts, createAdmin.ts) into plain JavaScript under build/server/,
// one file each plus their shared chunks, with the packages left to node_modules. A built server starts with half
// the CPU of one run through tsx (no loader hooks over ~180 files), which every start, restart and test process pays.
// As a script (the npm scripts run it) it builds only when the build is missing or older than its sources, so a
// deployment that ran `npm run build` first writes nothing at start; the tests' global set-up always builds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_BUILD_DIR = path.join(root, 'build', 'server');

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

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** Whether `built` is missing or older than any of `sources` (paths from the project's root). */
export function stale(built, sources) {
  const existing = sources.map((p) => path.join(root, p)).filter(existsSync);
  return !existsSync(built) || Math.max(...existing.map(newestMtime)) > statSync(built).mtimeMs;
}

/**
 * For the commands (`npm start`, the npm scripts): builds the server when its build is missing or older than the code
 * it bundles (common/ too) or the packages; a failed build ends the command with one line saying so.
 */
export async function buildServerIfStale() {
  if (!stale(serverEntry('index'), ['server', 'common', 'scripts/buildServer.mjs', 'package-lock.json'])) return;
  console.log('Building the server…');
  try {
    await buildServer();
  } catch (err) {
    console.error(`The server could not be built: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServerIfStale();
