// `npm start`: builds the web app when it is missing or older than its sources, builds the server (under a second),
// then starts it.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverEntry } from './buildServer.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'dist', 'index.html');

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
  .map((p) => path.join(root, p))
  .filter(fs.existsSync);
const stale = !fs.existsSync(distIndex) || Math.max(...sources.map(newestMtime)) > fs.statSync(distIndex).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

try {
  await buildServer();
} catch (err) {
  console.error(`The server could not be built: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry('index')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
