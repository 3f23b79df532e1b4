// The one place that turns an API failure into the Arabic text an admin screen shows (API.md §3 and §5 messages, by
// their codes in common/contract/errorCodes.ts).
import { toApiError } from '../../api/client';
import { failureText, serverReasonText, type FailureKind } from '../../lib/failures';
import type { ErrorCode } from '../../../common/contract/errorCodes';

/** Upload limits of API.md §3.2/§3.3, named in the messages. */
const MAX_IMAGE_FILE_MB = 5;
const MAX_UPLOAD_BODY_MB = 30;

export const NOT_AN_IMAGE_MESSAGE = 'يمكن رفع ملفات الصور فقط';
const FILE_TOO_LARGE_MESSAGE = `حجم الصورة كبير جدا، الحد الاقصى ${MAX_IMAGE_FILE_MB} ميجابايت للصورة`;
const BODY_TOO_LARGE_MESSAGE = `حجم الصور المرسلة كبير جدا، الحد الاقصى ${MAX_UPLOAD_BODY_MB} ميجابايت معا`;
const DUPLICATE_NAME_MESSAGE = 'هذا الاسم مكرر من فضلك اختر اسم اخر';
const NOT_ALLOWED_MESSAGE = 'غير مسموح لك بهذه العملية';
const LOGGED_OUT_MESSAGE = 'انتهت الجلسة، من فضلك سجل الدخول مرة اخرى';
export const DISCOUNT_RANGE_MESSAGE = 'نسبة الخصم يجب ان تكون اكبر من 0 ولا تزيد عن 100';
const CATEGORY_HAS_PRODUCTS_MESSAGE =
  'لا يمكن حذف التصنيف لانه ما زال يحتوي على منتجات: انقل منتجاته الى تصنيف اخر او احذفها اولا';
const SKU_FORMAT_MESSAGE = 'رمز المنتج (SKU) يتكون من حروف وارقام، وبينها فقط . _ - / او مسافة';
export const EXPIRE_IN_PAST_MESSAGE = 'تاريخ الانتهاء لا يمكن ان يكون في الماضي';

/** The server's codes (common/contract/errorCodes.ts) → Arabic; `values` are what the message carries. */
const ARABIC: Partial<Record<ErrorCode, (values: string[]) => string>> = {
  // Products (API.md §5.6)
  name_too_short_3: () => 'يجب ان يتكون الاسم من 3 احرف على الاقل',
  product_title_required: () => 'من فضلك ادخل اسم المنتج',
  product_title_too_long: () => 'اسم المنتج طويل جدا (الحد الاقصى 100 حرف)',
  product_description_required: () => 'من فضلك ادخل وصف المنتج',
  product_description_too_long: () => 'وصف المنتج طويل جدا (الحد الاقصى 2000 حرف)',
  product_quantity_required: () => 'من فضلك ادخل الكمية المتاحة',
  product_quantity_not_number: () => 'الكمية المتاحة يجب ان تكون رقما',
  product_quantity_invalid: () => 'الكمية المتاحة يجب ان تكون عددا صحيحا لا يقل عن 0',
  product_price_required: () => 'من فضلك ادخل السعر قبل الخصم',
  product_price_not_number: () => 'السعر قبل الخصم يجب ان يكون رقما',
  product_price_too_large: () => 'السعر كبير جدا',
  product_price_not_positive: () => 'السعر قبل الخصم يجب ان يكون اكبر من 0',
  product_discount_not_number: () => 'السعر بعد الخصم يجب ان يكون رقما',
  product_discount_negative: () => 'السعر بعد الخصم لا يمكن ان يكون سالبا',
  product_discount_not_below_price: () => 'السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم',
  product_category_required: () => 'من فضلك اختر التصنيف الرئيسي',
  invalid_id: () => 'القيمة المختارة غير صحيحة',
  product_subcategories_invalid: () => 'بعض التصنيفات الفرعية المختارة لم تعد موجودة',
  product_subcategory_not_in_category: () => 'التصنيفات الفرعية المختارة لا تتبع التصنيف الرئيسي',
  product_cover_required: () => 'من فضلك اضف صورة للمنتج',
  image_url_invalid: () => 'رابط الصورة غير صحيح',
  product_sku_not_text: () => SKU_FORMAT_MESSAGE,
  product_sku_too_long: () => 'رمز المنتج (SKU) طويل جدا (الحد الاقصى 64 حرفا)',
  product_sku_format: () => SKU_FORMAT_MESSAGE,
  product_sku_taken: ([sku]) => `رمز المنتج ${sku.trim()} مستخدم لمنتج اخر`,
  product_color_invalid: ([value]) => `لون غير صحيح: ${value.trim()}`,
  product_category_missing: () => 'التصنيف الرئيسي المختار لم يعد موجودا',
  product_brand_missing: () => 'الماركة المختارة لم تعد موجودة',
  // Uploads (API.md §3.3)
  not_an_image: () => NOT_AN_IMAGE_MESSAGE,
  file_too_large: () => FILE_TOO_LARGE_MESSAGE,
  body_too_large: () => BODY_TOO_LARGE_MESSAGE,
  too_many_files: ([field]) => (field === 'images' ? 'لا يمكن رفع اكثر من 5 صور للمنتج' : 'عدد الصور اكبر من المسموح'),
  // Brands, categories, subcategories (API.md §5.3–5.5)
  name_too_short_2: () => 'يجب ان يتكون الاسم من حرفين على الاقل',
  category_name_too_long: () => 'الاسم طويل جدا (الحد الاقصى 32 حرفا)',
  brand_name_too_long: () => 'الاسم طويل جدا (الحد الاقصى 32 حرفا)',
  subcategory_category_required: () => 'من فضلك اختر تصنيف رئيسي',
  category_has_products: () => CATEGORY_HAS_PRODUCTS_MESSAGE,
  duplicate_value: () => DUPLICATE_NAME_MESSAGE,
  // Coupons (API.md §5.10)
  coupon_name_required: () => 'من فضلك ادخل اسم الكوبون',
  coupon_name_too_long: () => 'اسم الكوبون طويل جدا (الحد الاقصى 32 حرفا)',
  coupon_expire_required: () => 'من فضلك ادخل تاريخ الانتهاء',
  coupon_expire_invalid: () => 'تاريخ الانتهاء غير صحيح',
  coupon_expire_past: () => EXPIRE_IN_PAST_MESSAGE,
  coupon_discount_required: () => 'من فضلك ادخل نسبة الخصم',
  coupon_discount_not_number: () => 'نسبة الخصم يجب ان تكون رقما',
  coupon_discount_range: () => DISCOUNT_RANGE_MESSAGE,
  // Shared (API.md §3.2, §4)
  forbidden: () => NOT_ALLOWED_MESSAGE,
};

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
  const arabic = code !== undefined && Object.hasOwn(ARABIC, code) ? ARABIC[code as ErrorCode] : undefined;
  return arabic ? arabic(values) : serverReasonText({ code, values });
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
