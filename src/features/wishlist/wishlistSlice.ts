import { createSlice } from '@reduxjs/toolkit';
import type { Id, Product } from '../../api/types';
import * as wishlistApi from '../../api/wishlist';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, rejectionMessage, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { loggedIn, loggedOut } from '../user/userSlice';

interface WishlistState extends RequestState {
  /** Favourite products (GET /wishlist), for the favourites page. */
  items: Product[];
  /** Ids of the favourites: the filled hearts. Changed at once when a heart is clicked (SPEC §4). */
  ids: Id[];
}

const initialState: WishlistState = { items: [], ids: [], ...idleRequest };

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

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchWishlist.fulfilled, (state, action) => {
        state.items = action.payload;
        state.ids = action.payload.map((p) => p._id);
      })
      // Hearts change at once; a failed call puts them back.
      .addCase(addToWishlist.pending, (state, action) => {
        if (!state.ids.includes(action.meta.arg)) state.ids.push(action.meta.arg);
      })
      .addCase(addToWishlist.rejected, (state, action) => {
        state.ids = state.ids.filter((id) => id !== action.meta.arg);
        state.error = rejectionMessage(action);
      })
      .addCase(removeFromWishlist.pending, (state, action) => {
        state.ids = state.ids.filter((id) => id !== action.meta.arg);
        state.items = state.items.filter((p) => p._id !== action.meta.arg);
      })
      .addCase(removeFromWishlist.rejected, (state, action) => {
        if (!state.ids.includes(action.meta.arg)) state.ids.push(action.meta.arg);
        state.error = rejectionMessage(action);
      })
      // Another account's favourites must not show: start again on every login and logout.
      .addCase(loggedIn, () => initialState)
      .addCase(loggedOut, () => initialState);
    addRequestStatusMatchers(builder, [fetchWishlist]);
  },
});

export default wishlistSlice.reducer;

export const selectWishlistProducts = (state: RootState) => state.wishlist.items;
export const selectWishlistStatus = (state: RootState) => state.wishlist.status;
export const selectIsFavourite = (state: RootState, productId: Id) => state.wishlist.ids.includes(productId);
