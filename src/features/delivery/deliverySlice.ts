import { createSlice } from '@reduxjs/toolkit';
import { getDeliveryQuote, getGovernorates } from '../../api/delivery';
import type { DeliveryQuote, Governorate } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import {
  addRequestStatusMatchers,
  idleRequest,
  type LatestRequestState,
  type RequestState,
} from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedOut } from '../user/userSlice';

/** The quote shown for one governorate (null: none chosen, the shop's default fee). */
interface QuoteState extends LatestRequestState {
  governorate: string | null;
  data: DeliveryQuote | null;
}

interface DeliveryState extends RequestState {
  /** Egypt's governorates (GET /delivery/governorates), loaded once per visit; `status` is theirs. */
  governorates: Governorate[];
  quote: QuoteState;
}

const initialQuote: QuoteState = { governorate: null, data: null, requestId: null, ...idleRequest };
const initialState: DeliveryState = { governorates: [], quote: initialQuote, ...idleRequest };

/**
 * Loads the governorates once; a backend without them (the original one, API.md §8) leaves the list empty, and the
 * address forms then show no governorate select.
 */
export const fetchGovernorates = createAppAsyncThunk('delivery/fetchGovernorates', (_: void) => getGovernorates(), {
  condition: (_, { getState }) => getState().delivery.status === 'idle',
});

/** What the customer's cart costs delivered to a governorate (items, shipping, cash fee, VAT included, totals). */
export const fetchDeliveryQuote = createAppAsyncThunk('delivery/fetchQuote', (governorate: string | null) =>
  getDeliveryQuote(governorate),
);

const deliverySlice = createSlice({
  name: 'delivery',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchGovernorates.fulfilled, (state, action) => {
        state.governorates = action.payload;
      })
      .addCase(fetchDeliveryQuote.pending, (state, action) => {
        // Another governorate's figures must not stand beside this one while its quote loads.
        if (state.quote.governorate !== action.meta.arg) state.quote.data = null;
        state.quote.governorate = action.meta.arg;
      })
      .addCase(fetchDeliveryQuote.fulfilled, (state, action) => {
        if (state.quote.requestId === action.meta.requestId) state.quote.data = action.payload;
      })
      .addCase(fetchDeliveryQuote.rejected, (state, action) => {
        if (state.quote.requestId === action.meta.requestId) state.quote.data = null;
      })
      .addCase(loggedOut, (state) => {
        state.quote = initialQuote;
      });
    addRequestStatusMatchers(builder, [fetchGovernorates]);
    addRequestStatusMatchers(builder, [fetchDeliveryQuote], (state) => state.quote);
  },
});

export default deliverySlice.reducer;

export const selectGovernorates = (state: RootState) => state.delivery.governorates;
export const selectDeliveryQuote = (state: RootState) => state.delivery.quote;
