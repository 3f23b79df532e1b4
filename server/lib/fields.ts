import { Type, type Static, type TNull, type TObject, type TOptional, type TSchema, type TUnion } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ValidationError, fieldError, type FieldError } from './errors';
import { EGYPT_MOBILE } from '../../common/rules/phone';
import { EMAIL, isId, isPresent, text, toInteger, toNumber } from './validate';

/**
 * Request fields, each declared once: a field is its TypeBox schema (what the OpenAPI document says, and the type the
 * handler gets) together with API.md's rules and their messages, checked in the style API.md documents
 * (express-validator's): a field's rules run in order and it reports its first failure; fields report in the order
 * they are declared; params, then the query, then the body, each part answering on its own.
 *
 *   const NewThing = fields({
 *     name: field.text('3–50 characters').minLength(3, 'must be at least 3 chars').maxLength(50, 'Too long name'),
 *     price: field.number({ description: 'EGP' }).required('price is required').numeric('price must be a number'),
 *     phone: field.text('Egyptian mobile').optional().egyptianPhone(),
 *   });
 *
 * What passed is handed on normalised, as its schema types it: text trimmed, numbers as numbers (from JSON numbers or
 * decimal text with Western or Arabic-Indic digits, as forms and the original web app send them), and an optional
 * field that was not sent, or sent as null, left out. The rules read input as leniently as API.md allows (text from
 * any scalar, numbers from text); the schema says what the field really is.
 */

/** What a rule may look at besides the value. */
export interface FieldContext {
  /** The object the field is read from (the body, the query, the path parameters, or a nested object). */
  data: Record<string, unknown>;
  /** The shop (database, settings). */
  ctx: AppContext;
  /** The request, when the fields come from one (the caller, the path parameters). */
  request?: FastifyRequest;
  /** What a handler that checks its own body passes along (the stored row, uploaded files). */
  extra: Readonly<Record<string, unknown>>;
}
type Check = (value: unknown, context: FieldContext) => boolean | Promise<boolean>;
type Message = string | ((value: unknown) => string);

interface FieldSpec {
  rules: { check: Check; message: Message }[];
  /** An absent field (true for undefined and null when optional) skips its rules and is left out. */
  absent?: (value: unknown) => boolean;
  /** The field is read only when this holds (e.g. the current password, only when the e-mail changes). */
  when?: (context: FieldContext) => boolean | Promise<boolean>;
  /** The value as the handler receives it; undefined leaves the field out. */
  read: (value: unknown) => unknown;
  /** A nested object's own fields, checked once the object itself passed. */
  fields?: TObject;
  /** Sent as null, the field is handed on as null without its rules (it clears a stored value). */
  nullable?: true;
  /**
   * Text that may reach a header, a mail, a link, a CSV or a log: control characters are refused (CR/LF too, unless
   * `many` lines are allowed: an address's details, a description, a review).
   */
  lines?: 'one' | 'many';
}

const FIELD = Symbol('field');
const FIELDS = Symbol('fields');

type Annotated = TSchema & { [FIELD]?: FieldSpec; [FIELDS]?: true };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalValue = (v: unknown) => v === undefined || v === null;

/** One field: immutable, so a shared declaration can be extended per route without changing it elsewhere. */
export class Field<S extends TSchema = TSchema, Optional extends boolean = false> {
  constructor(
    readonly schema: S,
    private readonly spec: FieldSpec,
  ) {}

  private with(rule: { check: Check; message: Message }, keywords: Record<string, unknown> = {}): this {
    const schema = { ...this.schema, ...keywords };
    return new Field(schema, { ...this.spec, rules: [...this.spec.rules, rule] }) as unknown as this;
  }

