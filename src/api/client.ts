import { getStored } from '../lib/storage';
import type { ApiError, FieldError } from './types';

/** Origin of the API server ('' = same origin as the web app). */
export const API_ORIGIN = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
const BASE_URL = `${API_ORIGIN}/api/v1`;

/** How much of a request body has been sent. */
export interface UploadProgressEvent {
  loaded: number;
  total?: number;
}

/** What a call may ask for besides its url and body. */
export interface RequestOptions {
  /** Query parameters: arrays as `key[]=a&key[]=b`, objects as `key[name]=a`, undefined and null left out. */
  params?: object;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgressEvent) => void;
}

/** One request as the interceptors see it; `url` is relative to /api/v1. */
export interface RequestConfig extends RequestOptions {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  url: string;
  data?: unknown;
  headers: Headers;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
}

/** A call that got no 2xx answer: `response` is missing when no answer came at all (network down, aborted). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly config: RequestConfig,
    readonly response?: ApiResponse<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}

type RequestInterceptor = (config: RequestConfig) => RequestConfig | Promise<RequestConfig>;
/** Told of every failed call before its caller is; the caller still gets the error. */
type ErrorObserver = (error: unknown) => void;

function interceptorList<T>() {
  const handlers = new Map<number, T>();
  let nextId = 0;
  return {
    handlers,
    use(handler: T): number {
      handlers.set(nextId, handler);
      return nextId++;
    },
    eject(id: number): void {
      handlers.delete(id);
    },
  };
}

function appendParam(query: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) value.forEach((item) => appendParam(query, `${key}[]`, item));
  else if (typeof value === 'object')
    for (const [name, item] of Object.entries(value)) appendParam(query, `${key}[${name}]`, item);
  else query.append(key, String(value));
}

function queryString(params: object | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) appendParam(query, key, value);
  return query.toString();
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends one request over XMLHttpRequest, the one browser API that reports upload progress. */
function send<T>(config: RequestConfig): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = queryString(config.params);
    const url = BASE_URL + config.url + (query ? (config.url.includes('?') ? '&' : '?') + query : '');
    xhr.open(config.method.toUpperCase(), url);
    let body: XMLHttpRequestBodyInit | null = null;
    if (config.data instanceof FormData) body = config.data;
    else if (config.data !== undefined) {
      body = JSON.stringify(config.data);
      if (!config.headers.has('Content-Type')) config.headers.set('Content-Type', 'application/json');
    }
    config.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    if (config.onUploadProgress) {
      const report = config.onUploadProgress;
      xhr.upload.onprogress = (event) =>
        report({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    const { signal } = config;
    // Settles at once: an XMLHttpRequest aborted before it was sent fires no event.
    const abort = () => {
      xhr.abort();
      reject(new HttpError('canceled', config));
    };
    signal?.addEventListener('abort', abort);
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      const response = { data: parseBody(xhr.responseText) as T, status: xhr.status };
      if (xhr.status >= 200 && xhr.status < 300) resolve(response);
      else reject(new HttpError(`Request failed with status code ${xhr.status}`, config, response));
    };
    xhr.onerror = () => {
      settle();
      reject(new HttpError('Network Error', config));
    };
    if (signal?.aborted) abort();
    else xhr.send(body);
  });
}

function createClient() {
  const interceptors = {
    request: interceptorList<RequestInterceptor>(),
    response: interceptorList<ErrorObserver>(),
  };
  async function request<T>(config: RequestConfig): Promise<ApiResponse<T>> {
    let current = config;
    for (const intercept of interceptors.request.handlers.values()) current = await intercept(current);
    try {
      return await send<T>(current);
    } catch (error) {
      for (const observe of interceptors.response.handlers.values()) observe(error);
      throw error;
    }
  }
  const call =
    (method: RequestConfig['method']) =>
    // The answer's type is the caller's to state, as with any JSON.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    <T = any>(url: string, options: RequestOptions = {}) =>
      request<T>({ ...options, method, url, headers: new Headers() });
  const callWithBody =
    (method: RequestConfig['method']) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    <T = any>(url: string, data?: unknown, options: RequestOptions = {}) =>
      request<T>({ ...options, method, url, data, headers: new Headers() });
  return {
    interceptors,
    get: call('get'),
    delete: call('delete'),
    post: callWithBody('post'),
    put: callWithBody('put'),
    patch: callWithBody('patch'),
  };
}

/**
 * The one HTTP client of the web app. Feature code calls it only through src/api/<area>.ts functions. Our own
 * small client rather than axios: the shop needs JSON and multipart calls with a token, query parameters, aborting
 * and upload progress, and axios brought about 17 KB gzip of features beyond these into every first load.
 */
export const apiClient = createClient();

// Catalogue reads and GET /shop are public: the server ignores a token there (API.md §0), and not sending it keeps
// them cacheable and stops a stale token from leaking into logs.
const PUBLIC_READ = /^\/?(categories|subcategories|brands|products|shop)(?=[/?#]|$)/;

function isPublicRead(config: Pick<RequestConfig, 'method' | 'url'>): boolean {
  return config.method === 'get' && PUBLIC_READ.test(config.url);
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
apiClient.interceptors.response.use((error: unknown) => {
  if (isHttpError(error) && error.response?.status === 401 && !/^\/?auth\//.test(error.config.url)) {
    const sent = error.config.headers.get('Authorization');
    const token = getStored('token');
    if (token && sent === `Bearer ${token}`) sessionExpired?.();
  }
});

const GENERIC_ERROR_MESSAGE = 'حدث خطأ غير متوقع، حاول مرة أخرى';
export const NETWORK_ERROR_MESSAGE = 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت';

/** An ApiError thrown on purpose by an api function (already translated; pass it through). */
function isApiError(err: unknown): err is ApiError {
  return (
    typeof err === 'object' && err !== null && !(err instanceof Error) && typeof (err as ApiError).message === 'string'
  );
}

interface ErrorBody {
  message?: unknown;
  errors?: Array<{ msg?: unknown; path?: unknown; param?: unknown }>;
}

/**
 * Turns anything a call can throw into the ApiError that thunks reject with.
 * The message comes from the body's `message`, else the first validation error, else a generic text.
 */
export function toApiError(err: unknown): ApiError {
  if (isApiError(err)) return err;
  if (!isHttpError(err)) {
    return { message: GENERIC_ERROR_MESSAGE };
  }
  if (!err.response) {
    return { message: NETWORK_ERROR_MESSAGE };
  }
  const body = (
    typeof err.response.data === 'object' && err.response.data !== null ? err.response.data : {}
  ) as ErrorBody;
  const errors: FieldError[] | undefined = Array.isArray(body.errors)
    ? body.errors.map((e) => ({ msg: String(e.msg ?? ''), path: String(e.path ?? e.param ?? '') }))
    : undefined;
  const message = (typeof body.message === 'string' && body.message) || errors?.[0]?.msg || GENERIC_ERROR_MESSAGE;
  return { status: err.response.status, message, ...(errors ? { errors } : {}) };
}
