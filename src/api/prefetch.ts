import type { AxiosResponse } from 'axios';
import { apiClient } from './client';

// Starts a page's first GET while its lazy chunk is still downloading (the route loaders in
// app/routes.tsx call it), so the page does not wait for chunk → request in series. The page's own
// api call then takes the request in flight instead of sending it again: once, only for the very same
// request, and only while it is fresh.

/** How long a prefetched request may be taken by the page (from when it was sent). */
export const PREFETCH_TTL_MS = 5000;

interface Prefetched {
  response: Promise<AxiosResponse<unknown>>;
  sentAt: number;
}

const inFlight = new Map<string, Prefetched>();

/**
 * The page's first API answers, put in the HTML by the server (server/modules/seo) for the page the visitor opened,
 * by request path: the page starts from them instead of asking again. Read when the first request is made, as the
 * page loads; each is taken once.
 */
let firstAnswers: Map<string, unknown> | undefined;
const answers = () => (firstAnswers ??= readFirstAnswers());

function readFirstAnswers(): Map<string, unknown> {
  const text = typeof document === 'undefined' ? null : document.getElementById('first-answers')?.textContent;
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

// GET only; the url (path and query string, relative to apiClient's baseURL) is the whole request.
const keyOf = (url: string) => `GET ${url}`;

/** Sends GET `url` now unless the same request is already waiting; the result is kept for getOnce. */
export function prefetchGet(url: string): void {
  if (answers().has(url)) return;
  const key = keyOf(url);
  const waiting = inFlight.get(key);
  if (waiting && Date.now() - waiting.sentAt < PREFETCH_TTL_MS) return;
  const response = apiClient.get<unknown>(url);
  // Nobody may ever take it: a failure must not become an unhandled rejection (getOnce still sees it).
  response.catch(() => {});
  inFlight.set(key, { response, sentAt: Date.now() });
}

/**
 * GET `url`: the page's first answer when the HTML carries it, or the prefetched request when a fresh one is waiting
 * (either used up by this call), else a new one.
 */
export function getOnce<T>(url: string): Promise<AxiosResponse<T>> {
  if (answers().has(url)) {
    const data = answers().get(url) as T;
    answers().delete(url);
    return Promise.resolve({
      data,
      status: 200,
      statusText: 'OK',
      headers: {},
      config: { headers: {} },
    } as AxiosResponse<T>);
  }
  const key = keyOf(url);
  const waiting = inFlight.get(key);
  inFlight.delete(key);
  if (waiting && Date.now() - waiting.sentAt < PREFETCH_TTL_MS) return waiting.response as Promise<AxiosResponse<T>>;
  return apiClient.get<T>(url);
}

/** Forgets every prefetched request and first answer (tests). */
export function clearPrefetched(): void {
  inFlight.clear();
  firstAnswers = undefined;
}
