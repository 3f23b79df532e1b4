import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import {
  applyCoupon as applyCouponRequest,
  clearCart as clearCartRequest,
  getCart,
  removeCartItem as removeCartItemRequest,
  updateCartItemCount as updateCountRequest,
} from '../api/cart';
import { EMPTY_CART_RESPONSE } from '../api/normalize';
import type { Cart, CartItem } from '../api/types';
import { createAppAsyncThunk } from './hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from './request';
import type { RootState } from './store';
import { effectivePrice } from '../../common/rules/price';
import { selectIsUser, loggedOut } from './userSlice';

interface CartState extends RequestState {
  cart: Cart;
  /** Number of cart lines (not the sum of counts), shown on the top-bar badge. */
  numOfCartItems: number;
  /** A coupon the server dropped (expired or deleted), shown until another coupon is applied or the cart empties. */
  removedCoupon: string | null;
}

const initialState: CartState = {
  cart: EMPTY_CART_RESPONSE.data,
  numOfCartItems: 0,
  removedCoupon: null,
  ...idleRequest,
};

/** The cart belongs to role 'user' only: for visitors and admins the call is not even made. */
export const fetchCart = createAppAsyncThunk('cart/fetch', (_, { extra }) => extra.cartCalls(getCart), {
  condition: (_, { getState }) => selectIsUser(getState()),
});

/** Rejects with 409 (not enough stock) or 400 (not a whole number ≥ 1) as the server says. */
export const updateCartItemCount = createAppAsyncThunk(
  'cart/updateItemCount',
  ({ itemId, count }: { itemId: string; count: number }, { extra }) =>
    extra.cartCalls(() => updateCountRequest(itemId, count)),
);

export const removeCartItem = createAppAsyncThunk('cart/removeItem', (itemId: string, { extra }) =>
  extra.cartCalls(() => removeCartItemRequest(itemId)),
);

export const clearCart = createAppAsyncThunk('cart/clear', async (_, { extra }) => {
  await extra.cartCalls(clearCartRequest);
  return EMPTY_CART_RESPONSE;
});

export const applyCoupon = createAppAsyncThunk('cart/applyCoupon', (couponName: string, { extra }) =>
  extra.cartCalls(() => applyCouponRequest(couponName)),
);

const cartChanges = [fetchCart, updateCartItemCount, removeCartItem, clearCart, applyCoupon] as const;

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(isAnyOf(...cartChanges.map((thunk) => thunk.fulfilled)), (state, action) => {
        state.cart = action.payload.data;
        state.numOfCartItems = action.payload.numOfCartItems;
        // The server says a dropped coupon once; the page keeps saying it until something replaces it.
        if (action.payload.data.couponRemoved) state.removedCoupon = action.payload.data.couponRemoved;
        else if (action.payload.data.coupon || action.payload.data.products.length === 0) state.removedCoupon = null;
      });
    addRequestStatusMatchers(builder, cartChanges);
  },
});

export default cartSlice.reducer;

export const selectCart = (state: RootState) => state.cart.cart;
export const selectCartStatus = (state: RootState) => state.cart.status;
export const selectRemovedCoupon = (state: RootState) => state.cart.removedCoupon;
export const selectNumOfCartItems = (state: RootState) => (selectIsUser(state) ? state.cart.numOfCartItems : 0);

/** What is left of the line's variant (ours), else of its product (known only when the server tells the stock). */
export const lineStock = (line: CartItem) => (line.variant ? line.variant.quantity : line.product.quantity);

/**
 * The line cannot be bought as it is: it asks for more than is left, or its variant is no longer sold (checkout would be
 * refused for it, ours).
 */
export const exceedsStock = (line: CartItem) => {
  const stock = lineStock(line);
  return line.variant?.available === false || (stock !== undefined && line.count > stock);
};
export const selectHasLineOverStock = (state: RootState) => state.cart.cart.products.some(exceedsStock);

/** What the shopper pays: the after-discount total when one exists (common/rules/price.ts), else the total. */
export const selectCartPayable = (state: RootState) => {
  const { totalAfterDiscount, totalCartPrice } = state.cart.cart;
  return effectivePrice(totalCartPrice, totalAfterDiscount);
};