  /** Skip the field when it is not sent or sent as null (with `emptyIsAbsent`, also as blank text); it is left out. */
  optional(options: { emptyIsAbsent?: boolean } = {}): Field<S, true> {
    const absent = (v: unknown) =>
      optionalValue(v) || (options.emptyIsAbsent === true && typeof v === 'string' && v.trim() === '');
    return new Field(this.schema, { ...this.spec, absent });
  }
  /** Skip the field when it is not sent; sent as null it is handed on as null (clearing a stored value). */
  orNull(): Field<TUnion<[S, TNull]>, true> {
    const schema = Type.Union([this.schema, Type.Null()], {
      description: (this.schema as TSchema & { description?: string }).description,
    });
    return new Field(schema, { ...this.spec, absent: (v) => v === undefined, nullable: true });
  }
  /**
   * Not required, yet its rules run whether it is sent or not (null and undefined included): a rule that compares it
   * with the stored row or with another field. A reading of undefined leaves it out.
   */
  alwaysChecked(): Field<S, true> {
    return new Field(this.schema, { ...this.spec, absent: () => false });
  }
  /** The field is read only when `condition` holds; otherwise it is skipped and left out. */
  onlyWhen(condition: (context: FieldContext) => boolean | Promise<boolean>): Field<S, true> {
    return new Field(this.schema, { ...this.spec, when: condition });
  }
  /** The value the handler receives (the kind's own reading otherwise). */
  reading(read: (value: unknown) => unknown): this {
    return new Field(this.schema, { ...this.spec, read }) as this;
  }
  /** Text of several lines: new lines and tabs are taken (other control characters are still refused). */
  multiline(): this {
    return new Field(this.schema, { ...this.spec, lines: 'many' }) as this;
  }
  describe(description: string): this {
    return new Field({ ...this.schema, description }, this.spec) as unknown as this;
  }

  check(check: Check, message: Message) {
    return this.with({ check, message });
  }
  /** Present: not undefined, null or blank text. */
  required(message: Message) {
    return this.with({ check: isPresent, message });
  }
  /** Text: a string, number or boolean (objects and arrays fail). */
  string(message: Message) {
    return this.with({ check: (v) => text(v) !== undefined, message });
  }
  /** At least `min` characters once trimmed (non-text counts as empty). */
  minLength(min: number, message: Message) {
    return this.with({ check: (v) => (text(v) ?? '').length >= min, message }, { minLength: min });
  }
  /** At most `max` characters once trimmed (non-text passes: another rule refuses it). */
  maxLength(max: number, message: Message) {
    return this.with({ check: (v) => text(v) === undefined || text(v)!.length <= max, message }, { maxLength: max });
  }
  matches(pattern: RegExp, message: Message) {
    return this.with({ check: (v) => pattern.test(text(v) ?? ''), message }, { pattern: pattern.source });
  }
  email(message: Message) {
    return this.with({ check: (v) => EMAIL.test((text(v) ?? '').toLowerCase()), message }, { format: 'email' });
  }
  egyptianPhone(message: Message = 'accept only egypt phone numbers') {
    return this.matches(EGYPT_MOBILE, message);
  }
  id(message: Message = 'Invalid ID formate') {
    return this.with({ check: isId, message }, { format: 'uuid' });
  }
  /** A number: a JSON number or decimal text. */
  numeric(message: Message) {
    return this.with({ check: (v) => toNumber(v) !== undefined, message });
  }
  /** A whole number (JSON integer or digits) that satisfies the predicate. */
  integer(predicate: (n: number) => boolean, message: Message) {
    return this.with({
      check: (v) => {
        const n = toInteger(v);
        return n !== undefined && predicate(n);
      },
      message,
    });
  }
  /** A number (see numeric) that satisfies the predicate. */
  number(predicate: (n: number) => boolean, message: Message) {
    return this.with({
      check: (v) => {
        const n = toNumber(v);
        return n !== undefined && predicate(n);
      },
      message,
    });
  }
  oneOf(values: readonly unknown[], message: Message) {
    return this.with({ check: (v) => values.includes(v), message });
  }

  /** The schema with this field's rules attached, as `fields()` puts it in an object. */
  build(): Optional extends true ? TOptional<S> : S {
    const schema: Annotated = { ...this.schema, [FIELD]: this.spec };
    return (this.isOptional() ? Type.Optional(schema) : schema) as never;
  }
  private isOptional() {
    return this.spec.absent !== undefined || this.spec.when !== undefined;
  }
}

export type AnyField = Field<TSchema, boolean>;
type Built<F> = F extends Field<infer S, infer O> ? (O extends true ? TOptional<S> : S) : never;
export type FieldsOf<P extends Record<string, AnyField>> = TObject<{ [K in keyof P]: Built<P[K]> }>;

