import { createSlice } from '@reduxjs/toolkit';
import type { Product } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

export interface WishlistState extends RequestState {
  /** Favourite products; a product is a favourite when its _id is among them. */
  items: Product[];
}

const initialState: WishlistState = { items: [], ...idleRequest };

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {},
});

export default wishlistSlice.reducer;
