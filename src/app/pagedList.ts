import type { ActionReducerMapBuilder, AsyncThunk, Draft } from '@reduxjs/toolkit';
import { reachablePages } from '../api/paging';
import type { ListResponse } from '../api/types';
import type { AppThunkConfig } from './hooks';
import { addRequestStatusMatchers, isLatestAnswer, type LatestRequestState } from './requestStatus';

/** One page of a list answer, with its own loading flag (a slice may hold several). */
export interface PagedList<T> extends LatestRequestState {
  items: T[];
  /** Matching objects over all pages (at most the list's count cap). */
  results: number;
  /** More match than `results`: the server stopped counting there (the order lists count up to 1,000). */
  resultsCapped?: boolean;
  numberOfPages: number;
  /** The words this page's answer searched for instead of a mistyped keyword (product searches). */
  correctedKeyword?: string;
}

export function emptyPagedList<T>(): PagedList<T> {
  return { items: [], results: 0, numberOfPages: 0, status: 'idle', error: null, requestId: null };
}

/** Loads the List answers of `thunk` into the PagedList chosen by `select` (call it after every `addCase`). */
export function addPagedListCases<S, T, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: AsyncThunk<ListResponse<T>, Arg, AppThunkConfig>,
  select: (state: Draft<S>, arg: Arg) => PagedList<T> | Draft<PagedList<T>>,
) {
  builder.addMatcher(thunk.fulfilled.match, (state, action) => {
    const list = select(state, action.meta.arg);
    if (!isLatestAnswer(list, action)) return;
    list.items = action.payload.data as Draft<T>[] & T[];
    list.results = action.payload.results;
    list.resultsCapped = action.payload.resultsCapped;
    list.numberOfPages = reachablePages(action.payload.paginationResult);
    list.correctedKeyword = action.payload.correctedKeyword;
  });
  addRequestStatusMatchers(builder, [thunk], (state, action) => select(state, action.meta.arg as Arg));
}
