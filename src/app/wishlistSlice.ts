import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { Id, Product } from '../api/types';
import * as wishlistApi from '../api/wishlist';
import { createAppAsyncThunk } from './hooks';
import { addRequestStatusMatchers, idleRequest, rejectionMessage, type RequestState } from './request';
import type { RootState } from './store';
import { loggedIn, loggedOut } from './userSlice';

interface WishlistState extends RequestState {
  /** Favourite products (GET /wishlist), for the favourites page. */
  items: Product[];
  /** Ids of the favourites: the filled hearts. Changed at once when a heart is clicked (SPEC §4). */
  ids: Id[];
  /**
   * Hearts clicked that a read of the list may not show yet: the list the page asks for on load can be read by the
   * server before a heart clicked meanwhile is saved, and must not empty (or fill) that heart again when it arrives.
   * Kept per product until a read starts after the click's call has settled.
   */
  clicks: Record<Id, { favourite: boolean; requestId: string; settled: boolean }>;
}

const initialState: WishlistState = { items: [], ids: [], clicks: {}, ...idleRequest };

const selectIsLoggedIn = (state: RootState) => state.user.user != null && state.user.token != null;

/** Loads the favourites of a logged-in shopper once per session (visitors: no call). `force` reloads. */
export const fetchWishlist = createAppAsyncThunk(
  'wishlist/fetch',
  (_: { force?: boolean } | void) => wishlistApi.getWishlist(),
  {
    condition: (arg, { getState }) => {
      const state = getState();
      if (!selectIsLoggedIn(state)) return false;
      return Boolean(arg?.force) || state.wishlist.status === 'idle';
    },
  },
);

export const addToWishlist = createAppAsyncThunk('wishlist/add', (productId: Id) =>
  wishlistApi.addToWishlist(productId),
);

export const removeFromWishlist = createAppAsyncThunk('wishlist/remove', (productId: Id) =>
  wishlistApi.removeFromWishlist(productId),
);

/** A failed call's heart is back as the server has it: a read may say so again (a later click is kept). */
function forgetClick(state: WishlistState, { arg, requestId }: { arg: Id; requestId: string }) {
  if (state.clicks[arg]?.requestId === requestId) delete state.clicks[arg];
}

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      // A read that starts after a click's call has settled sees it; every other click still counts over the read.
      .addCase(fetchWishlist.pending, (state) => {
        for (const [id, click] of Object.entries(state.clicks)) if (click.settled) delete state.clicks[id];
      })
      .addCase(fetchWishlist.fulfilled, (state, action) => {
        const clicked = Object.entries(state.clicks);
        const unfavoured = new Set(clicked.filter(([, click]) => !click.favourite).map(([id]) => id));
        state.items = action.payload.filter((p) => !unfavoured.has(p._id));
        const ids = new Set(state.items.map((p) => p._id));
        for (const [id, click] of clicked) if (click.favourite) ids.add(id);
        state.ids = [...ids];
      })
      // Hearts change at once; a failed call puts them back.
      .addCase(addToWishlist.pending, (state, action) => {
        if (!state.ids.includes(action.meta.arg)) state.ids.push(action.meta.arg);
        state.clicks[action.meta.arg] = { favourite: true, requestId: action.meta.requestId, settled: false };
      })
      .addCase(addToWishlist.rejected, (state, action) => {
        state.ids = state.ids.filter((id) => id !== action.meta.arg);
        state.error = rejectionMessage(action);
        forgetClick(state, action.meta);
      })
      .addCase(removeFromWishlist.pending, (state, action) => {
        state.ids = state.ids.filter((id) => id !== action.meta.arg);
        state.items = state.items.filter((p) => p._id !== action.meta.arg);
        state.clicks[action.meta.arg] = { favourite: false, requestId: action.meta.requestId, settled: false };
      })
      .addCase(removeFromWishlist.rejected, (state, action) => {
        if (!state.ids.includes(action.meta.arg)) state.ids.push(action.meta.arg);
        state.error = rejectionMessage(action);
        forgetClick(state, action.meta);
      })
      // Another account's favourites must not show: start again on every login and logout.
      .addCase(loggedIn, () => initialState)
      .addCase(loggedOut, () => initialState)
      .addMatcher(isAnyOf(addToWishlist.fulfilled, removeFromWishlist.fulfilled), (state, action) => {
        const click = state.clicks[action.meta.arg];
        if (click?.requestId === action.meta.requestId) click.settled = true;
      });
    addRequestStatusMatchers(builder, [fetchWishlist]);
  },
});

export default wishlistSlice.reducer;

export const selectWishlistProducts = (state: RootState) => state.wishlist.items;
export const selectWishlistStatus = (state: RootState) => state.wishlist.status;
export const selectIsFavourite = (state: RootState, productId: Id) => state.wishlist.ids.includes(productId);
