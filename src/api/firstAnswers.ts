import { apiClient } from './client';

/**
 * The page's first API answers, put in the HTML by the server (server/modules/seo) for the page the visitor opened,
 * by request path: the page's first read of that path takes its answer instead of asking again (once; any later read
 * asks the server). Read when the first request is made, as the page loads.
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

/**
 * The data of GET `url` (path and query string, relative to apiClient's baseURL): the page's first answer when the
 * HTML carries it (used up by this call), else the server's.
 */
export async function readGet<T>(url: string): Promise<T> {
  if (answers().has(url)) {
    const data = answers().get(url) as T;
    answers().delete(url);
    return data;
  }
  return (await apiClient.get<T>(url)).data;
}

/** Forgets the first answers, so the next read looks at the page again (tests). */
export function forgetFirstAnswers(): void {
  firstAnswers = undefined;
}
