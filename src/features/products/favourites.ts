import type { Id } from '../../api/types';
import type { AppDispatch } from '../../app/store';
import { toast } from '../../lib/toast';
import { addToWishlist } from '../../app/wishlistSlice';

export const WISHLIST_MESSAGES = {
  added: 'تمت اضافة المنتج للمفضلة بنجاح',
  removed: 'تم حذف المنتج من المفضلة بنجاح',
  notLoggedIn: 'قم بتسجيل الدخول اولا لاضافة المنتج للمفضلة',
} as const;

/** Adds to the favourites and says what happened (a heart, or the login that finishes a visitor's heart). */
export async function addToFavouritesAndSay(dispatch: AppDispatch, productId: Id): Promise<void> {
  const result = await dispatch(addToWishlist(productId));
  if (addToWishlist.fulfilled.match(result)) toast.success(WISHLIST_MESSAGES.added);
  else
    toast.failure(result.payload ?? { message: '' }, {
      retry: () => void addToFavouritesAndSay(dispatch, productId),
    });
}
