import { createSlice } from '@reduxjs/toolkit';
import type { Id, Subcategory } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import {
  addRequestStatusMatchers,
  idleRequest,
  isLatestAnswer,
  type LatestRequestState,
} from '../../app/requestStatus';
import type { RootState } from '../../app/store';

// Only the owner's screens read or write subcategories: their calls are loaded on first use, in an admin chunk.
const catalogApi = () => import('../../api/admin/catalog');

interface SubCategoryState extends LatestRequestState {
  /** The category whose subcategories `items` holds (the one chosen in the product form). */
  categoryId: Id | null;
  items: Subcategory[];
}

const initialState: SubCategoryState = { categoryId: null, items: [], ...idleRequest, requestId: null };

/** The subcategories of one category; only the answer for the category chosen last counts. */
export const fetchSubcategoriesOf = createAppAsyncThunk('subCategory/fetchOfCategory', async (categoryId: Id) =>
  (await catalogApi()).listSubcategoriesOf(categoryId),
);

const subCategorySlice = createSlice({
  name: 'subCategory',
  initialState,
  reducers: {},
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
    addRequestStatusMatchers(builder, [fetchSubcategoriesOf]);
  },
});

export default subCategorySlice.reducer;

/** The loaded subcategories of `categoryId` (none when their load failed); null while unknown. */
export const selectSubcategoriesOf = (state: RootState, categoryId: Id): Subcategory[] | null => {
  const { categoryId: loadedFor, status, items } = state.subCategory;
  return loadedFor === categoryId && (status === 'succeeded' || status === 'failed') ? items : null;
};
