import axios, { type InternalAxiosRequestConfig } from 'axios';
import { getStored } from '../lib/storage';
import { FAILURE_TEXTS } from '../lib/failures';
import type { ApiError, FieldError } from './types';

/** Origin of the API server ('' = same origin as the web app). */
export const API_ORIGIN = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

/** The one HTTP client of the web app. Feature code calls it only through src/api/<area>.ts functions. */
export const apiClient = axios.create({ baseURL: `${API_ORIGIN}/api/v1` });

// Catalogue reads, the governorates and GET /shop are public: the server ignores a token there (API.md §0), and not sending it keeps
// them cacheable and stops a stale token from leaking into logs.
// The shop's settings (/shop/settings) and the admin's governorate calls are not: only those two paths themselves.
// Nor is the owner's catalogue sheet (/products/export.csv).
const PUBLIC_READ =
  /^\/?(?:(?:categories|subcategories|brands)(?=[/?#]|$)|products(?!\/export\.csv)(?=[/?#]|$)|(?:shop|delivery\/governorates)(?=[?#]|$))/;

function isPublicRead(config: Pick<InternalAxiosRequestConfig, 'method' | 'url'>): boolean {
  return (config.method ?? 'get').toLowerCase() === 'get' && PUBLIC_READ.test(config.url ?? '');
}

apiClient.interceptors.request.use((config) => {
  const token = getStored('token');
  if (token && !isPublicRead(config)) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

let sessionExpired: (() => void) | null = null;

/** Called on a 401 to a call that carried the current token (app/session.ts registers it, so src/api needs no store). */
export function onSessionExpired(handler: (() => void) | null): void {
  sessionExpired = handler;
}

// A 401 to a call made with the stored token means the token no longer works (expired, or revoked by a password change
// elsewhere). Not for visitors (no token sent), nor for the login and password-recovery calls, whose 401 is about
// the credentials; and not for an older token that a new login has already replaced.
apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (
    axios.isAxiosError(error) &&
    error.response?.status === 401 &&
    error.config &&
    !/^\/?auth\//.test(error.config.url ?? '')
  ) {
    const sent = error.config.headers?.get?.('Authorization') ?? error.config.headers?.Authorization;
    const token = getStored('token');
    if (token && sent === `Bearer ${token}`) sessionExpired?.();
  }
  // Without the table (its chunk not fetched) the failure is still reported, without codes.
  if (axios.isAxiosError(error)) await readCodes(error).catch(() => undefined);
  return Promise.reject(error);
});

type Reading = { code?: string; values?: string[] };
/** Each failed call's codes: of its message, and of each validation error (by position). */
const readings = new WeakMap<object, { message?: Reading; errors?: Reading[] }>();

/**
 * The stable code of an error answer's message, and the values it carries (common/contract/errorCodes.ts): our server
 * sends the code, the original backend none, and it is then read from the message. The table is a chunk of its own,
 * fetched at the first error answer, so no first load carries it; screens word codes, never English sentences.
 */
async function readCodes(error: { response?: { data?: unknown } }) {
  const body = error.response?.data as ErrorBody | undefined;
  if (body?.message === undefined && !Array.isArray(body?.errors)) return;
  const { readMessage } = await import('../../common/contract/errorCodes');
  readings.set(error, {
    message: readMessage(body.message, body.code),
    errors: Array.isArray(body.errors) ? body.errors.map((e) => readMessage(e?.msg, e?.code)) : undefined,
  });
}

// The shop's one wording of a call that got no answer, or an answer nobody expected (lib/failures.ts).
const GENERIC_ERROR_MESSAGE = FAILURE_TEXTS.unexpected;
export const NETWORK_ERROR_MESSAGE = FAILURE_TEXTS.offline;

/** An ApiError thrown on purpose by an api function (already translated; pass it through). */
function isApiError(err: unknown): err is ApiError {
  return (
    typeof err === 'object' && err !== null && !(err instanceof Error) && typeof (err as ApiError).message === 'string'
  );
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  errors?: Array<{ msg?: unknown; path?: unknown; param?: unknown; code?: unknown }>;
}

/**
 * A write the original backend answers with one status alone when it worked (SPEC §8: 200 for a change, 201 for a
 * creation): any other 2xx is a failure, thrown as the ApiError thunks reject with, so no caller compares statuses.
 */
export function expectStatus<T extends { status: number }>(response: T, expected: 200 | 201 = 200): T {
  if (response.status !== expected)
    throw { status: response.status, message: GENERIC_ERROR_MESSAGE } satisfies ApiError;
  return response;
}

/**
 * Turns anything a call can throw into the ApiError that thunks reject with.
 * The message comes from the body's `message`, else the first validation error, else a generic text; `code` with it.
 */
export function toApiError(err: unknown): ApiError {
  if (isApiError(err)) return err;
  if (!axios.isAxiosError(err)) {
    return { message: GENERIC_ERROR_MESSAGE };
  }
  if (!err.response) {
    return { message: NETWORK_ERROR_MESSAGE, network: true };
  }
  const body = (
    typeof err.response.data === 'object' && err.response.data !== null ? err.response.data : {}
  ) as ErrorBody;
  const reading = readings.get(err);
  const errors: FieldError[] | undefined = Array.isArray(body.errors)
    ? body.errors.map((e, i) => ({
        msg: String(e.msg ?? ''),
        path: String(e.path ?? e.param ?? ''),
        ...reading?.errors?.[i],
      }))
    : undefined;
  const message = (typeof body.message === 'string' && body.message) || errors?.[0]?.msg || GENERIC_ERROR_MESSAGE;
  // The message's code and values, from where the message came.
  const { code, values } = (typeof body.message === 'string' && body.message ? reading?.message : errors?.[0]) ?? {};
  const retryAfter = retryAfterSeconds(err.response.headers?.['retry-after']);
  return {
    status: err.response.status,
    message,
    ...(code !== undefined && { code }),
    ...(values !== undefined && { values }),
    ...(errors ? { errors } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

/** Retry-After as whole seconds (the server sends seconds; an HTTP date is read too), or undefined. */
function retryAfterSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
