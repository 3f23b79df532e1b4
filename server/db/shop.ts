import { randomBytes } from 'node:crypto';
import type { Queryable } from './index';

export type SecretName = 'jwt' | 'reset_code';

/**
 * The shop's own secret of this name: generated at first start and kept in the database. Processes starting at
 * once each offer a random value; the first insert wins and every process reads back that same one.
 */
export async function storedSecret(db: Queryable, name: SecretName): Promise<string> {
  await db.query('INSERT INTO shop_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  return (await db.one<{ value: string }>('SELECT value FROM shop_secrets WHERE name = $1', [name]))!.value;
}

/** A demo shop is one whose database got the demo catalogue (server/db/seed.ts). */
export const isDemoShop = async (db: Queryable) => Boolean(await db.one(`SELECT 1 FROM seed_runs WHERE name = 'demo'`));
