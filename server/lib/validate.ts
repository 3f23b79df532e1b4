// One digit normalisation for the shop, shared with the web app (common/ is plain TypeScript both sides import, as
// the order mail does with the price and date formats).
import { toAsciiDigits } from '../../common/digits';

/**
 * How the shop reads raw request values, for the field rules (server/lib/fields.ts) and the few readers outside
 * them: text from any scalar, trimmed; numbers from JSON or decimal text (Western or Arabic-Indic digits); ids; the
 * patterns API.md's rules use.
 */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The value as trimmed text, or undefined when it is not a scalar (objects and arrays never pass text rules). */
export const text = (value: unknown): string | undefined => (isScalar(value) ? String(value).trim() : undefined);

/** Plain decimal notation only: `Number()` would also read "0x10", "0b11", "0o7", "1e3" and "Infinity". */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;

/**
 * A number from a JSON number or a numeric string (multipart, urlencoded and the original web app send strings).
 * Strings are read only in decimal notation, with Western or Arabic-Indic digits.
 */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = toAsciiDigits(value.trim());
  if (!DECIMAL.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A whole number: a JSON integer, or a string of decimal digits (no fraction, exponent or other base). */
export function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = toAsciiDigits(value.trim());
  if (!INTEGER.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export const isPresent = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

export const isId = (value: unknown) => typeof value === 'string' && UUID.test(value);