/**
 * An object of fields: the request part (params, querystring, body) a route declares, or a nested object. With
 * `additionalProperties`, other parameters are passed on as sent (the list filters); otherwise only the declared
 * fields reach the handler.
 */
export function fields<P extends Record<string, AnyField>>(
  properties: P,
  options: { description?: string; additionalProperties?: boolean } = {},
): FieldsOf<P> {
  const object = Type.Object(
    Object.fromEntries(Object.entries(properties).map(([name, f]) => [name, f.build()])) as never,
    options,
  ) as Annotated;
  object[FIELDS] = true;
  return object as never;
}

/** The fields of `object` and then `more`, as one object of fields (a multipart body: its text fields and its files). */
export function withFields<O extends TObject, P extends Record<string, AnyField>>(object: O, more: P): TObject {
  const properties = { ...object.properties, ...fields(more).properties };
  const { description, additionalProperties } = object as { description?: string; additionalProperties?: boolean };
  const result = Type.Object(properties, {
    ...(description !== undefined && { description }),
    ...(additionalProperties !== undefined && { additionalProperties }),
  }) as Annotated;
  result[FIELDS] = true;
  return result as TObject;
}

/** True for an object made by `fields()` (the validator compiler lets these through to the field checks). */
export const isFieldsObject = (schema: unknown): schema is TObject =>
  isObject(schema) && (schema as Annotated)[FIELDS] === true;

/** The same fields, none required (a PUT/PATCH of only the fields sent): each skips when not sent or null. */
export function partial<P extends Record<string, AnyField>>(
  properties: P,
): { [K in keyof P]: Field<SchemaOf<P[K]>, true> } {
  return Object.fromEntries(Object.entries(properties).map(([name, f]) => [name, f.optional()])) as never;
}
type SchemaOf<F> = F extends Field<infer S, boolean> ? S : never;

const build = <S extends TSchema>(schema: S, read: (v: unknown) => unknown, lines?: FieldSpec['lines']) =>
  new Field<S>(schema, { rules: [], read, ...(lines && { lines }) });

/** C0 and C1 controls, DEL and the Unicode line and paragraph separators; with `many` lines, all but \t \n \r. */
/* eslint-disable no-control-regex -- finding control characters is the point */
const CONTROLS = {
  one: /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/,
  many: /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/,
};
/* eslint-enable no-control-regex */

/** The kinds of field; each reads its value as the handler receives it. */
export const field = {
  /** Text, trimmed; sent as a string, or a number or boolean taken as its text. */
  text: (description?: string) => build(Type.String({ description }), text, 'one'),
  /** An e-mail, trimmed and lower-cased (API.md §3.3). */
  email: (description = 'E-mail (trimmed, lower-cased)') =>
    build(Type.String({ description }), (v) => text(v)?.toLowerCase(), 'one'),
  /** A password exactly as typed (never trimmed): text, or a number taken as its digits. */
  password: (description?: string) => build(Type.String({ description }), passwordText),
  /** An id (ours are UUIDs). */
  uuid: (description?: string) => build(Type.String({ description }), (v) => (typeof v === 'string' ? v : undefined)),
  /** A number: JSON, or decimal text (Western or Arabic-Indic digits). */
  number: (options: { description?: string; minimum?: number; maximum?: number; exclusiveMinimum?: number } = {}) =>
    build(Type.Number(options), toNumber),
  /** A whole number: a JSON integer, or digits. */
  integer: (options: { description?: string; minimum?: number; maximum?: number } = {}) =>
    build(Type.Integer(options), toInteger),
  /** true or false, also as the text forms send. */
  boolean: (description?: string) => build(Type.Boolean({ description }), toBoolean),
  /** One of a few words. */
  oneOf: <const T extends string>(values: readonly T[], description?: string) =>
    build(Type.Unsafe<T>({ type: 'string', enum: values, description }), (v) =>
      (values as readonly unknown[]).includes(v) ? v : undefined,
    ),
  /** A nested object of fields (its own rules first, then its fields, reported at `name.field`). */
  object: <O extends TObject>(object: O, description?: string) =>
    new Field<O>({ ...object, ...(description && { description }) } as O, {
      rules: [],
      read: (v) => v,
      fields: object,
    }),
  /** Any other shape: the schema the handler's value has, and how it is read. */
  custom: <S extends TSchema>(schema: S, read: (value: unknown) => unknown) => build(schema, read),
  /**
   * A file part of a multipart body, for the OpenAPI document only: the upload reader takes files apart from the
   * text fields (server/plugins/uploads.ts), so this field never has a value to check.
   */
  file: (description: string, many = false) => {
    const one = Type.String({ format: 'binary', description });
    return build(many ? Type.Array(one, { description }) : one, () => undefined).optional();
  },
};

