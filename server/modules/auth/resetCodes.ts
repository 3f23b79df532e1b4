import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { AppContext } from '../../context';
import { toAsciiDigits } from '../../../common/digits';
import { isUniqueViolation } from '../../db/errors';
import { discardResetCode as discardStoredCode, storeResetCode, verifyAnyResetCode, verifyResetCodeOf } from '../users';

/**
 * Password-reset codes (API.md §6.8): six digits from the CSPRNG, kept only as an HMAC with a
 * server secret (a plain hash of a 6-digit code is reversed by trying all million), live for
 * 10 minutes, unique among live codes because the original web app verifies with the code alone.
 */
/** Wrong codes sent with the account's e-mail that lock its code. */
export const MAX_WRONG_ATTEMPTS = 5;
/**
 * Wrong codes sent without an e-mail, by anyone, after which every code live meanwhile can no longer be verified
 * alone (still with its e-mail): a code-alone guesser gets at most this many tries at any one code, 5 in a million.
 */
export const MAX_CODE_ALONE_MISSES = 5;
const MAX_DRAWS = 20;

const hashCode = (ctx: AppContext, code: string) =>
  createHmac('sha256', ctx.config.resetCodeSecret).update(code).digest('hex');

/** The code as six ASCII digits (a number or a string, Arabic-Indic digits allowed), or undefined. */
export function parseResetCode(value: unknown): string | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value < 1_000_000 ? String(value).padStart(6, '0') : undefined;
  if (typeof value !== 'string') return undefined;
  const digits = toAsciiDigits(value.trim());
  return /^[0-9]{6}$/.test(digits) ? digits : undefined;
}

/** Where reset codes come from: the CSPRNG. An object, so that a test can choose the next codes (vi.spyOn). */
export const resetCodeSource = { draw: () => randomInt(0, 1_000_000) };

/** Replaces any earlier code and verification of the user with a new code, which it returns. */
export async function issueResetCode(ctx: AppContext, userId: string): Promise<string> {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const code = String(resetCodeSource.draw()).padStart(6, '0');
    const hash = hashCode(ctx, code);
    try {
      await storeResetCode(ctx.db, userId, hash);
      return code;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // a live code of another account: draw again
    }
  }
  throw new Error('could not draw a free reset code');
}

/** Drops the user's code, unless a newer request has already replaced it. */
export async function discardResetCode(ctx: AppContext, userId: string, code: string) {
  await discardStoredCode(ctx.db, userId, hashCode(ctx, code));
}

/** The stored form of a resetToken: 32 random bytes need no secret or salt, a plain hash keeps a database leak from using it. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Checks a code (of the account with `email`, when given). A right code is used up, opens a 10-minute
 * window for resetPassword and returns the resetToken bound to this verification; a wrong one with
 * `email` counts towards locking that account's code, one without towards locking every live code for
 * verification without its e-mail. Returns undefined when the code is refused.
 */
export async function verifyResetCode(
  ctx: AppContext,
  code: string,
  email: string | undefined,
): Promise<string | undefined> {
  const resetToken = randomBytes(32).toString('base64url');
  const codeHash = hashCode(ctx, code);
  const tokenHash = hashResetToken(resetToken);
  const verified =
    email === undefined
      ? await verifyAnyResetCode(
          ctx.db,
          codeHash,
          { attempts: MAX_WRONG_ATTEMPTS, codeAloneMisses: MAX_CODE_ALONE_MISSES },
          tokenHash,
        )
      : await verifyResetCodeOf(ctx.db, email, codeHash, MAX_WRONG_ATTEMPTS, tokenHash);
  return verified ? resetToken : undefined;
}
