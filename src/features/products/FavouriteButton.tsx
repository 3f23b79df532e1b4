import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { Id } from '../../api/types';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loginStateFrom } from '../../app/afterLogin';
import { selectCurrentUser } from '../../app/userSlice';
import { addToFavouritesAndSay, WISHLIST_MESSAGES } from './favourites';
import { fetchWishlist, removeFromWishlist, selectIsFavourite } from '../../app/wishlistSlice';

const HEART_PATH =
  'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4.3.5.7.5 1 0 .7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z';

/** The heart of a product card: fills or clears at once, then calls the API (SPEC §4, §8). */
export default function FavouriteButton({ productId, className = '' }: { productId: Id; className?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const isFavourite = useAppSelector((state) => selectIsFavourite(state, productId));
  const loggedIn = useAppSelector(selectCurrentUser) != null;

  // Hearts start from the shopper's list; the slice makes this one call per session, visitors none.
  useEffect(() => {
    if (loggedIn) void dispatch(fetchWishlist());
  }, [loggedIn, dispatch]);

  const toggle = async () => {
    if (!loggedIn) {
      // The login brings the visitor back here and adds the product to their favourites then.
      toast.warnWithAction(WISHLIST_MESSAGES.notLoggedIn, 'تسجيل الدخول', () =>
        navigate('/login', { state: loginStateFrom(location, { kind: 'addToFavourites', productId }) }),
      );
      return;
    }
    if (isFavourite) {
      const result = await dispatch(removeFromWishlist(productId));
      if (removeFromWishlist.fulfilled.match(result) && result.payload.status === 'success')
        toast.warn(WISHLIST_MESSAGES.removed);
      else if (removeFromWishlist.rejected.match(result))
        toast.failure(result.payload ?? { message: '' }, { retry: () => void toggle() });
      return;
    }
    await addToFavouritesAndSay(dispatch, productId);
  };

  return (
    <button
      type="button"
      className={`btn btn-link p-1 lh-1 ${className}`}
      aria-pressed={isFavourite}
      aria-label="اضافة للمفضلة"
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden="true" focusable="false">
        <path d={HEART_PATH} fill={isFavourite ? '#dc3545' : 'none'} stroke="#dc3545" strokeWidth={1.8} />
      </svg>
    </button>
  );
}
