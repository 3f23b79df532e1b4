import { createSlice } from '@reduxjs/toolkit';
import type { Subcategory } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

interface SubCategoryState extends RequestState {
  items: Subcategory[];
}

const initialState: SubCategoryState = { items: [], ...idleRequest };

const subCategorySlice = createSlice({
  name: 'subCategory',
  initialState,
  reducers: {},
});

export default subCategorySlice.reducer;
