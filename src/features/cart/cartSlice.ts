import { createSlice } from '@reduxjs/toolkit';
import { getCart } from '../../api/cart';
import { toApiError } from '../../api/client';
import { EMPTY_CART_RESPONSE } from '../../api/normalize';
import type { Cart } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { idleRequest, rejectionMessage, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { selectIsUser, loggedOut } from '../user/userSlice';

export interface CartState extends RequestState {
  cart: Cart;
  /** Number of cart lines (not the sum of counts), shown on the top-bar badge. */
  numOfCartItems: number;
}

const initialState: CartState = { cart: EMPTY_CART_RESPONSE.data, numOfCartItems: 0, ...idleRequest };

/** The cart belongs to role 'user' only: for visitors and admins the call is not even made. */
export const fetchCart = createAppAsyncThunk(
  'cart/fetch',
  async (_: void, { rejectWithValue }) => {
    try {
      return await getCart();
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
  { condition: (_, { getState }) => selectIsUser(getState()) },
);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCart.pending, (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addCase(fetchCart.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.cart = action.payload.data;
        state.numOfCartItems = action.payload.numOfCartItems;
      })
      .addCase(fetchCart.rejected, (state, action) => {
        state.status = 'failed';
        state.error = rejectionMessage(action);
      })
      .addCase(loggedOut, () => initialState);
  },
});

export default cartSlice.reducer;

export const selectCart = (state: RootState) => state.cart.cart;
export const selectNumOfCartItems = (state: RootState) => (selectIsUser(state) ? state.cart.numOfCartItems : 0);
