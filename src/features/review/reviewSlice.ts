import { createSlice } from '@reduxjs/toolkit';
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
  ({ productId, page }: { productId: Id; page: number }) => reviewsApi.listProductReviews(productId, page),
);

export const createReview = createAppAsyncThunk(
  'review/create',
  ({ productId, body }: { productId: Id; body: reviewsApi.ReviewBody }) => reviewsApi.createReview(productId, body),
);

export const updateReview = createAppAsyncThunk(
  'review/update',
  ({ reviewId, body }: { reviewId: Id; body: reviewsApi.ReviewBody }) => reviewsApi.updateReview(reviewId, body),
);

export const deleteReview = createAppAsyncThunk('review/delete', async (reviewId: Id) => {
  await reviewsApi.deleteReview(reviewId);
  return reviewId;
});

const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addPagedListCases(builder, fetchReviews, (state) => state.list);
    addRequestStatusMatchers(builder, [createReview, updateReview, deleteReview]);
  },
});

export default reviewSlice.reducer;

export const selectReviews = (state: RootState) => state.review.list;
