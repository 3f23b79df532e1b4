import type { ActionReducerMapBuilder, AsyncThunk, Draft } from '@reduxjs/toolkit';
import { reachablePages } from '../api/paging';
import type { ApiError, ListResponse } from '../api/types';
import { rejectionMessage, type RequestStatus } from './requestStatus';
import type { AppDispatch, RootState } from './store';

/** One page of a list answer, with its own loading flag (a slice may hold several). */
export interface PagedList<T> {
  items: T[];
  /** Matching objects over all pages. */
  results: number;
  numberOfPages: number;
  status: RequestStatus;
  error: string | null;
  /** The request whose answer counts; older answers that arrive late are dropped. */
  requestId: string | null;
}

export function emptyPagedList<T>(): PagedList<T> {
  return { items: [], results: 0, numberOfPages: 0, status: 'idle', error: null, requestId: null };
}

type AppThunkConfig = { state: RootState; dispatch: AppDispatch; rejectValue: ApiError };

/** pending / fulfilled / rejected of a thunk that loads a List into the PagedList chosen by `select`. */
export function addPagedListCases<S, T, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: AsyncThunk<ListResponse<T>, Arg, AppThunkConfig>,
  select: (state: Draft<S>, arg: Arg) => PagedList<T> | Draft<PagedList<T>>,
) {
  builder
    .addCase(thunk.pending, (state, action) => {
      const list = select(state, action.meta.arg);
      list.status = 'pending';
      list.error = null;
      list.requestId = action.meta.requestId;
    })
    .addCase(thunk.fulfilled, (state, action) => {
      const list = select(state, action.meta.arg);
      if (list.requestId !== action.meta.requestId) return;
      list.status = 'succeeded';
      list.items = action.payload.data as Draft<T>[] & T[];
      list.results = action.payload.results;
      list.numberOfPages = reachablePages(action.payload.paginationResult);
    })
    .addCase(thunk.rejected, (state, action) => {
      const list = select(state, action.meta.arg);
      if (list.requestId !== action.meta.requestId) return;
      list.status = 'failed';
      list.error = rejectionMessage(action);
    });
}
