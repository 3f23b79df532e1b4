import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEntry } from '../scripts/buildServer.mjs';

/** What the server and end-to-end tests share for running the real server process and finding local services. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface LogLine {
  msg?: string;
  level?: number;
  req?: { method?: string; url?: string };
}

/**
 * Builds the server for the processes the tests start: once per test run, by whichever global set-up (server or
 * end-to-end project) asks first; they run in vitest's main process, which this promise lasts for.
 */
export function buildServerOnce(): Promise<void> {
  const run = globalThis as { serverBuild?: Promise<void> };
  return (run.serverBuild ??= buildServer());
}

type ServerCommand = 'index' | 'migrate' | 'createAdmin';

/**
 * Starts a command of the built server (scripts/buildServer.mjs, built by the tests' global set-up) as `npm start` and
 * the npm scripts run it, `node --enable-source-maps build/server/<name>.mjs`, with only `env` and the PATH and HOME
 * it needs, so no setting of the test run leaks into it.
 */
function spawnServerCommand(name: ServerCommand, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', serverEntry(name), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a command of the built server (`migrate`, `createAdmin`) to its end: its exit code and all it printed. */
export function runServerCommand(
  name: ServerCommand,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = spawnServerCommand(name, args, env);
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

/** One real server process (the built server/index.ts, as `npm start` runs it), its JSON log lines and its exit. */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly lines: LogLine[] = [];
  stderr = '';
  private waiters: (() => void)[] = [];

  constructor(env: Record<string, string>) {
    this.child = spawnServerCommand('index', [], env);
    let partial = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop()!;
      for (const part of parts) {
        try {
          this.lines.push(JSON.parse(part) as LogLine);
        } catch {
          this.lines.push({ msg: part });
        }
      }
      this.waiters.forEach((check) => check());
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    // 'close', not 'exit': by then stdout and stderr have been read to the end.
    this.exited = new Promise((resolve) =>
      this.child.once('close', (code: number | null, signal: NodeJS.Signals | null) => resolve({ code, signal })),
    );
    void this.exited.then(() => this.waiters.forEach((check) => check()));
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  count(match: (line: LogLine) => boolean) {
    return this.lines.filter(match).length;
  }

  /** Resolves once `count` log lines match; fails if the process ends first. */
  waitForLog(match: (line: LogLine) => boolean, count = 1): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.count(match) >= count) resolve();
        else if (!this.running) reject(new Error(`server exited before logging what was awaited:\n${this.stderr}`));
        else return;
        this.waiters = this.waiters.filter((w) => w !== check);
      };
      this.waiters.push(check);
      check();
    });
  }

  async kill(signal: NodeJS.Signals) {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export { postgresAnswers, redisAnswers } from '../scripts/services.mjs';
