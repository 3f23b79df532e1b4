import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { getOptionValues } from '../../api/optionValues';
import type { ProductQuery } from '../../api/products';
import type { OptionValues } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';

/** The option values the listing's side filter offers (its latest answer). */
interface OptionValuesState extends RequestState {
  data: OptionValues;
}

/** The option values of the products the listing's other filters find. */
export const fetchOptionValues = createAppAsyncThunk('optionValues/fetch', (query: ProductQuery) =>
  getOptionValues(query),
);

const optionValuesSlice = createSlice({
  name: 'optionValues',
  initialState: (): OptionValuesState => ({ data: [], ...idleRequest }),
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchOptionValues.fulfilled, (state, action) => {
      if (isLatestAnswer(state, action)) state.data = action.payload;
    });
    addRequestStatusMatchers(builder, [fetchOptionValues]);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof optionValuesSlice> {}
}
/** In the store once the listing's side filter has loaded this file: the storefront's first load does not carry it. */
const own = optionValuesSlice.injectInto(rootReducer).selectSlice;

export const selectOptionValues = (state: RootState) => own(state).data;
