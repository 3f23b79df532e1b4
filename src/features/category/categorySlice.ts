import { createSlice } from '@reduxjs/toolkit';
import { ALL_ITEMS_LIMIT, getCategory, listCategories } from '../../api/categories';
import type { Category, Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/pagedList';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';

interface CategoryState extends RequestState {
  /** All categories (category strip, home strip, filters, admin selects). */
  items: Category[];
  /** One page of the /allcategory screen. */
  page: PagedList<Category>;
}

const initialState: CategoryState = { items: [], page: emptyPagedList(), ...idleRequest };

/** Page size of /allcategory (SPEC §9). */
const CATEGORY_PAGE_SIZE = 6;

/** Loads all categories once per session; later calls are skipped while loading or loaded, unless `force` (the owner's forms). */
export const fetchCategories = createAppAsyncThunk(
  'category/fetchAll',
  (_: { force?: boolean } | void) => listCategories({ limit: ALL_ITEMS_LIMIT }),
  {
    condition: (arg, { getState }) =>
      Boolean(arg?.force) || !['pending', 'succeeded'].includes(getState().category.status),
  },
);

export const fetchCategoryPage = createAppAsyncThunk('category/fetchPage', (page: number) =>
  listCategories({ limit: CATEGORY_PAGE_SIZE, page }),
);
/** One category by id (the heading of /products/category/:id when the list does not hold it; not kept in the store). */
export const fetchCategory = createAppAsyncThunk('category/fetchOne', (id: Id) => getCategory(id));

const categorySlice = createSlice({
  name: 'category',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchCategories.fulfilled, (state, action) => {
      state.items = action.payload.data;
    });
    addPagedListCases(builder, fetchCategoryPage, (state) => state.page);
    addRequestStatusMatchers(builder, [fetchCategories]);
  },
});

export default categorySlice.reducer;

export const selectCategories = (state: RootState) => state.category.items;
export const selectCategoriesStatus = (state: RootState) => state.category.status;
export const selectCategoryPage = (state: RootState) => state.category.page;
