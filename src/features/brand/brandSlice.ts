import { createSlice } from '@reduxjs/toolkit';
import type { Brand } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

export interface BrandState extends RequestState {
  items: Brand[];
}

const initialState: BrandState = { items: [], ...idleRequest };

const brandSlice = createSlice({
  name: 'brand',
  initialState,
  reducers: {},
});

export default brandSlice.reducer;
