import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Id, Subcategory } from '../../api/types';
import { addCatalogueListCases, createCatalogueListThunk } from '../../app/catalogueSlice';
import { createAppAsyncThunk } from '../../app/hooks';
import { emptyPagedList, type PagedList } from '../../app/request';
import { addRequestStatusMatchers, idleRequest, isLatestAnswer, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';

// Only the owner's screens read or write subcategories: their calls are loaded on first use, in an admin chunk.
const catalogApi = () => import('../../api/admin/catalog');

type CatalogueEntry = import('../../api/admin/catalog').CatalogueEntry;

interface SubCategoryState extends RequestState {
  /** The category whose subcategories `items` holds (the one chosen in the product form). */
  categoryId: Id | null;
  items: Subcategory[];
  /** One page of the owner's subcategory list (/admin/subcategories), with product counts. */
  catalogue: PagedList<CatalogueEntry>;
}

const initialState: SubCategoryState = {
  categoryId: null,
  items: [],
  catalogue: emptyPagedList(),
  ...idleRequest,
};

/** The subcategories of one category; only the answer for the category chosen last counts. */
export const fetchSubcategoriesOf = createAppAsyncThunk('subCategory/fetchOfCategory', async (categoryId: Id) =>
  (await catalogApi()).listSubcategoriesOf(categoryId),
);

/** One page of the owner's subcategory list, with product counts. */
export const fetchSubcategoryCatalogue = createCatalogueListThunk('subCategory', 'subcategories');

const subCategorySlice = createSlice({
  name: 'subCategory',
  initialState,
  reducers: {
    /** The owner left the list: the next visit starts from a spinner, not from this page. */
    subcategoryCatalogueClosed(state) {
      state.catalogue = emptyPagedList();
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSubcategoriesOf.pending, (state, action) => {
        if (state.categoryId === action.meta.arg) return;
        state.categoryId = action.meta.arg;
        state.items = [];
      })
      .addCase(fetchSubcategoriesOf.fulfilled, (state, action) => {
        if (isLatestAnswer(state, action)) state.items = action.payload;
      })
      .addCase(fetchSubcategoriesOf.rejected, (state, action) => {
        if (isLatestAnswer(state, action)) state.items = [];
      });
    addCatalogueListCases(builder, fetchSubcategoryCatalogue, (state) => state.catalogue);
    addRequestStatusMatchers(builder, [fetchSubcategoriesOf]);
  },
});

export const { subcategoryCatalogueClosed } = subCategorySlice.actions;
declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof subCategorySlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = subCategorySlice.injectInto(rootReducer).selectSlice;

export default subCategorySlice.reducer;

/** The loaded subcategories of `categoryId` (none when their load failed); null while unknown. */
export const selectSubcategoriesOf = (state: RootState, categoryId: Id): Subcategory[] | null => {
  const { categoryId: loadedFor, status, items } = own(state);
  return loadedFor === categoryId && (status === 'succeeded' || status === 'failed') ? items : null;
};
export const selectSubcategoryCatalogue = (state: RootState) => own(state).catalogue;
