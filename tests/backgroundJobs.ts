import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the tests need made once per run (the web app's build, the migrated and the seeded database), made by
 * processes of their own while the first tests run instead of before any test may start: the web tests, which need
 * none of it, come first (tests/sequencer.ts). A job has a folder (TEST_JOB_DIR in its environment): its command may
 * leave its result there (writeJobResult), and the file DONE, or FAILED with what the command printed, tells the test
 * workers waiting for it (jobResult) that it has ended.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DONE = 'done';
const FAILED = 'failed.txt';
const RESULT = 'result.json';

export interface BackgroundJob {
  /** The job's folder, which the workers are given (project.provide) to wait on. */
  dir: string;
  /** Whether it succeeded, once it has ended. */
  ended: Promise<boolean>;
  /** Ends the job if it still runs, and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts `command` in the background, once `after` (a job it needs) has succeeded. Runs in vitest's main process;
 * `env` replaces its environment.
 */
export function startJob(
  name: string,
  command: string,
  args: string[],
  { after, env = process.env }: { after?: BackgroundJob; env?: NodeJS.ProcessEnv } = {},
): BackgroundJob {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-tests-${name}-`));
  let stopped = false;
  let kill = () => {};
  const fail = async (why: string) => {
    await fsp.writeFile(path.join(dir, FAILED), `${name}: ${why}`).catch(() => undefined);
    return false;
  };
  const ended = (async () => {
    if (after && !(await after.ended)) return fail('not started, as a job it needs failed');
    if (stopped) return false;
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...env, TEST_JOB_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    kill = () => child.kill();
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => {
      child.once('error', (err) => ((output += String(err)), resolve(null)));
      child.once('close', resolve);
    });
    if (code !== 0) return fail(`failed (exit code ${code}):\n${output.split('\n').slice(-60).join('\n')}`);
    await fsp.writeFile(path.join(dir, DONE), '');
    return true;
  })();
  return {
    dir,
    ended,
    async stop() {
      stopped = true;
      kill();
      await ended;
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/** A job whose command is one of the tests' TypeScript scripts, run by Node through tsx. */
export const scriptJob = (name: string, script: string, after?: BackgroundJob) =>
  startJob(name, process.execPath, ['--import', 'tsx', path.join(ROOT, script)], { after });

/** The environment without what vitest sets in its own (TEST, VITEST, NODE_ENV=test): a build as `npm run build` makes. */
export function outsideVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TEST: _test, VITEST: _vitest, ...rest } = env;
  if (rest.NODE_ENV === 'test') delete rest.NODE_ENV;
  return rest;
}

/** In a job's script: its folder (TEST_JOB_DIR). */
export function jobDir(): string {
  const dir = process.env.TEST_JOB_DIR;
  if (!dir) throw new Error('TEST_JOB_DIR is not set: this script is run as a background job of the tests');
  return dir;
}

/** In a job's script: leaves its result for the workers. */
export function writeJobResult(value: unknown) {
  fs.writeFileSync(path.join(jobDir(), RESULT), JSON.stringify(value));
}

/** In a test worker: waits for the job of folder `dir` to end, and gives its result, or throws why it failed. */
export async function jobResult<T>(dir: string): Promise<T> {
  for (;;) {
    if (fs.existsSync(path.join(dir, DONE))) {
      const result = path.join(dir, RESULT);
      return (fs.existsSync(result) ? JSON.parse(await fsp.readFile(result, 'utf8')) : undefined) as T;
    }
    if (fs.existsSync(path.join(dir, FAILED))) throw new Error(await fsp.readFile(path.join(dir, FAILED), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
