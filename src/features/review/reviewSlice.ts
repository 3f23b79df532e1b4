import { createSlice } from '@reduxjs/toolkit';
import type { Review } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';

export interface ReviewState extends RequestState {
  items: Review[];
}

const initialState: ReviewState = { items: [], ...idleRequest };

const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {},
});

export default reviewSlice.reducer;
