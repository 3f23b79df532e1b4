// `npm start`: builds the web app and the server when either is missing or older than its sources (a deployment that
// ran `npm run build` first starts without writing anything), then starts the server.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfStale, serverEntry, stale } from './buildServer.mjs';

const root = path.resolve(import.meta.dirname, '..');

// Both sides import common/; package-lock.json stands for the packages they bundle or import.
if (
  stale(path.join(root, 'dist', 'index.html'), [
    'src',
    'common',
    'public',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
  ])
) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await buildServerIfStale();

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry('index')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
