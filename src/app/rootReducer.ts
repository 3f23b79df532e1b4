import { combineSlices } from '@reduxjs/toolkit';
import brand from './brandSlice';
import cart from './cartSlice';
import category from './categorySlice';
import products from '../features/products/productsSlice';
import shop from './shopSlice';
import user from './userSlice';
import wishlist from './wishlistSlice';

/**
 * The state areas that screens of a later chunk add to the store themselves, as their code loads (each such slice
 * file calls `injectInto(rootReducer)` and declares itself here): the account calls, the customer's orders and
 * addresses, delivery, the checkout, the reviews, subcategories, coupons and the owner's products, settings and audit
 * log. The storefront's first load does not carry their code. Their selectors read them with the injected slice's
 * `selectSlice`, which gives the initial state until then.
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
  shop,
}).withLazyLoadedSlices<LazyLoadedSlices>();
