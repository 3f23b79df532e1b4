import { combineSlices } from '@reduxjs/toolkit';
import brand from '../features/brand/brandSlice';
import cart from '../features/cart/cartSlice';
import category from '../features/category/categorySlice';
import checkOut from '../features/checkOut/checkOutSlice';
import products from '../features/products/productsSlice';
import user from '../features/user/userSlice';
import wishlist from '../features/wishlist/wishlistSlice';

/**
 * The state areas that screens of a later chunk add to the store themselves, as their code loads (each such slice
 * file calls `injectInto(rootReducer)` and declares itself here): the customer's orders and addresses, delivery, the
 * reviews, subcategories, coupons and the staff's audit log. The storefront's first load does not carry their code.
 * Their selectors read them with the injected slice's `selectSlice`, which gives the initial state until then.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each slice file
export interface LazyLoadedSlices {}

/** The state areas of SPEC §3 that every page needs, one slice each. */
export const rootReducer = combineSlices({
  category,
  brand,
  products,
  user,
  wishlist,
  cart,
  checkOut,
}).withLazyLoadedSlices<LazyLoadedSlices>();
