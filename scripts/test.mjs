// `npm test`: typecheck, lint, web tests, server tests (PGlite, and PostgreSQL when one answers) and end-to-end
// tests in Chromium; ends with one 'N passed, N failed' line over every test run. It finds (or, as root with apt,
// installs) what the tests need itself, so `npm install && npm test` is the whole set-up on a fresh machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const only = process.argv[2]; // optional: web | server | e2e
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStage;

function step(label, command, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) failedStage ??= label;
  return result.status === 0;
}

function vitest(label, project, env = process.env) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  step(label, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!fs.existsSync(report)) {
    failedStage ??= label;
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  if (json.numTotalTests === 0 || json.numFailedTests > 0 || !json.success) failedStage ??= label;
}

/** Chromium for the end-to-end tests: CHROMIUM_PATH, the usual places, else Debian's package when this machine may install it. */
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((file) => file && fs.existsSync(file));
  if (found) return found;
  const mayInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!mayInstall) return undefined;
  console.log("Chromium not found: installing Debian's chromium package for the end-to-end tests");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** A PostgreSQL server for the second run of the server tests: TEST_DATABASE_URL (`off` for none), else the local one. */
async function findPostgres() {
  const url = process.env.TEST_DATABASE_URL;
  if (url === 'off') return undefined;
  if (url) return url;
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: local, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return local;
  } catch {
    return undefined;
  }
}

const needsE2e = !only || only === 'e2e';
if (needsE2e) {
  const chromium = findChromium();
  if (!chromium) {
    console.error('Chromium is needed for the end-to-end tests: apt-get install -y chromium, or set CHROMIUM_PATH');
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = chromium;
}
const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;
const postgresUrl = !only || only === 'server' ? await findPostgres() : undefined;
if (!only || only === 'server') {
  console.log(postgresUrl ? `PostgreSQL found: server tests run on PGlite and on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//')})` : 'No PostgreSQL answers: server tests run on PGlite only (set TEST_DATABASE_URL to add one)');
}
if (needsE2e) {
  // The multi-process end-to-end test needs PostgreSQL and Redis besides; without them it is skipped, saying so.
  const redisUrl = new URL(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');
  const net = await import('node:net');
  const redisUp = await new Promise((resolve) => {
    const socket = net.connect(Number(redisUrl.port) || 6379, redisUrl.hostname, () => (socket.destroy(), resolve(true)));
    socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(false));
  });
  if (!redisUp) console.log(`No Redis answers at ${redisUrl.host}: the multi-process end-to-end test will be skipped (set TEST_REDIS_URL)`);
}
if (!only) {
  step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('lint', 'npx', ['eslint', '.']);
}
if (!only || only === 'web') vitest('web tests', 'web');
if (!only || only === 'server') {
  vitest('server tests on PGlite', 'server', withoutPostgres);
  if (postgresUrl) vitest('server tests on PostgreSQL', 'server', { ...process.env, TEST_DATABASE_URL: postgresUrl });
}
if (needsE2e) {
  if (step('web build for end-to-end tests', 'npx', ['vite', 'build'])) vitest('end-to-end tests in Chromium', 'e2e');
}

console.log(`\n${failedStage ? `failed stage: ${failedStage}\n` : ''}tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedStage ? 1 : 0);
