import { combineReducers, configureStore } from '@reduxjs/toolkit';
import audit from '../features/audit/auditSlice';
import brand from '../features/brand/brandSlice';
import cart from '../features/cart/cartSlice';
import category from '../features/category/categorySlice';
import checkOut from '../features/checkOut/checkOutSlice';
import coupon from '../features/coupon/couponSlice';
import delivery from '../features/delivery/deliverySlice';
import orders from '../features/orders/ordersSlice';
import products from '../features/products/productsSlice';
import review from '../features/review/reviewSlice';
import subCategory from '../features/subCategory/subCategorySlice';
import user from '../features/user/userSlice';
import userAddress from '../features/userAddress/userAddressSlice';
import wishlist from '../features/wishlist/wishlistSlice';
import { persistenceMiddleware } from './persistence';
import { watchSessionExpiry } from './session';

// The twelve state areas of SPEC §3, one slice each, delivery in Egypt (governorates and the delivery quote) and the
// staff's audit log.
const rootReducer = combineReducers({
  category,
  brand,
  subCategory,
  products,
  user,
  review,
  wishlist,
  coupon,
  userAddress,
  cart,
  checkOut,
  orders,
  delivery,
  audit,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; tests pass preloadedState to start from a given situation. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistenceMiddleware.middleware),
  });
  watchSessionExpiry(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
