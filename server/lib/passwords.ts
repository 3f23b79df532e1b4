import bcrypt from 'bcryptjs';

/** Slow hash (bcrypt); the cost comes from BCRYPT_ROUNDS so tests can run cheaper. */
export const hashPassword = (password: string, rounds: number) => bcrypt.hash(password, rounds);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
