// One digit normalisation for the shop, shared with the web app (common/ is plain TypeScript both sides import, as
// the order mail does with the price and date formats).
import { toAsciiDigits } from '../../common/digits';
import { ValidationError, fieldError, type FieldError } from './errors';

/**
 * Field validation in the style API.md documents (express-validator's): each field has rules in
 * order; a field reports only its first failing rule; fields report in the order they are listed.
 *
 *   await validate('body', request.body, {
 *     name: rules().minLength(3, 'must be at least 3 chars').maxLength(50, 'must be at most 50 chars'),
 *     phone: rules().optional().egyptianPhone(),
 *   });
 */
type Check = (value: unknown, data: Record<string, unknown>) => boolean | Promise<boolean>;
type Message = string | ((value: unknown) => string);

export const EGYPT_PHONE = /^((\+?20)|0)?1[0125]\d{8}$/;
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

export class Rules {
  private checks: { check: Check; message: Message }[] = [];
  /** When set, an absent value skips every rule. */
  private optionalWhen?: (value: unknown) => boolean;

  /** Skip the field when it is missing (undefined or null); with `emptyIsAbsent`, also when it is ''. */
  optional(options: { emptyIsAbsent?: boolean } = {}) {
    this.optionalWhen = (v) =>
      v === undefined || v === null || (options.emptyIsAbsent === true && typeof v === 'string' && v.trim() === '');
    return this;
  }
  check(check: Check, message: Message) {
    this.checks.push({ check, message });
    return this;
  }
  required(message: Message) {
    return this.check(isPresent, message);
  }
  /** Must be text (a string or number); objects and arrays fail. */
  string(message: Message) {
    return this.check((v) => text(v) !== undefined, message);
  }
  minLength(min: number, message: Message) {
    return this.check((v) => (text(v) ?? '').length >= min, message);
  }
  maxLength(max: number, message: Message) {
    return this.check((v) => text(v) === undefined || text(v)!.length <= max, message);
  }
  matches(pattern: RegExp, message: Message) {
    return this.check((v) => pattern.test(text(v) ?? ''), message);
  }
  email(message: Message) {
    return this.check((v) => EMAIL.test((text(v) ?? '').toLowerCase()), message);
  }
  egyptianPhone(message: Message = 'accept only egypt phone numbers') {
    return this.matches(EGYPT_PHONE, message);
  }
  id(message: Message = 'Invalid ID formate') {
    return this.check(isId, message);
  }
  numeric(message: Message) {
    return this.check((v) => toNumber(v) !== undefined, message);
  }
  /** A whole number (see toInteger) that satisfies the predicate. */
  integer(predicate: (n: number) => boolean, message: Message) {
    return this.check((v) => {
      const n = toInteger(v);
      return n !== undefined && predicate(n);
    }, message);
  }
  number(predicate: (n: number) => boolean, message: Message) {
    return this.check((v) => {
      const n = toNumber(v);
      return n !== undefined && predicate(n);
    }, message);
  }
  oneOf(values: readonly unknown[], message: Message) {
    return this.check((v) => values.includes(v), message);
  }
  async run(value: unknown, data: Record<string, unknown>): Promise<string | undefined> {
    if (this.optionalWhen?.(value)) return undefined;
    for (const { check, message } of this.checks) {
      if (!(await check(value, data))) return typeof message === 'function' ? message(value) : message;
    }
    return undefined;
  }
}

export const rules = () => new Rules();

/** Reads a dotted path such as `shippingAddress.phone`. */
function read(data: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (obj, key) => (obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[key] : undefined),
      data,
    );
}

export async function collectErrors(
  location: FieldError['location'],
  data: unknown,
  schema: Record<string, Rules>,
): Promise<FieldError[]> {
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  for (const [path, fieldRules] of Object.entries(schema)) {
    const value = read(record, path);
    const msg = await fieldRules.run(value, record);
    if (msg) errors.push(fieldError(location, path, msg, value));
  }
  return errors;
}

/** Throws a 400 ValidationError listing the first failure of each failing field. */
export async function validate(
  location: FieldError['location'],
  data: unknown,
  schema: Record<string, Rules>,
): Promise<void> {
  const errors = await collectErrors(location, data, schema);
  if (errors.length) throw new ValidationError(errors);
}

/** Validates `:id`-style path parameters. */
export function validateIdParam(params: unknown, name = 'id'): string {
  const value = (params as Record<string, unknown>)[name];
  if (!isId(value)) throw new ValidationError([fieldError('params', name, 'Invalid ID formate', value)]);
  return value as string;
}
