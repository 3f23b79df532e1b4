import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';
import { getStored } from '../../lib/storage';

export interface ProductsState extends RequestState {
  items: Product[];
  /** Typed in the top-bar search box; the listing re-fetches 500 ms after it changes (SPEC §4). */
  searchWord: string;
}

const productsSlice = createSlice({
  name: 'products',
  initialState: (): ProductsState => ({ items: [], searchWord: getStored('searchWord') ?? '', ...idleRequest }),
  reducers: {
    searchWordChanged(state, action: PayloadAction<string>) {
      state.searchWord = action.payload;
    },
  },
});

export const { searchWordChanged } = productsSlice.actions;
export default productsSlice.reducer;

export const selectSearchWord = (state: RootState) => state.products.searchWord;
