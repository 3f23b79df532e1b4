// The one place that turns an API failure into the Arabic text an admin screen shows (API.md §3 and §5 messages, by
// their codes in common/contract/errorCodes.ts).
import { toApiError } from '../../api/client';
import { failureText, serverReasonText, type FailureKind } from '../../lib/failures';
import { COUPON_ARABIC, OWNER_ARABIC, type ErrorCode } from '../../../common/contract/errorCodes';

/** Upload limits of API.md §3.2/§3.3, named in the messages. */
const MAX_IMAGE_FILE_MB = 5;
const MAX_UPLOAD_BODY_MB = 30;

export const NOT_AN_IMAGE_MESSAGE = 'يمكن رفع ملفات الصور فقط';
const FILE_TOO_LARGE_MESSAGE = `حجم الصورة كبير جدا، الحد الاقصى ${MAX_IMAGE_FILE_MB} ميجابايت للصورة`;
const BODY_TOO_LARGE_MESSAGE = `حجم الصور المرسلة كبير جدا، الحد الاقصى ${MAX_UPLOAD_BODY_MB} ميجابايت معا`;
const DUPLICATE_NAME_MESSAGE = 'هذا الاسم مكرر من فضلك اختر اسم اخر';
const NOT_ALLOWED_MESSAGE = 'غير مسموح لك بهذه العملية';
const LOGGED_OUT_MESSAGE = 'انتهت الجلسة، من فضلك سجل الدخول مرة اخرى';
export const DISCOUNT_RANGE_MESSAGE = COUPON_ARABIC.coupon_discount_range;
export const EXPIRE_IN_PAST_MESSAGE = COUPON_ARABIC.coupon_expire_past;

/**
 * The server's codes (common/contract/errorCodes.ts) → Arabic: each area's codes by the Arabic kept beside them there
 * (OWNER_ARABIC), the requests' own codes here; `values` are what the message carries.
 */
const ARABIC: Partial<Record<ErrorCode, (values: string[]) => string>> = {
  invalid_id: () => 'القيمة المختارة غير صحيحة',
  image_url_invalid: () => 'رابط الصورة غير صحيح',
  // Uploads (API.md §3.3)
  not_an_image: () => NOT_AN_IMAGE_MESSAGE,
  file_too_large: () => FILE_TOO_LARGE_MESSAGE,
  body_too_large: () => BODY_TOO_LARGE_MESSAGE,
  too_many_files: ([field]) => (field === 'images' ? 'لا يمكن رفع اكثر من 5 صور للمنتج' : 'عدد الصور اكبر من المسموح'),
  duplicate_value: () => DUPLICATE_NAME_MESSAGE,
  // Shared (API.md §3.2, §4)
  forbidden: () => NOT_ALLOWED_MESSAGE,
};

/** An Arabic text of OWNER_ARABIC with the message's values in place of its `<name>`s, in their order. */
function filled(template: string, values: string[]): string {
  let next = 0;
  return template.replace(/<[A-Za-z]+>/g, () => (values[next++] ?? '').trim());
}

/** Which form field a message without a `path` concerns. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  not_an_image: 'images',
  file_too_large: 'images',
  body_too_large: 'images',
  too_many_files: 'images',
  duplicate_value: 'name',
};

export interface AdminError {
  /** HTTP status, when the server answered. */
  status?: number;
  /** The Arabic text to show. */
  message: string;
  /** The body field it concerns (the server's `path`, e.g. 'priceAfterDiscount', 'images'), when one does. */
  field?: string;
  /** True when the message is a name clash (so screens can keep SPEC's own text for it). */
  duplicate: boolean;
}

function toArabic(code: string | undefined, values: string[] = []): string | undefined {
  if (code === undefined) return serverReasonText({ code, values });
  const own = Object.hasOwn(ARABIC, code) ? ARABIC[code as ErrorCode] : undefined;
  if (own) return own(values);
  const area = Object.hasOwn(OWNER_ARABIC, code) ? OWNER_ARABIC[code as ErrorCode] : undefined;
  return area ? filled(area, values) : serverReasonText({ code, values });
}

/**
 * Explains a failed admin call: the server's reason in Arabic and the field it concerns.
 * `fallback` is the screen's SPEC §8 text, used when the server gave no reason we know.
 */
export function describeAdminError(err: unknown, fallback: string): AdminError {
  const apiError = toApiError(err);
  const { status } = apiError;
  const first = apiError.errors?.[0];
  const { code, values } = first ?? apiError;
  const field = status === undefined ? undefined : first?.path || (code ? FIELD_OF_CODE[code as ErrorCode] : undefined);
  const duplicate = status !== undefined && code === 'duplicate_value';
  const known = status === undefined ? undefined : toArabic(code, values);
  if (known) return { status, message: known, field, duplicate };
  if (status === 413) return { status, message: FILE_TOO_LARGE_MESSAGE, field: 'images', duplicate };
  // Everything else is worded by the shop's one mapping (lib/failures.ts): offline, server trouble, logged out, not
  // allowed, too many; a refusal the server gave no known reason for is the screen's own SPEC §8 text.
  const wording = { ...ADMIN_WORDING, notFound: fallback, outOfStock: fallback };
  return { status, message: failureText(apiError, { wording, fallback }), field, duplicate };
}

/** The admin's own words for some classes of the mapping (a 429 keeps the mapping's, which says when to try again). */
const ADMIN_WORDING: Partial<Record<FailureKind, string>> = {
  notLoggedIn: LOGGED_OUT_MESSAGE,
  forbidden: NOT_ALLOWED_MESSAGE,
};
