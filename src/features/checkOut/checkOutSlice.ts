import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { toApiError } from '../../api/client';
import { createCashOrder as createCashOrderRequest, createCheckoutSession } from '../../api/orders';
import type { ShippingAddress } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { idleRequest, rejectionMessage, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';

export interface CheckOutState extends RequestState {
  /** Card checkout: the payment page to open (session.url). */
  sessionUrl: string | null;
}

const initialState: CheckOutState = { sessionUrl: null, ...idleRequest };

interface OrderArgs {
  cartId: string;
  shippingAddress: ShippingAddress;
}

/** Cash on delivery; resolves with the HTTP status (SPEC: only 201 is success). */
export const createCashOrder = createAppAsyncThunk(
  'checkOut/createCashOrder',
  async ({ cartId, shippingAddress }: OrderArgs, { rejectWithValue }) => {
    try {
      return await createCashOrderRequest(cartId, shippingAddress);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

/** Card payment: resolves with session.url only when the answer says status 'success'. */
export const startCardPayment = createAppAsyncThunk(
  'checkOut/startCardPayment',
  async ({ cartId, shippingAddress }: OrderArgs, { rejectWithValue }) => {
    try {
      const answer = await createCheckoutSession(cartId, shippingAddress);
      const url = answer.session?.url;
      if (answer.status !== 'success' || !url) return rejectWithValue({ message: 'لم يتم انشاء جلسة الدفع' });
      return url;
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

const checkOutSlice = createSlice({
  name: 'checkOut',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(startCardPayment.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.sessionUrl = action.payload;
      })
      .addCase(createCashOrder.fulfilled, (state) => {
        state.status = 'succeeded';
      })
      .addMatcher(isAnyOf(createCashOrder.pending, startCardPayment.pending), (state) => {
        state.status = 'pending';
        state.error = null;
        state.sessionUrl = null;
      })
      .addMatcher(isAnyOf(createCashOrder.rejected, startCardPayment.rejected), (state, action) => {
        state.status = 'failed';
        state.error = rejectionMessage(action);
      });
  },
});

export default checkOutSlice.reducer;

export const selectCheckOutPending = (state: RootState) => state.checkOut.status === 'pending';
