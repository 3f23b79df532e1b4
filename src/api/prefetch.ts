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

// GET only; the url (path and query string, relative to apiClient's baseURL) is the whole request.
const keyOf = (url: string) => `GET ${url}`;

/** Sends GET `url` now unless the same request is already waiting; the result is kept for getOnce. */
export function prefetchGet(url: string): void {
  const key = keyOf(url);
  const waiting = inFlight.get(key);
  if (waiting && Date.now() - waiting.sentAt < PREFETCH_TTL_MS) return;
  const response = apiClient.get<unknown>(url);
  // Nobody may ever take it: a failure must not become an unhandled rejection (getOnce still sees it).
  response.catch(() => {});
  inFlight.set(key, { response, sentAt: Date.now() });
}

/** GET `url`: the prefetched request when a fresh one is waiting (used up by this call), else a new one. */
export function getOnce<T>(url: string): Promise<AxiosResponse<T>> {
  const key = keyOf(url);
  const waiting = inFlight.get(key);
  inFlight.delete(key);
  if (waiting && Date.now() - waiting.sentAt < PREFETCH_TTL_MS) return waiting.response as Promise<AxiosResponse<T>>;
  return apiClient.get<T>(url);
}

/** Forgets every prefetched request (tests). */
export function clearPrefetched(): void {
  inFlight.clear();
}
