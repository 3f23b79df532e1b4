import type { ApiError } from '../api/types';
import { piecesLabel } from '../lib/plural';

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

const NOT_ENOUGH_STOCK = /^Not enough stock for product: (.+)$/;
const PER_PRODUCT_LIMIT = /^You can order at most (\d+) of one product: (.+)$/;
const ORDER_SIZE_LIMIT = /^An order can hold at most (\d+) items$/;

/** Arabic text for a 409 from the cart or order calls (API.md §3.2: stock, the shop's order limits, or changed prices). */
export function conflictMessage(error: ApiError): string {
  const stock = NOT_ENOUGH_STOCK.exec(error.message);
  if (stock) return `الكمية المطلوبة من "${stock[1]}" غير متوفرة في المخزون`;
  const perProduct = PER_PRODUCT_LIMIT.exec(error.message);
  if (perProduct) return `الحد الأقصى في الطلب الواحد ${piecesLabel(Number(perProduct[1]))} من "${perProduct[2]}"`;
  const orderSize = ORDER_SIZE_LIMIT.exec(error.message);
  if (orderSize) return `الحد الأقصى في الطلب الواحد ${piecesLabel(Number(orderSize[1]))}`;
  if (/prices have changed/i.test(error.message)) return CART_MESSAGES.pricesChanged;
  return 'بعض المنتجات في العربة لم تعد متوفرة بالكمية المطلوبة';
}

/** Whether a 409 is the shop's limit of units per order rather than the stock. */
export const isOrderLimit = (error: ApiError) =>
  PER_PRODUCT_LIMIT.test(error.message) || ORDER_SIZE_LIMIT.test(error.message);
