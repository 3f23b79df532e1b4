import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { toApiError } from '../../api/client';
import { createCashOrder as createCashOrderRequest, createCheckoutSession } from '../../api/orders';
import { getShopInfo, OTHER_BACKEND_SHOP, type ShopInfo } from '../../api/shop';
import type { ShippingAddress } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { idleRequest, rejectionMessage, type RequestState, type RequestStatus } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedOut } from '../user/userSlice';

interface CheckOutState extends RequestState {
  /** Card checkout: the payment page to open (session.url). */
  sessionUrl: string | null;
  /** A payment page was opened for this cart and its outcome is not known yet in this tab. */
  awaitingPaymentFor: string | null;
  /** How this shop takes payment (GET /shop), loaded once; its own status so it never blocks an order. */
  shop: ShopInfo & { status: RequestStatus };
}

const initialState: CheckOutState = {
  sessionUrl: null,
  awaitingPaymentFor: null,
  shop: { ...OTHER_BACKEND_SHOP, status: 'idle' },
  ...idleRequest,
};

/** Loads the shop's payment set-up once per visit; a backend without GET /shop keeps the defaults (real card payment). */
export const fetchShopInfo = createAppAsyncThunk(
  'checkOut/fetchShopInfo',
  async (_: void, { rejectWithValue }) => {
    try {
      return await getShopInfo();
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
  { condition: (_, { getState }) => getState().checkOut.shop.status === 'idle' },
);

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
  reducers: {
    /** The card payment opened in another tab was seen to be paid. */
    cardPaymentConfirmed(state) {
      state.awaitingPaymentFor = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchShopInfo.pending, (state) => {
        state.shop.status = 'pending';
      })
      .addCase(fetchShopInfo.fulfilled, (state, action) => {
        state.shop = { ...action.payload, status: 'succeeded' };
      })
      .addCase(fetchShopInfo.rejected, (state) => {
        state.shop = { ...OTHER_BACKEND_SHOP, status: 'failed' };
      })
      .addCase(startCardPayment.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.sessionUrl = action.payload;
        state.awaitingPaymentFor = action.meta.arg.cartId;
      })
      .addCase(loggedOut, () => initialState)
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

export const { cardPaymentConfirmed } = checkOutSlice.actions;
export default checkOutSlice.reducer;

export const selectAwaitingPayment = (state: RootState) => state.checkOut.awaitingPaymentFor !== null;

export const selectCheckOutPending = (state: RootState) => state.checkOut.status === 'pending';
export const selectShopInfo = (state: RootState) => state.checkOut.shop;
