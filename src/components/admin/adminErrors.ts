// The one place that turns an API failure into the Arabic text an admin screen shows (API.md §3 and §5 messages).
import { toApiError } from '../../api/client';
import { failureText, serverReasonText, type FailureKind } from '../../lib/failures';

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

/** Server texts (exact) → Arabic. */
const EXACT: Record<string, string> = {
  // Products (API.md §5.6)
  'must be at least 3 chars': 'يجب ان يتكون الاسم من 3 احرف على الاقل',
  'Product required': 'من فضلك ادخل اسم المنتج',
  'Too long product title': 'اسم المنتج طويل جدا (الحد الاقصى 100 حرف)',
  'Product description is required': 'من فضلك ادخل وصف المنتج',
  'Too long description': 'وصف المنتج طويل جدا (الحد الاقصى 2000 حرف)',
  'Product quantity is required': 'من فضلك ادخل الكمية المتاحة',
  'Product quantity must be a number': 'الكمية المتاحة يجب ان تكون رقما',
  'Product quantity must be a non-negative integer': 'الكمية المتاحة يجب ان تكون عددا صحيحا لا يقل عن 0',
  'Product price is required': 'من فضلك ادخل السعر قبل الخصم',
  'Product price must be a number': 'السعر قبل الخصم يجب ان يكون رقما',
  'To long price': 'السعر كبير جدا',
  'Product price must be greater than 0': 'السعر قبل الخصم يجب ان يكون اكبر من 0',
  'Product priceAfterDiscount must be a number': 'السعر بعد الخصم يجب ان يكون رقما',
  'Product priceAfterDiscount must not be negative': 'السعر بعد الخصم لا يمكن ان يكون سالبا',
  'priceAfterDiscount must be lower than price': 'السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم',
  'Product must be belong to a category': 'من فضلك اختر التصنيف الرئيسي',
  'Invalid ID formate': 'القيمة المختارة غير صحيحة',
  'Invalid subcategories Ids': 'بعض التصنيفات الفرعية المختارة لم تعد موجودة',
  'Subcategory not belong to category': 'التصنيفات الفرعية المختارة لا تتبع التصنيف الرئيسي',
  'Product Image cover is required': 'من فضلك اضف صورة للمنتج',
  'image must be an absolute http(s) URL': 'رابط الصورة غير صحيح',
  'Product sku must be text': SKU_FORMAT_MESSAGE,
  'Product sku must be at most 64 characters': 'رمز المنتج (SKU) طويل جدا (الحد الاقصى 64 حرفا)',
  'Product sku may hold only letters, digits and . _ - / between them': SKU_FORMAT_MESSAGE,
  // Uploads (API.md §3.3)
  'only images allowed': NOT_AN_IMAGE_MESSAGE,
  'File too large': FILE_TOO_LARGE_MESSAGE,
  'Request body is too large': BODY_TOO_LARGE_MESSAGE,
  // Brands, categories, subcategories (API.md §5.3–5.5)
  'must be at least 2 chars': 'يجب ان يتكون الاسم من حرفين على الاقل',
  'Too long category name': 'الاسم طويل جدا (الحد الاقصى 32 حرفا)',
  'Too long brand name': 'الاسم طويل جدا (الحد الاقصى 32 حرفا)',
  'SubCategory must be belong to category': 'من فضلك اختر تصنيف رئيسي',
  'Category still has products': CATEGORY_HAS_PRODUCTS_MESSAGE,
  // Coupons (API.md §5.10)
  'coupon name required': 'من فضلك ادخل اسم الكوبون',
  'Too long coupon name': 'اسم الكوبون طويل جدا (الحد الاقصى 32 حرفا)',
  'coupon expire time required': 'من فضلك ادخل تاريخ الانتهاء',
  'Invalid expire date': 'تاريخ الانتهاء غير صحيح',
  'Coupon expire date must be in the future': EXPIRE_IN_PAST_MESSAGE,
  'coupon discount required': 'من فضلك ادخل نسبة الخصم',
  'coupon discount must be a number': 'نسبة الخصم يجب ان تكون رقما',
  'Discount must be greater than 0 and at most 100': DISCOUNT_RANGE_MESSAGE,
  // Shared (API.md §3.2, §4)
  'You are not allowed to perform this action': NOT_ALLOWED_MESSAGE,
};

/** Server texts that end in a value → Arabic. */
const PREFIXED: Array<[prefix: string, arabic: (rest: string) => string]> = [
  ['Another product has this sku: ', (sku) => `رمز المنتج ${sku} مستخدم لمنتج اخر`],
  ['Duplicate field value', () => DUPLICATE_NAME_MESSAGE],
  ['Invalid color: ', (value) => `لون غير صحيح: ${value}`],
  ['No category exist for this id', () => 'التصنيف الرئيسي المختار لم يعد موجودا'],
  ['No brand exist for this id', () => 'الماركة المختارة لم تعد موجودة'],
  ['Too many files or unexpected file field: images', () => 'لا يمكن رفع اكثر من 5 صور للمنتج'],
  ['Too many files or unexpected file field', () => 'عدد الصور اكبر من المسموح'],
];

/** Which form field a message without a `path` concerns. */
const FIELD_OF_MESSAGE: Array<[prefix: string, field: string]> = [
  ['only images allowed', 'images'],
  ['File too large', 'images'],
  ['Request body is too large', 'images'],
  ['Too many files or unexpected file field', 'images'],
  ['Duplicate field value', 'name'],
];

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

function toArabic(serverText: string): string | undefined {
  if (EXACT[serverText]) return EXACT[serverText];
  const prefixed = PREFIXED.find(([prefix]) => serverText.startsWith(prefix));
  return prefixed ? prefixed[1](serverText.slice(prefixed[0].length).trim()) : serverReasonText(serverText);
}

/**
 * Explains a failed admin call: the server's reason in Arabic and the field it concerns.
 * `fallback` is the screen's SPEC §8 text, used when the server gave no reason we know.
 */
export function describeAdminError(err: unknown, fallback: string): AdminError {
  const apiError = toApiError(err);
  const { status } = apiError;
  const first = apiError.errors?.[0];
  const serverText = first?.msg ?? apiError.message;
  const field =
    status === undefined
      ? undefined
      : first?.path || FIELD_OF_MESSAGE.find(([prefix]) => serverText.startsWith(prefix))?.[1];
  const duplicate = status !== undefined && serverText.startsWith('Duplicate field value');
  const known = status === undefined ? undefined : toArabic(serverText);
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
