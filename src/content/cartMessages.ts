import type { ApiError } from '../api/types';
import { piecesLabel } from '../lib/plural';
import type { ErrorCode } from '../../common/contract/errorCodes';

// Texts of the cart and checkout screens that several components share.
export const CART_MESSAGES = {
  addProductsFirst: 'من فضلك اضف منتجات للعربة اولا',
  couponRequired: 'من فضلك ادخل الكوبون',
  couponApplied: 'تم تطبيق الكوبون بنجاح',
  couponReplaced: (applied: string, replaced: string) => `تم تطبيق الكوبون ${applied} بدلا من ${replaced}`,
  couponRemoved: (name: string) => `أزيل الكوبون ${name} من العربة لانتهاء صلاحيته او حذفه، والاجمالي الآن بدون خصم`,
  couponInvalid: 'هذا الكوبون غير صحيح او منتهى الصلاحيه',
  couponOnEmptyCart: 'العربة فارغة، اضف منتجات قبل تطبيق الكوبون',
  cleared: 'تم الحذف بنجاح',
  clearFailed: 'هناك مشكلة في عملية الحذف',
  itemRemoved: 'تم حذف المنتج من العربة',
  removeFailed: 'فشل حذف المنتج من العربة',
  countInvalid: 'الكمية يجب ان تكون رقما صحيحا من 1 فأكثر',
  countFailed: 'فشل تحديث الكمية، حاول مرة اخرى',
  pricesChanged: 'تغيرت اسعار بعض المنتجات في العربة، من فضلك راجع السعر الجديد',
  reduceOverStock: 'بعض المنتجات لم تعد متوفرة بالكمية المطلوبة: قلل الكمية او احذفها لاتمام الشراء',
} as const;

/**
 * The server's own Arabic reasons (ours): a variant removed or sold out while in the cart, named with its product,
 * and an option left unchosen; shown as the server words them.
 */
const ARABIC_REASONS: ReadonlySet<string> = new Set([
  'cart_variant_unavailable',
  'cart_variant_not_enough',
  'cart_option_missing',
] satisfies ErrorCode[]);
export const isArabicReason = ({ code }: ApiError) => code !== undefined && ARABIC_REASONS.has(code);

/** Arabic text for a 409 from the cart or order calls (API.md §3.2: stock, the shop's order limits, or changed prices). */
export function conflictMessage(error: ApiError): string {
  const { code, values = [] } = error;
  if (isArabicReason(error)) return error.message;
  const [first = '', second = ''] = values;
  if (code === 'cart_not_enough_stock') return `الكمية المطلوبة من "${first}" غير متوفرة في المخزون`;
  if (code === 'cart_per_product_limit')
    return `الحد الأقصى في الطلب الواحد ${piecesLabel(Number(first))} من "${second}"`;
  if (code === 'cart_items_limit') return `الحد الأقصى في الطلب الواحد ${piecesLabel(Number(first))}`;
  if (code === 'cart_prices_changed') return CART_MESSAGES.pricesChanged;
  return 'بعض المنتجات في العربة لم تعد متوفرة بالكمية المطلوبة';
}

/** Whether a 409 is the shop's limit of units per order rather than the stock. */
export const isOrderLimit = ({ code }: ApiError) => code === 'cart_per_product_limit' || code === 'cart_items_limit';
