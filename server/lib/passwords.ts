import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * bcrypt on a few worker threads. bcryptjs is pure JavaScript: on the server's own thread every hash and comparison
 * (about 70 ms at cost 10) holds up every other request, and 60 logins at once stalled the product list for seconds.
 * Here the event loop only passes the job on and waits; jobs beyond the pool's size queue in arrival order.
 * The hashes are the same bcrypt strings as before ($2a$/$2b$), so every stored hash stays valid.
 */
const WORKER_URL = new URL('./passwordWorker.mjs', import.meta.url);
/** One core stays for the event loop (and the database, with PGlite); at least one worker, at most four. */
export const PASSWORD_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));

type Job = {
  op: 'hash' | 'compare';
  password: string;
  arg: string | number;
  resolve: (v: never) => void;
  reject: (e: Error) => void;
};

class BcryptPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];

  run<T>(op: Job['op'], password: string, arg: string | number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ op, password, arg, resolve: resolve as (v: never) => void, reject });
      this.next();
    });
  }

  private next() {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.busy.size < PASSWORD_WORKERS ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      // A busy worker keeps the process alive (a CLI awaiting a hash); an idle one does not.
      worker.ref();
      worker.postMessage({ op: job.op, password: job.password, arg: job.arg });
    }
  }

  private spawn() {
    const worker = new Worker(WORKER_URL);
    worker.on('message', (answer: { value?: unknown; error?: string }) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (answer.error !== undefined) job?.reject(new Error(answer.error));
      else job?.resolve(answer.value as never);
      this.next();
    });
    // A worker that dies takes only its own job with it; the next job gets a fresh worker.
    const lost = (err: Error) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      job?.reject(err);
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`password worker exited with ${code}`)));
    return worker;
  }
}

const pool = new BcryptPool();

/** The pool's two operations, as an object so that a test can watch them (vi.spyOn). */
export const bcryptWorkers = {
  hash: (password: string, rounds: number) => pool.run<string>('hash', password, rounds),
  compare: (password: string, hash: string) => pool.run<boolean>('compare', password, hash),
};

/** Slow hash (bcrypt); the cost comes from BCRYPT_ROUNDS so tests can run cheaper. */
export const hashPassword = (password: string, rounds: number) => bcryptWorkers.hash(password, rounds);
export const verifyPassword = (password: string, hash: string) => bcryptWorkers.compare(password, hash);

/**
 * bcrypt reads only the first 72 bytes: a longer password would log in with anything after them.
 * New passwords are therefore limited by UTF-8 bytes (36 Arabic letters fill them), not characters.
 */
export const MAX_PASSWORD_BYTES = 72;
export const passwordFits = (password: string) => Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Compares against a hash of the same cost that matches nothing, on the same workers as a real comparison, so a
 * login for an unknown e-mail or a deactivated account takes as long as a wrong password and its timing does not
 * tell which e-mails exist.
 */
export async function verifyNothing(password: string, rounds: number): Promise<false> {
  if (!dummyHashes.has(rounds)) dummyHashes.set(rounds, bcryptWorkers.hash(`unused-${Math.random()}`, rounds));
  await bcryptWorkers.compare(password, await dummyHashes.get(rounds)!);
  return false;
}
