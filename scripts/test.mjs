// `npm test`: typecheck, lint, formatting, web tests, server tests (PGlite, and PostgreSQL when one answers) and end-to-end
// tests in Chromium; ends with one 'N passed, N failed' line over every test run. It finds (or, as root with apt,
// installs) what the tests need itself, so `npm install && npm test` is the whole set-up on a fresh machine.
//
// Typecheck, lint and the formatting check run beside the tests, at a lower CPU priority: they take the time the tests leave idle (a
// test waiting for a process, the browser or the database) without slowing them. Their output follows the tests'.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresAnswers, redisAnswers } from './services.mjs';

const only = process.argv[2]; // optional: web | server | e2e
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Stage labels in the order they are reported; the first failed one is named at the end. */
const stages = [];
const failed = new Set();
const npx = 'npx';
const took = new Map();
/** Test files at once: two more than the cores, since many files spend much of their time waiting (for a browser, a
 * process, the database server or the shop's own delays); on 2 cores, 3 workers left a sixth of the end-to-end part
 * idle (496 s in all), 4 filled it (459 s), 5 spent more on imports than they filled (486 s). TEST_WORKERS= sets it. */
const WORKERS = Number(process.env.TEST_WORKERS) || os.availableParallelism() + 2;
const hasNice = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;
const startedAt = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs a command to its end; with `quiet`, its output goes to a file instead (printed by `report`). */
function run(label, command, args, { env = process.env, quiet = false, niceness = 0 } = {}) {
  stages.push(label);
  const started = Date.now();
  const logFile = quiet ? path.join(reportDir, `${label.replace(/\W+/g, '-')}.log`) : undefined;
  const log = logFile ? fs.openSync(logFile, 'w') : undefined;
  if (!quiet) console.log(`\n▶ ${label}`);
  const niced = niceness && hasNice ? ['nice', ['-n', String(niceness), command, ...args]] : [command, args];
  const child = spawn(...niced, { stdio: quiet ? ['ignore', log, log] : 'inherit', env });
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`${label}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  }).then((code) => {
    if (log !== undefined) fs.closeSync(log);
    if (code !== 0) failed.add(label);
    took.set(label, Date.now() - started);
    if (!quiet) console.log(`${code === 0 ? '✓' : '✗'} ${label}: ${seconds(took.get(label))}`);
    return { label, ok: code === 0, logFile };
  });
}

/** Prints what a quiet step said, once it has ended. */
async function report(pending) {
  const { label, ok, logFile } = await pending;
  console.log(`\n▶ ${label} (ran beside the tests)`);
  const output = fs.readFileSync(logFile, 'utf8').trim();
  if (output) console.log(output);
  console.log(`${ok ? '✓' : '✗'} ${label}: ${seconds(took.get(label))}`);
}

/** One vitest run of `projects`; its files share the workers, so one project's waits are another's CPU time. */
async function vitest(label, projects, env = process.env) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const selected = projects.flatMap((project) => ['--project', project]);
  await run(
    label,
    npx,
    [
      'vitest',
      'run',
      ...selected,
      `--maxWorkers=${WORKERS}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { env },
  );
  if (!fs.existsSync(report)) {
    failed.add(label);
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  if (json.numTotalTests === 0 || json.numFailedTests > 0 || !json.success) failed.add(label);
}

/**
 * Chromium for the end-to-end tests: CHROMIUM_PATH; else Chromium's headless shell (Debian's chromium-headless-shell:
 * the same Blink in half the CPU time of the full browser, tests/e2e/chromium.ts), installed when this machine may;
 * else the full browser.
 */
function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  const shell = '/usr/bin/chromium-headless-shell';
  if (fs.existsSync(shell)) return shell;
  const mayInstall =
    process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (mayInstall) {
    console.log(
      "Installing Debian's chromium-headless-shell package (Chromium's headless shell) for the end-to-end tests",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
    if (fs.existsSync(shell)) return shell;
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((file) =>
    fs.existsSync(file),
  );
}

/** A PostgreSQL server for the second run of the server tests: TEST_DATABASE_URL (`off` for none), else the local one. */
async function findPostgres() {
  const url = process.env.TEST_DATABASE_URL;
  if (url === 'off') return undefined;
  if (url) return url;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  return (await postgresAnswers(local)) ? local : undefined;
}

const needsE2e = !only || only === 'e2e';
if (needsE2e) {
  const chromium = findChromium();
  if (!chromium) {
    console.error(
      'Chromium is needed for the end-to-end tests: apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH',
    );
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = chromium;
}
const postgresUrl = !only || only === 'server' ? await findPostgres() : undefined;
if (!only || only === 'server') {
  console.log(
    postgresUrl
      ? `PostgreSQL found: server tests run on PGlite and on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//')})`
      : 'No PostgreSQL answers: server tests run on PGlite only (set TEST_DATABASE_URL to add one)',
  );
}
if (needsE2e) {
  // The multi-process end-to-end test needs PostgreSQL and Redis besides; without them it is skipped, saying so.
  const redisUrl = new URL(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');
  if (!(await redisAnswers(redisUrl.href)))
    console.log(
      `No Redis answers at ${redisUrl.host}: the multi-process end-to-end test will be skipped (set TEST_REDIS_URL)`,
    );
}
// The npm scripts of the same names. Each keeps what it found under node_modules/.cache (tsc's build info, ESLint's and
// Prettier's caches, keyed by each file's content and the settings), so a run after a few edits checks only those: 6
// instead of 65 CPU-seconds. The typecheck is TypeScript 7's native compiler (the npm alias typescript-native): the
// same checks as TypeScript 5.9, which stays for typescript-eslint (it needs 5.9's JavaScript API), in a third of the
// CPU time.
const beside = only
  ? []
  : ['typecheck', 'lint', 'format:check'].map((script) =>
      run(script, 'npm', ['run', '--silent', script], { quiet: true, niceness: 10 }),
    );
// Every suite runs in one vitest run. The end-to-end tests' global set-up builds the web app and seeds the demo shop in
// the background while the web tests run (tests/backgroundJobs.ts).
const projects = [
  ...(!only || only === 'web' ? ['web'] : []),
  ...(!only || only === 'server' ? ['server', ...(postgresUrl ? ['server-postgres'] : [])] : []),
  ...(needsE2e ? ['e2e'] : []),
];
const described = {
  web: 'web',
  server: 'server on PGlite',
  'server-postgres': 'server on PostgreSQL',
  e2e: 'end-to-end in Chromium',
};
if (projects.length)
  await vitest(`tests (${projects.map((project) => described[project]).join(', ')})`, projects, {
    ...process.env,
    ...(postgresUrl && { TEST_DATABASE_URL: postgresUrl }),
    // A larger young generation for the test workers, which allocate fast (a rendered page, a PGlite result, a
    // response per request): fewer scavenges, 4–7 % less CPU measured on the web and server tests.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' '),
  });
for (const pending of beside) await report(pending);

const failedStage = stages.find((label) => failed.has(label));
console.log(
  `\n${stages.map((label) => `${label} ${seconds(took.get(label))}`).join(', ')}; in all ${seconds(Date.now() - startedAt)}`,
);
console.log(
  `${failedStage ? `failed stage: ${failedStage}\n` : ''}tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedStage ? 1 : 0);
