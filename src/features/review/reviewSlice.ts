import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import * as reviewsApi from '../../api/reviews';
import type { Id, Review } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';
import { addPagedListCases, emptyPagedList, type PagedList } from '../../app/request';
import { idleRequest, addRequestStatusMatchers, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';

interface ReviewState extends RequestState {
  /** The product whose reviews `list` holds (or is loading). */
  productId: Id | null;
  /** One page of that product's reviews. */
  list: PagedList<Review>;
}

const initialState: ReviewState = { productId: null, list: emptyPagedList(), ...idleRequest };

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
    // Another product's reviews go as soon as this one's are asked for: never listed under the wrong product.
    builder.addCase(fetchReviews.pending, (state, action) => {
      if (state.productId === action.meta.arg.productId) return;
      state.productId = action.meta.arg.productId;
      state.list = emptyPagedList();
    });
    addPagedListCases(builder, fetchReviews, (state) => state.list);
    addRequestStatusMatchers(builder, [createReview, updateReview, deleteReview]);
  },
});

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof reviewSlice> {}
}
/** In the store once a screen that needs it has loaded this file (app/rootReducer.ts). */
const own = reviewSlice.injectInto(rootReducer).selectSlice;

export default reviewSlice.reducer;

const NO_REVIEWS = emptyPagedList<Review>();
/** The listed page of a product's reviews: nothing yet while another product's are in the store. */
export const selectReviewsOf = (state: RootState, productId: Id) => {
  const reviews = own(state);
  return reviews.productId === productId ? reviews.list : NO_REVIEWS;
};
