import type { ApiError, CashRefusalReason } from '../api/types';
import { formatEGP } from '../../common/format';
import { minutesLabel } from './plural';
import type { ErrorCode } from '../../common/contract/errorCodes';

/**
 * The one mapping from a failed call to what the shopper is told (every screen of the shop): what actually happened,
 * never "log in first" for a network fault or a server error. Screens may word a class for their own action (a 409 of
 * the cart names the product), but the classes are decided here.
 */
export type FailureKind =
  | 'offline'
  | 'server'
  | 'unexpected'
  | 'notLoggedIn'
  | 'forbidden'
  | 'notFound'
  | 'outOfStock'
  | 'cashRefused'
  | 'tooMany'
  | 'refused';

export const FAILURE_TEXTS: Record<FailureKind, string> = {
  offline: 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت',
  server: 'حدثت مشكلة في الخادم، حاول مرة أخرى بعد قليل',
  unexpected: 'حدث خطأ غير متوقع، حاول مرة أخرى',
  notLoggedIn: 'قم بتسجيل الدخول اولا',
  forbidden: 'هذه العملية غير متاحة لحسابك',
  notFound: 'لم يعد هذا العنصر موجودا، حدّث الصفحة',
  outOfStock: 'الكمية المطلوبة غير متوفرة في المخزون',
  cashRefused: 'الدفع عند الاستلام غير متاح في هذه المحافظة',
  tooMany: 'طلبات كثيرة، من فضلك حاول مرة اخرى بعد قليل',
  refused: 'تعذر تنفيذ العملية، راجع البيانات وحاول مرة أخرى',
};

/**
 * A rate limit's refusal (429): what happened and, when the server said how long to wait (Retry-After), when to try
 * again, in whole minutes: 'حاولت مرات كثيرة، حاول مرة أخرى بعد 3 دقائق'.
 */
export function tooManyText(retryAfterSeconds?: number): string {
  if (retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds)) return FAILURE_TEXTS.tooMany;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `حاولت مرات كثيرة، حاول مرة أخرى بعد ${minutesLabel(minutes, true)}`;
}

/** Why cash on delivery is not offered (the quote's `reason`), as the pay page says it. */
export function cashRefusalText(reason: CashRefusalReason, maxTotal?: number | null): string {
  if (reason === 'shop') return 'الدفع عند الاستلام غير متاح حاليًا';
  if (reason === 'maxTotal')
    return maxTotal != null
      ? `الدفع عند الاستلام متاح للطلبات حتى ${formatEGP(maxTotal)}`
      : 'الدفع عند الاستلام غير متاح لطلب بهذا المبلغ';
  return FAILURE_TEXTS.cashRefused;
}

/**
 * A cash order the server refused (409): off for the address (its zone, or shop-wide: the answer does not say which;
 * the zone is by far the likelier) or above the shop's limit for cash orders.
 */
export function cashRefusal(error: ApiError): { reason: CashRefusalReason; maxTotal?: number } | null {
  if (error.status !== 409) return null;
  if (error.code === 'cash_not_available') return { reason: 'zone' };
  return error.code === 'cash_max_total' ? { reason: 'maxTotal', maxTotal: Number(error.values?.[0]) } : null;
}

export function failureKind(error: ApiError): FailureKind {
  const { status } = error;
  if (status === undefined) return error.network ? 'offline' : 'unexpected';
  if (status === 401) return 'notLoggedIn';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  // API.md §3.2: 409 is stock (or prices that changed meanwhile, which the cart words itself), or (ours) cash on
  // delivery refused for the order's address or total.
  if (status === 409) return cashRefusal(error) ? 'cashRefused' : 'outOfStock';
  if (status === 429) return 'tooMany';
  if (status >= 500) return 'server';
  return 'refused';
}

/** Sending the same call again may work: the network, the server or the rate limit, not the request itself. */
export const isRetryable = (kind: FailureKind) =>
  kind === 'offline' || kind === 'server' || kind === 'unexpected' || kind === 'tooMany';

/**
 * Reasons the server words itself (delivery, ours) whose Arabic says more than their class: the owner's zones and
 * governorates, and a staff step on an order cancelled meanwhile. (Cash refusals are `cashRefused` above.)
 */
const SERVER_REASONS: Partial<Record<ErrorCode, string | ((values: string[]) => string)>> = {
  governorate_invalid: 'المحافظة المختارة غير موجودة، اختر محافظة من القائمة',
  zone_taken: 'توجد منطقة شحن بهذا الاسم، اختر اسما اخر',
  governorate_taken: 'توجد محافظة بهذا الكود او الاسم',
  order_cancelled: 'هذا الطلب ملغي، لا يمكن تغيير حالته',
  governorates_unknown: ([codes]) => `المحافظة ${codes} غير موجودة، حدّث الصفحة`,
};

/**
 * Rules the server names by a stable code beside its message (README's API notes). An address the shop cannot place,
 * or whose governorate contradicts its city, is worded by the server itself in Arabic, naming the city.
 */
const CODED_REASONS: Record<string, (serverText: string) => string> = {
  governorate_unknown: (text) => text || 'لم نعرف محافظة المدينة، من فضلك اختر المحافظة',
  governorate_contradicts_city: (text) => text || 'المدينة ليست في المحافظة المختارة، راجع المحافظة أو المدينة',
};

/** The Arabic of a reason the server gave (by its message's code), when it is one we know. */
export function serverReasonText({ code, values = [] }: Pick<ApiError, 'code' | 'values'>): string | undefined {
  const arabic = code && Object.hasOwn(SERVER_REASONS, code) ? SERVER_REASONS[code as ErrorCode] : undefined;
  return typeof arabic === 'function' ? arabic(values) : arabic;
}

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

/** The Arabic text for a failure: the screen's wording of its class, else a reason the server gave that we know. */
export function failureText(error: ApiError, { wording = {}, fallback }: FailureWording = {}): string {
  const kind = failureKind(error);
  if (wording[kind]) return wording[kind];
  const coded = error.errors?.find((e) => e.code && Object.hasOwn(CODED_REASONS, e.code));
  if (coded) return CODED_REASONS[coded.code!](coded.msg);
  const reason = error.status !== undefined ? serverReasonText(error) : undefined;
  if (reason) return reason;
  if (fallback && REQUEST_REFUSED.includes(kind)) return fallback;
  if (kind === 'tooMany') return tooManyText(error.retryAfter);
  const refusal = kind === 'cashRefused' ? cashRefusal(error) : null;
  return refusal ? cashRefusalText(refusal.reason, refusal.maxTotal) : FAILURE_TEXTS[kind];
}
