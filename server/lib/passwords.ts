import bcrypt from 'bcryptjs';

/** Slow hash (bcrypt); the cost comes from BCRYPT_ROUNDS so tests can run cheaper. */
export const hashPassword = (password: string, rounds: number) => bcrypt.hash(password, rounds);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/**
 * bcrypt reads only the first 72 bytes: a longer password would log in with anything after them.
 * New passwords are therefore limited by UTF-8 bytes (36 Arabic letters fill them), not characters.
 */
export const MAX_PASSWORD_BYTES = 72;
export const passwordFits = (password: string) => Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Compares against a hash of the same cost that matches nothing, so a login for an unknown e-mail or a
 * deactivated account takes as long as a wrong password and its timing does not tell which e-mails exist.
 */
export async function verifyNothing(password: string, rounds: number): Promise<false> {
  if (!dummyHashes.has(rounds)) dummyHashes.set(rounds, bcrypt.hash(`unused-${Math.random()}`, rounds));
  await bcrypt.compare(password, await dummyHashes.get(rounds)!);
  return false;
}
