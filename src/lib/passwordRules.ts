import type { ErrorCode } from '../../common/contract/errorCodes';

/**
 * The one set of rules for a new password (SPEC §5, registration's): registration, the password change
 * and the reset all check it and show the same messages. The server's own minimum is lower (6); its
 * maximum is 72 bytes, the part bcrypt reads, so an Arabic letter counts twice.
 */
export const PASSWORD_MESSAGES = {
  short: 'كلمة السر يجب ان تكون 8 احرف على الاقل',
  upper: 'كلمة السر يجب ان تحتوي على حرف كبير واحد على الاقل',
  lower: 'كلمة السر يجب ان تحتوي على حرف صغير واحد على الاقل',
  digit: 'كلمة السر يجب ان تحتوي على رقم واحد على الاقل',
  space: 'كلمة السر يجب الا تحتوي على مسافات',
  long: 'كلمة السر طويلة جدا: الحد 72 حرفا انجليزيا او 36 حرفا عربيا',
} as const;

const MAX_PASSWORD_BYTES = 72;

/** The first rule the password breaks, in SPEC's order, or null when it passes them all. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return PASSWORD_MESSAGES.short;
  if (!/[A-Z]/.test(password)) return PASSWORD_MESSAGES.upper;
  if (!/[a-z]/.test(password)) return PASSWORD_MESSAGES.lower;
  if (!/\d/.test(password)) return PASSWORD_MESSAGES.digit;
  if (/\s/.test(password)) return PASSWORD_MESSAGES.space;
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return PASSWORD_MESSAGES.long;
  return null;
}

/** The server's password refusals (API.md §5.1–5.2), by code, in Arabic, for a refusal the local check did not catch. */
export const SERVER_PASSWORD_MESSAGES: Partial<Record<ErrorCode, string>> = {
  password_too_short: 'كلمة السر يجب ان تكون 6 احرف على الاقل',
  password_too_long: PASSWORD_MESSAGES.long,
};
