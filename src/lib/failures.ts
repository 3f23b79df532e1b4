import type { ApiError } from '../api/types';

/**
 * The one mapping from a failed call to what the shopper is told (every screen of the shop): what actually happened,
 * never "log in first" for a network fault or a server error. Screens may word a class for their own action (a 409 of
 * the cart names the product), but the classes are decided here.
 */
export type FailureKind =
  'offline' | 'server' | 'unexpected' | 'notLoggedIn' | 'forbidden' | 'notFound' | 'outOfStock' | 'tooMany' | 'refused';

export const FAILURE_TEXTS: Record<FailureKind, string> = {
  offline: 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت',
  server: 'حدثت مشكلة في الخادم، حاول مرة أخرى بعد قليل',
  unexpected: 'حدث خطأ غير متوقع، حاول مرة أخرى',
  notLoggedIn: 'قم بتسجيل الدخول اولا',
  forbidden: 'هذه العملية غير متاحة لحسابك',
  notFound: 'لم يعد هذا العنصر موجودا، حدّث الصفحة',
  outOfStock: 'الكمية المطلوبة غير متوفرة في المخزون',
  tooMany: 'طلبات كثيرة، من فضلك حاول مرة اخرى بعد قليل',
  refused: 'تعذر تنفيذ العملية، راجع البيانات وحاول مرة أخرى',
};

export function failureKind(error: ApiError): FailureKind {
  const { status } = error;
  if (status === undefined) return error.network ? 'offline' : 'unexpected';
  if (status === 401) return 'notLoggedIn';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  // API.md §3.2: 409 is stock (or prices that changed meanwhile, which the cart words itself).
  if (status === 409) return 'outOfStock';
  if (status === 429) return 'tooMany';
  if (status >= 500) return 'server';
  return 'refused';
}

/** Sending the same call again may work: the network, the server or the rate limit, not the request itself. */
export const isRetryable = (kind: FailureKind) =>
  kind === 'offline' || kind === 'server' || kind === 'unexpected' || kind === 'tooMany';

/**
 * How a screen words some classes: `wording` names classes one by one; `fallback` is the screen's own text for a request
 * the server refused (or an answer nobody expected), e.g. SPEC §8's 'هناك مشكله فى عملية المسح'. Offline, server trouble,
 * logged out, not allowed and too many requests keep the mapping's words unless `wording` names them.
 */
export interface FailureWording {
  wording?: Partial<Record<FailureKind, string>>;
  fallback?: string;
}

/** The classes the request itself is to blame for: a screen's `fallback` says them. */
const REQUEST_REFUSED: FailureKind[] = ['refused', 'unexpected'];

/** The Arabic text for a failure. */
export function failureText(error: ApiError, { wording = {}, fallback }: FailureWording = {}): string {
  const kind = failureKind(error);
  if (wording[kind]) return wording[kind];
  if (fallback && REQUEST_REFUSED.includes(kind)) return fallback;
  return FAILURE_TEXTS[kind];
}
