import * as cartApi from '../../api/cart';
import type { Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { toast } from '../../lib/toast';
import { conflictMessage, isArabicReason, isOrderLimit } from '../../content/cartMessages';

export const ADD_TO_CART_MESSAGES = {
  added: 'تمت اضافة المنتج للعربه بنجاح',
  loginFirst: 'قم بتسجيل الدخول اولا لاضافة المنتج للعربة',
  chooseColor: 'من فضلك اختر لون اولا للمنتج',
  outOfStock: 'الكمية المتاحة من هذا المنتج لا تكفي لاضافة قطعة اخرى',
  colorUnavailable: 'هذا اللون غير متاح لهذا المنتج',
  customersOnly: 'العربة متاحة لحسابات العملاء فقط',
} as const;

/** Add-to-cart before every option is chosen, beside the option to pick: 'من فضلك اختر المقاس'. */
export const chooseOptionText = (optionName: string) => `من فضلك اختر ${optionName}`;

/** POST /cart from the product page; the top bar's badge re-fetches the cart afterwards (SPEC §4). */
export const addToCart = createAppAsyncThunk(
  'products/addToCart',
  (
    { productId, color, quantity = 1, variant }: { productId: Id; color: string; quantity?: number; variant?: Id },
    { extra },
  ) => extra.cartCalls(() => cartApi.addToCart(productId, color, quantity, variant)),
);

/**
 * Adds the product and says what happened: success, or what went wrong (lib/failures.ts), with a retry when sending
 * it again may work. The product page and the login that finishes a visitor's add-to-cart both use it. True when added.
 */
export async function addToCartAndSay(
  dispatch: AppDispatch,
  productId: Id,
  color: string,
  quantity = 1,
  variant?: Id,
): Promise<boolean> {
  const result = await dispatch(addToCart({ productId, color, quantity, ...(variant ? { variant } : {}) }));
  if (addToCart.fulfilled.match(result)) {
    toast.success(ADD_TO_CART_MESSAGES.added);
    return true;
  }
  const error = result.payload ?? { message: '' };
  if (error.status === 400 && error.code === 'cart_color_unavailable')
    toast.error(ADD_TO_CART_MESSAGES.colorUnavailable);
  else if ((error.status === 409 && isOrderLimit(error)) || isArabicReason(error)) toast.error(conflictMessage(error));
  else
    toast.failure(error, {
      retry: () => void addToCartAndSay(dispatch, productId, color, quantity, variant),
      wording: { outOfStock: ADD_TO_CART_MESSAGES.outOfStock, forbidden: ADD_TO_CART_MESSAGES.customersOnly },
    });
  return false;
}
