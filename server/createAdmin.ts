/**
 * `npm run create-admin [-- --email a@b.eg --password …] [--name …]`: adds an admin account to the shop's database
 * (DATABASE_URL, else the PGlite database under DATA_DIR; stop the server first then, PGlite allows one process).
 * E-mail and password come from the flags, else ADMIN_EMAIL / ADMIN_PASSWORD, else a prompt; they pass the sign-up checks.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { Writable } from 'node:stream';
import { loadConfig } from './config';
import { openDatabase } from './db';
import type { AppContext } from './context';
import { ValidationError } from './lib/errors';
import { createAdminAccount } from './modules/users';

const FIELD_NAMES: Record<string, string> = { email: 'e-mail', password: 'password', name: 'name' };

/** Asks on the terminal; the password is not echoed. */
async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    muted = hidden;
    return await answer;
  } finally {
    rl.close();
    if (hidden) process.stdout.write('\n');
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const settings = loadConfig(process.env);
  let email = values.email ?? settings.adminEmail;
  let password = values.password ?? settings.adminPassword;
  if ((!email || !password) && process.stdin.isTTY) {
    email ||= await ask('E-mail of the new admin: ');
    password ||= await ask('Password (6 to 72 characters): ', true);
  }
  if (!email || !password) {
    console.error('Give the e-mail and password: --email and --password, or ADMIN_EMAIL and ADMIN_PASSWORD.');
    return 1;
  }

  const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    // Creating an account reads only the database and BCRYPT_ROUNDS, none of a running server's secrets or services.
    const ctx = { config: settings, db } as unknown as AppContext;
    const user = await createAdminAccount(ctx, { email, password, name: values.name });
    console.log(`Created the admin account ${user.email}.`);
    return 0;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const e of err.errors) console.error(`${FIELD_NAMES[e.path] ?? e.path}: ${e.msg}`);
    return 1;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`No admin was created: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
