import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { getDeliveryQuote, getGovernorates } from '../api/delivery';
import type { DeliveryQuote, Governorate } from '../api/types';
import { createAppAsyncThunk } from './hooks';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from './request';
import { rootReducer } from './rootReducer';
import type { RootState } from './store';
import { loggedOut } from './userSlice';

type ShippingZone = import('../api/admin/delivery').ShippingZone;

// The owner's zone and governorate calls: loaded on first use, so they stay out of the shoppers' first download.
export const deliveryAdminApi = () => import('../api/admin/delivery');

/** The quote shown for one governorate (null: none chosen, the shop's default fee). */
interface QuoteState extends RequestState {
  governorate: string | null;
  data: DeliveryQuote | null;
}

interface DeliveryState extends RequestState {
  /** Egypt's governorates (GET /delivery/governorates), loaded once per visit; `status` is theirs. */
  governorates: Governorate[];
  quote: QuoteState;
  /** The owner's shipping zones (/admin/delivery). */
  zones: RequestState & { items: ShippingZone[] };
}

const initialQuote: QuoteState = { governorate: null, data: null, ...idleRequest };
const initialZones: DeliveryState['zones'] = { items: [], ...idleRequest };
const initialState: DeliveryState = {
  governorates: [],
  quote: initialQuote,
  zones: initialZones,
  ...idleRequest,
};

/**
 * Loads the governorates once; a backend without them (the original one, API.md §8) leaves the list empty, and the
 * address forms then show no governorate select.
 */
export const fetchGovernorates = createAppAsyncThunk('delivery/fetchGovernorates', (_: void) => getGovernorates(), {
  condition: (_, { getState }) => own(getState()).status === 'idle',
});

/** The governorates again, whatever was loaded before (the owner's retry after a failed load). */
export const reloadGovernorates = createAppAsyncThunk('delivery/reloadGovernorates', (_: void) => getGovernorates());

/** GET /delivery/zones (the owner). */
export const fetchZones = createAppAsyncThunk('delivery/fetchZones', async () =>
  (await deliveryAdminApi()).listZones(),
);

/** A new governorate (one split off another); it belongs to no zone until the owner puts it in one. */
export const createGovernorate = createAppAsyncThunk('delivery/createGovernorate', async (body: Governorate) =>
  (await deliveryAdminApi()).createGovernorate(body),
);

/** A governorate renamed (its code stays). */
export const renamedGovernorate = createAppAsyncThunk(
  'delivery/renameGovernorate',
  async ({ code, name, nameEn }: Governorate) => (await deliveryAdminApi()).renameGovernorate(code, { name, nameEn }),
);

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
        if (isLatestAnswer(state, action)) state.governorates = action.payload;
      })
      .addCase(reloadGovernorates.fulfilled, (state, action) => {
        if (isLatestAnswer(state, action)) state.governorates = action.payload;
      })
      // The owner's changes show at once, in the list every address form reads.
      .addCase(createGovernorate.fulfilled, (state, action) => {
        state.governorates.push(action.payload);
      })
      .addCase(renamedGovernorate.fulfilled, (state, action) => {
        const index = state.governorates.findIndex((g) => g.code === action.payload.code);
        if (index >= 0) state.governorates[index] = action.payload;
      })
      .addCase(fetchZones.fulfilled, (state, action) => {
        if (isLatestAnswer(state.zones, action)) state.zones.items = action.payload;
      })
      .addCase(fetchDeliveryQuote.pending, (state, action) => {
        // Another governorate's figures must not stand beside this one while its quote loads.
        if (state.quote.governorate !== action.meta.arg) state.quote.data = null;
        state.quote.governorate = action.meta.arg;
      })
      .addCase(fetchDeliveryQuote.fulfilled, (state, action) => {
        if (isLatestAnswer(state.quote, action)) state.quote.data = action.payload;
      })
      .addCase(fetchDeliveryQuote.rejected, (state, action) => {
        if (isLatestAnswer(state.quote, action)) state.quote.data = null;
      })
      .addCase(loggedOut, (state) => {
        state.quote = initialQuote;
        state.zones = initialZones;
      });
    addRequestStatusMatchers(builder, [fetchGovernorates, reloadGovernorates]);
    addRequestStatusMatchers(builder, [fetchZones], (state) => state.zones);
    addRequestStatusMatchers(builder, [fetchDeliveryQuote], (state) => state.quote);
  },
});

declare module './rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof deliverySlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = deliverySlice.injectInto(rootReducer).selectSlice;

export default deliverySlice.reducer;

export const selectGovernorates = (state: RootState) => own(state).governorates;
export const selectGovernoratesStatus = (state: RootState) => own(state).status;
export const selectZones = (state: RootState) => own(state).zones;
export const selectDeliveryQuote = (state: RootState) => own(state).quote;
