import { paginationResult, type PageQuery, type PaginationResult } from '../db/pagedList';
import { ValidationError, fieldError } from './errors';
import { isId, toInteger, toNumber } from './validate';

/**
 * The list features of API.md section 2 (filters, sort, fields, keyword, page, limit) turned into
 * parameterised SQL for one resource. Only allow-listed fields and the operators gte, gt, lte, lt
 * and in reach the database.
 */
/**
 * Each type says what its column holds, so a filter value that the column cannot hold is refused here
 * (400, `location: 'query'`) instead of failing in the database: `int`/`bigint` are int4/int8 columns,
 * `money`/`bigMoney` are EGP stored as int4/int8 piastres, `decimal` is numeric(precision, scale).
 */
export type FieldType =
  'int' | 'bigint' | 'money' | 'bigMoney' | 'decimal' | 'text' | 'id' | 'date' | 'bool' | 'textArray';

export type ListField = {
  column: string;
  /** Sortable but not filterable (title, name, updatedAt). */
  sortOnly?: boolean;
} & ({ type: Exclude<FieldType, 'decimal'> } | { type: 'decimal'; precision: number; scale: number });

export interface ListSpec {
  fields: Record<string, ListField>;
  /** Builds the keyword condition from a parameter placeholder such as `$3` bound to the LIKE pattern. */
  keyword?: (placeholder: string) => string;
  /** Turns the raw keyword into the text the LIKE pattern matches (e.g. Arabic folding). */
  normalizeKeyword?: (keyword: string) => string;
  defaultLimit?: number;
  /**
   * Filters of the list beyond its fields' (the products' `options=`): their conditions from the query, each value
   * bound through `bind`.
   */
  filters?: (query: Record<string, unknown>, bind: (value: unknown) => string) => string[];
  /**
   * The column of "newest first", the order of a list asked for no sort it knows: the `createdAt` field's by default,
   * else `created_at`. A table whose moment has another name (the audit log's `at`) says it here.
   */
  newestColumn?: string;
}

/**
 * A keyword match that is more than a LIKE (the products' word search): its condition, and the order of its
 * matches when the request asks for no sort (relevance). Both bind their values through `bind`.
 */
export interface KeywordSearch {
  condition: (bind: (value: unknown) => string) => string;
  rank: (bind: (value: unknown) => string) => string[];
}

/** The page a list asks for (filter, order and window, as pagedList reads it) and the answer's projection. */
export interface ListQuery extends PageQuery {
  /** Projection of the answer objects; undefined = every field. */
  fields?: { include: boolean; names: string[] };
  /** The rows are in the keyword search's relevance order (no sort was asked for). */
  ranked?: true;
}

const RESERVED = new Set(['page', 'limit', 'sort', 'fields', 'keyword']);
const OPERATORS: Record<string, string> = { gte: '>=', gt: '>', lte: '<=', lt: '<' };
export const MAX_LIMIT = 100;
/** API.md §2: deep offsets make the database walk and drop every row before the page. */
export const MAX_DEPTH = 10_000;
/** API.md §2: a one-letter keyword matches nearly everything and cannot use the trigram index. */
export const MIN_KEYWORD = 2;

const INT4_MAX = 2 ** 31 - 1;
const INT4_MIN = -(2 ** 31);
/** int8 reaches further than JS integers stay exact; the safe-integer range is what the server can mean. */
const INT8_MAX = Number.MAX_SAFE_INTEGER;
/** Dates with four-digit years (1–9999): ISO 8601 without expansion, which both PostgreSQL and JS read and write. */
const DATE_MIN = new Date('0001-01-01T00:00:00.000Z').getTime();
const DATE_MAX = new Date('9999-12-31T23:59:59.999Z').getTime();

/** The text as a literal inside a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `page`/`limit`: a whole decimal number ≥ 1, else the default (API.md §2). */
function positiveInt(value: unknown, fallback: number): number {
  const n = toInteger(value);
  return n !== undefined && n >= 1 ? n : fallback;
}

const within = (n: number, min: number, max: number) => n >= min && n <= max;

/** Converts one filter value to its SQL parameter, or throws a query validation error. */
function convert(name: string, field: ListField, raw: unknown): unknown {
  const fail = () => new ValidationError([fieldError('query', name, `Invalid value for ${name}`, raw)]);
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') throw fail();
  const value = String(raw).trim();
  switch (field.type) {
    case 'int':
    case 'bigint': {
      const n = toInteger(value);
      if (n === undefined || !(field.type === 'int' ? within(n, INT4_MIN, INT4_MAX) : within(n, -INT8_MAX, INT8_MAX)))
        throw fail();
      return n;
    }
    case 'money':
    case 'bigMoney': {
      const n = toNumber(value);
      const piastres = n === undefined ? undefined : Math.round(n * 100);
      if (
        piastres === undefined ||
        !(field.type === 'money' ? within(piastres, INT4_MIN, INT4_MAX) : within(piastres, -INT8_MAX, INT8_MAX))
      )
        throw fail();
      return piastres;
    }
    case 'decimal': {
      // numeric(p, s) holds |x| < 10^(p−s) once rounded to s places.
      const n = toNumber(value);
      const scale = 10 ** field.scale;
      if (n === undefined || Math.abs(Math.round(n * scale) / scale) >= 10 ** (field.precision - field.scale))
        throw fail();
      return n;
    }
    case 'id':
      if (!isId(value)) throw new ValidationError([fieldError('query', name, 'Invalid ID formate', raw)]);
      return value;
    case 'date': {
      const ms = new Date(value).getTime();
      if (!within(ms, DATE_MIN, DATE_MAX)) throw fail();
      return new Date(ms).toISOString();
    }
    case 'bool':
      if (value !== 'true' && value !== 'false') throw fail();
      return value === 'true';
    case 'textArray':
      return value.toLowerCase(); // colours are stored lower-cased
    case 'text':
      return value;
  }
}