/** A password exactly as typed (never trimmed), or undefined when it is not text. */
export const passwordText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** `true`/`false` as JSON booleans or as the strings urlencoded bodies carry. */
export const toBoolean = (value: unknown) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

export { isObject as isPlainObject };

/** Path parameters that are all ids, each answering `Invalid ID formate`: `IdParams('id')`, `IdParams('productId', 'id')`. */
export function IdParams<K extends string>(...names: K[]) {
  return fields(
    Object.fromEntries(names.map((name) => [name, field.uuid('Opaque id (a UUID in this shop)').id()])) as {
      [P in K]: Field<ReturnType<typeof Type.String>>;
    },
  );
}

// ————— Checking —————

type Location = FieldError['location'];

async function firstFailure(spec: FieldSpec, value: unknown, context: FieldContext): Promise<string | undefined> {
  for (const { check, message } of spec.rules) {
    if (!(await check(value, context))) return typeof message === 'function' ? message(value) : message;
  }
  return undefined;
}

async function checkObject(
  location: Location,
  object: TObject,
  data: unknown,
  context: Omit<FieldContext, 'data'>,
  prefix: string,
  errors: FieldError[],
): Promise<Record<string, unknown>> {
  const record: Record<string, unknown> = isObject(data) ? data : {};
  const result: Record<string, unknown> = {};
  const here = { ...context, data: record };
  for (const [name, schema] of Object.entries(object.properties as Record<string, Annotated>)) {
    const spec = schema[FIELD];
    if (!spec) throw new Error(`${prefix}${name} is not declared with field (server/lib/fields.ts)`);
    // Own properties only: `__proto__` or `constructor` in a body are plain unknown names.
    const value = Object.hasOwn(record, name) ? record[name] : undefined;
    if (spec.when && !(await spec.when(here))) continue;
    if (spec.absent?.(value)) continue;
    if (value === null && spec.nullable) {
      result[name] = null;
      continue;
    }
    const failure =
      spec.lines && typeof value === 'string' && CONTROLS[spec.lines].test(value)
        ? `Invalid ${name}: control characters are not allowed`
        : await firstFailure(spec, value, here);
    if (failure !== undefined) {
      errors.push(fieldError(location, `${prefix}${name}`, failure, value));
      continue;
    }
    const read = spec.fields
      ? await checkObject(location, spec.fields, value, context, `${prefix}${name}.`, errors)
      : spec.read(value);
    if (read !== undefined) result[name] = read;
  }
  if ((object as { additionalProperties?: unknown }).additionalProperties === true) {
    for (const [name, value] of Object.entries(record))
      if (!Object.hasOwn(object.properties, name)) result[name] = value;
  }
  return result;
}

/**
 * Checks `data` against an object of fields: throws API.md's 400 with each failing field's first message, or answers
 * the normalised values as the schema types them. `from` is the request, or the shop for fields read elsewhere (the
 * first admin from the settings).
 */
export async function checkFields<S extends TObject>(
  from: FastifyRequest | { ctx: AppContext },
  location: Location,
  schema: S,
  data: unknown,
  extra: Record<string, unknown> = {},
): Promise<Static<S>> {
  const errors: FieldError[] = [];
  const context = 'ctx' in from ? { ctx: from.ctx, extra } : { ctx: from.server.ctx, request: from, extra };
  const value = await checkObject(location, schema, data, context, '', errors);
  if (errors.length) throw new ValidationError(errors);
  return value as Static<S>;
}
