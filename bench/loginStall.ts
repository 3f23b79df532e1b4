import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, serveSeededShop } from './seededChild';

/**
 * `npx tsx bench/loginStall.ts`: what failed logins cost other visitors. A demo shop on PGlite (bcrypt cost 10, the
 * default) runs in its own process; one visitor reads the product list over and over, alone and then while 60 logins
 * with a wrong password arrive at once (3 rounds). Prints the visitor's p50/p99 for both and how long the logins took.
 * BENCH_LOGIN_ROUNDS changes the number of rounds. Figures are reported, never asserted.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const LOGINS = 60;
const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS) || 3;
const LIST = '/api/v1/products?limit=20&page=1';

/** The child: a seeded demo shop on a temporary PGlite folder, without rate limits (the logins stay within them anyway). */
const serve = () => serveSeededShop('login');

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { n: sorted.length, p50: Math.round(percentile(sorted, 0.5)), p99: Math.round(percentile(sorted, 0.99)) };
};

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function main() {
  const child = fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LOGIN_CHILD: '1', NODE_ENV: 'development' },
    cwd: path.join(HERE, '..'),
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', resolve as (m: unknown) => void);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const list = () => fetch(`${base}${LIST}`);
  const login = (n: number) =>
    fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: n % 2 ? 'user@shop.local' : `nobody${n}@shop.local`, password: 'wrong-password' }),
    });

  try {
    for (let i = 0; i < 50; i++) await timed(list); // warm-up
    const alone: number[] = [];
    for (let i = 0; i < 200; i++) alone.push((await timed(list)).ms);

    const during: number[] = [];
    const loginMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let running = true;
      const logins = Promise.all(
        Array.from({ length: LOGINS }, (_, n) =>
          timed(() => login(n)).then((r) => {
            if (r.status !== 401) throw new Error(`a wrong login answered ${r.status}`);
            loginMs.push(r.ms);
          }),
        ),
      ).finally(() => (running = false));
      const visitor = (async () => {
        while (running) during.push((await timed(list)).ms);
      })();
      await Promise.all([logins, visitor]);
    }

    const a = summary(alone);
    const d = summary(during);
    const l = summary(loginMs);
    console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
    console.log(`product list alone:               p50 ${a.p50} ms  p99 ${a.p99} ms  (${a.n} requests)`);
    console.log(
      `product list during ${LOGINS} logins: p50 ${d.p50} ms  p99 ${d.p99} ms  (${d.n} requests, ${ROUNDS} rounds)`,
    );
    console.log(`failed logins:                    p50 ${l.p50} ms  p99 ${l.p99} ms  (${l.n} logins)`);
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.env.BENCH_LOGIN_CHILD === '1') await serve();
else await main();
