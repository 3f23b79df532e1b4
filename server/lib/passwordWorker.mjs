// One bcrypt job at a time, off the server's event loop (see server/lib/passwords.ts). Plain JavaScript so that
// it runs as it is in every worker thread: under tsx, under the test runner and in a built server alike.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ op, password, arg }) => {
  try {
    const value = op === 'hash' ? bcrypt.hashSync(password, arg) : bcrypt.compareSync(password, arg);
    parentPort.postMessage({ value });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});