/** The allow-listed field of that name; own keys only, so `constructor` or `__proto__` are just unknown names. */
const fieldOf = (spec: ListSpec, name: string): ListField | undefined =>
  Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `baseConditions` may already use `baseParams` as $1..$n; new parameters continue from there. */
export function buildListQuery(
  query: Record<string, unknown>,
  spec: ListSpec,
  baseConditions: string[] = [],
  baseParams: unknown[] = [],
  search?: KeywordSearch,
): ListQuery {
  const params = [...baseParams];
  const conditions = [...baseConditions];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  for (const [name, raw] of Object.entries(query)) {
    if (RESERVED.has(name) || isEmpty(raw)) continue;
    const field = fieldOf(spec, name);
    if (!field || field.sortOnly) continue; // unknown filters are ignored silently (API.md §2)
    const isArrayField = field.type === 'textArray';
    const equals = (value: unknown) =>
      isArrayField ? `${field.column} @> ARRAY[${bind(value)}]::text[]` : `${field.column} = ${bind(value)}`;

    if (typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [op, opValue] of Object.entries(raw as Record<string, unknown>)) {
        if (op === 'in') {
          const values = (Array.isArray(opValue) ? opValue : String(opValue ?? '').split(',')).filter(
            (v) => !isEmpty(v),
          );
          if (!values.length) continue;
          const converted = values.map((v) => convert(name, field, v));
          conditions.push(
            isArrayField
              ? `${field.column} && ${bind(converted)}::text[]`
              : `${field.column} = ANY(${bind(converted)})`,
          );
        } else if (Object.hasOwn(OPERATORS, op) && !isEmpty(opValue) && !isArrayField) {
          conditions.push(`${field.column} ${OPERATORS[op]} ${bind(convert(name, field, opValue))}`);
        }
      }
    } else if (Array.isArray(raw)) {
      const values = raw.filter((v) => !isEmpty(v)).map((v) => convert(name, field, v));
      if (values.length) conditions.push(`(${values.map(equals).join(' OR ')})`);
    } else {
      conditions.push(equals(convert(name, field, raw)));
    }
  }

  if (spec.filters) conditions.push(...spec.filters(query, bind));
  if (search) conditions.push(search.condition(bind));
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  if (keyword && spec.keyword) {
    const normalized = spec.normalizeKeyword ? spec.normalizeKeyword(keyword) : keyword;
    if ([...normalized.trim()].length >= MIN_KEYWORD)
      conditions.push(spec.keyword(bind(`%${escapeLike(normalized)}%`)));
  }

  const whereParams = params.length;
  // Sort: '-a' descending, '+a', ' a' (a '+' decoded as a space) or 'a' ascending; unknown names ignored.
  const order: string[] = [];
  const sortParam = typeof query.sort === 'string' ? query.sort : '';
  for (const part of sortParam.split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const descending = trimmed.startsWith('-');
    const name = trimmed.replace(/^[-+]/, '');
    const field = fieldOf(spec, name);
    if (field) order.push(`${field.column} ${descending ? 'DESC' : 'ASC'}`);
  }
  const ranked = !order.length && !!search;
  if (ranked) order.push(...search.rank(bind));
  if (!order.length) order.push(`${spec.newestColumn ?? spec.fields.createdAt?.column ?? 'created_at'} DESC`);
  const idColumn = spec.fields.createdAt?.column.replace(/created_at$/, 'id') ?? 'id';
  const lastDirection = order[order.length - 1].endsWith('DESC') ? 'DESC' : 'ASC';
  order.push(`${idColumn} ${lastDirection}`); // stable pages

  const page = positiveInt(query.page, 1);
  const limit = Math.min(positiveInt(query.limit, spec.defaultLimit ?? 50), MAX_LIMIT);
  if (page * limit > MAX_DEPTH)
    throw new ValidationError([fieldError('query', 'page', 'Page is too deep; narrow the search', query.page)]);

  let fields: ListQuery['fields'];
  if (typeof query.fields === 'string' && query.fields.trim()) {
    const names = query.fields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const exclude = names.every((n) => n.startsWith('-'));
    fields = { include: !exclude, names: names.map((n) => n.replace(/^[-+]/, '')) };
  }

  return {
    where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    orderBy: `ORDER BY ${order.join(', ')}`,
    params,
    whereParams,
    page,
    limit,
    offset: (page - 1) * limit,
    fields,
    ...(ranked && { ranked }),
  };
}

/** Applies `fields=` to an answer object; `_id` always stays; secret fields never exist on answer objects. */
export function project<T extends Record<string, unknown>>(obj: T, fields: ListQuery['fields']): Partial<T> {
  if (!fields) return obj;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const listed = fields.names.includes(key);
    if (key === '_id' || (fields.include ? listed : !listed)) result[key] = value;
  }
  return result as Partial<T>;
}

export interface ListResponse<T> {
  results: number;
  /** Ours: more match than `results`, the most a list counts (see PagedListSql.countCap). */
  resultsCapped?: true;
  paginationResult: PaginationResult;
  data: T[];
}

export function listResponse<T extends Record<string, unknown>>(
  data: T[],
  results: number,
  q: ListQuery,
  capped?: true,
): ListResponse<Partial<T>> {
  return {
    results,
    ...(capped && { resultsCapped: capped }),
    paginationResult: paginationResult(q, results),
    data: data.map((d) => project(d, q.fields)),
  };
}
