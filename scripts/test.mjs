// `npm test`: typecheck, lint, web tests, server tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
// and end-to-end tests in Chromium; ends with one 'N passed, N failed' line over every test run.
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

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
if (!only) {
  step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('lint', 'npx', ['eslint', '.']);
}
if (!only || only === 'web') vitest('web tests', 'web');
if (!only || only === 'server') {
  vitest('server tests on PGlite', 'server', withoutPostgres);
  if (TEST_DATABASE_URL) vitest('server tests on PostgreSQL', 'server');
}
if (!only || only === 'e2e') {
  if (step('web build for end-to-end tests', 'npx', ['vite', 'build'])) vitest('end-to-end tests in Chromium', 'e2e');
}

console.log(`\n${failedStage ? `failed stage: ${failedStage}\n` : ''}tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedStage ? 1 : 0);
