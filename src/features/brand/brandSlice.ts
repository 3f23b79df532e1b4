import { createSlice } from '@reduxjs/toolkit';
import { getBrand, listBrands } from '../../api/brands';
import { ALL_ITEMS_LIMIT } from '../../api/categories';
import type { Brand, Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/pagedList';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';

interface BrandState extends RequestState {
  /** All brands (home strip, side filter, names on product pages, admin selects). */
  items: Brand[];
  /** One page of the /allbrand screen. */
  page: PagedList<Brand>;
}

const initialState: BrandState = { items: [], page: emptyPagedList(), ...idleRequest };

/** Page size of /allbrand (SPEC §9). */
const BRAND_PAGE_SIZE = 4;

/** Loads all brands once per session; later calls are skipped while loading or loaded, unless `force` (the owner's forms). */
export const fetchBrands = createAppAsyncThunk(
  'brand/fetchAll',
  (_: { force?: boolean } | void) => listBrands({ limit: ALL_ITEMS_LIMIT }),
  {
    condition: (arg, { getState }) =>
      Boolean(arg?.force) || !['pending', 'succeeded'].includes(getState().brand.status),
  },
);

export const fetchBrandPage = createAppAsyncThunk('brand/fetchPage', (page: number) =>
  listBrands({ limit: BRAND_PAGE_SIZE, page }),
);
/** One brand by id (the heading of /products/brand/:id when the list does not hold it; not kept in the store). */
export const fetchBrand = createAppAsyncThunk('brand/fetchOne', (id: Id) => getBrand(id));

const brandSlice = createSlice({
  name: 'brand',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchBrands.fulfilled, (state, action) => {
      state.items = action.payload.data;
    });
    addPagedListCases(builder, fetchBrandPage, (state) => state.page);
    addRequestStatusMatchers(builder, [fetchBrands]);
  },
});

export default brandSlice.reducer;

export const selectBrands = (state: RootState) => state.brand.items;
export const selectBrandsStatus = (state: RootState) => state.brand.status;
export const selectBrandPage = (state: RootState) => state.brand.page;
