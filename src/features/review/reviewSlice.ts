import { createSlice } from '@reduxjs/toolkit';
import { toApiError } from '../../api/client';
import * as reviewsApi from '../../api/reviews';
import type { Id, Review } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/pagedList';
import { idleRequest, addRequestStatusMatchers, type RequestState } from '../../app/requestStatus';
import type { RootState } from '../../app/store';

interface ReviewState extends RequestState {
  /** One page of the shown product's reviews. */
  list: PagedList<Review>;
}

const initialState: ReviewState = { list: emptyPagedList(), ...idleRequest };

export const fetchReviews = createAppAsyncThunk(
  'review/fetchPage',
  async ({ productId, page }: { productId: Id; page: number }, { rejectWithValue }) => {
    try {
      return await reviewsApi.listProductReviews(productId, page);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const createdReview = createAppAsyncThunk(
  'review/create',
  async ({ productId, body }: { productId: Id; body: reviewsApi.ReviewBody }, { rejectWithValue }) => {
    try {
      return await reviewsApi.createReview(productId, body);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const updatedReview = createAppAsyncThunk(
  'review/update',
  async ({ reviewId, body }: { reviewId: Id; body: reviewsApi.ReviewBody }, { rejectWithValue }) => {
    try {
      return await reviewsApi.updateReview(reviewId, body);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);

export const deletedReview = createAppAsyncThunk('review/delete', async (reviewId: Id, { rejectWithValue }) => {
  try {
    await reviewsApi.deleteReview(reviewId);
    return reviewId;
  } catch (err) {
    return rejectWithValue(toApiError(err));
  }
});

const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addPagedListCases(builder, fetchReviews, (state) => state.list);
    addRequestStatusMatchers(builder, [createdReview, updatedReview, deletedReview]);
  },
});

export default reviewSlice.reducer;

export const selectReviews = (state: RootState) => state.review.list;
