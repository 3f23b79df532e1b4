// The one way the web app holds what it asked the server for. Every state area keeps, for each thing it loads, a
// RequestState (`status`, `error`, the `requestId` of its latest request); Redux Toolkit's createAsyncThunk does the
// rest: `requestId` lets only the latest request settle it (an earlier answer that arrives last is dropped), `signal`
// cancels a request whose screen has gone, and `condition` (createReadThunk) sends no second request for a read that
// is on its way or already answered ahead of its page. The answers a page starts from (the ones its HTML carries,
// src/api/firstAnswers.ts, and the ones its route asked for while its code downloaded) come through the same thunk,
// so they enter the store as the same `fulfilled` action as any other answer.
import {
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type AsyncThunkOptions,
  type Draft,
  type SerializedError,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { reachablePages } from '../api/paging';
import type { ApiError, ListResponse } from '../api/types';
import { createAppAsyncThunk, type AppThunkApi, type AppThunkConfig } from './hooks';
import type { RootState } from './store';

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/** The one status shape: every slice, and every part of one that loads on its own, carries these fields (SPEC §3). */
export interface RequestState {
  status: RequestStatus;
  error: string | null;
  /** The latest request's id: only its answer settles this state. */
  requestId: string | null;
}

export const idleRequest: RequestState = { status: 'idle', error: null, requestId: null };

/** A read that asks again only when it must (createReadThunk). */
export interface ReadState extends RequestState {
  /** What the latest request asked for (its argument, as a string). */
  key: string | null;
  /** It was the route's read, ahead of its page, and the page has not taken it yet (its answer, or its failure). */
  ahead: boolean;
}

export const idleRead: ReadState = { ...idleRequest, key: null, ahead: false };

/** Message to keep in `error` when a thunk is rejected. */
export function rejectionMessage(action: { payload?: ApiError; error: SerializedError }): string {
  return action.payload?.message ?? action.error.message ?? 'حدث خطأ غير متوقع';
}

type Matcher = { match: (action: unknown) => boolean };
/** The part of an async thunk the status matchers need (any thunk of any slice fits). */
interface AnyThunk {
  pending: Matcher;
  fulfilled: Matcher;
  rejected: Matcher;
}
type ThunkAction = UnknownAction & {
  payload?: unknown;
  meta: {
    arg: unknown;
    requestId: string;
    aborted?: boolean;
    condition?: boolean;
    key?: string;
    ahead?: boolean;
  };
  error?: SerializedError;
};
type RejectedAction = ThunkAction & { payload?: ApiError; error: SerializedError };
type Target = RequestState | Draft<RequestState>;

/** The answer is to the latest request of `state` (a newer request has not started since). */
export function isLatestAnswer(state: Target, action: { meta: { requestId: string } }): boolean {
  return state.requestId === action.meta.requestId;
}

const isRead = (state: Target): state is ReadState | Draft<ReadState> => 'ahead' in state;

/**
 * Keeps the RequestState that `select` picks (the slice itself by default, or one list, or one order's details) in
 * step with the given thunks: their latest request sets it, an older one's answer changes nothing, a cancelled
 * request leaves it idle. Matchers run after a slice's own cases, so a slice stores each thunk's data in its own
 * `fulfilled` case (checking `isLatestAnswer` where a screen may ask again before an answer came); call it after
 * every `addCase`.
 */
export function addRequestStatusMatchers<S>(
  builder: ActionReducerMapBuilder<S>,
  thunks: readonly AnyThunk[],
  select: (state: Draft<S>, action: ThunkAction) => Target = (state) => state as Target,
) {
  const matching =
    <A extends ThunkAction>(phase: keyof AnyThunk) =>
    (action: UnknownAction): action is A =>
      thunks.some((thunk) => thunk[phase].match(action));
  builder
    .addMatcher(matching('pending'), (state, action) => {
      const target = select(state, action);
      target.status = 'pending';
      target.error = null;
      target.requestId = action.meta.requestId;
      if (isRead(target)) {
        target.key = action.meta.key ?? null;
        target.ahead = action.meta.ahead === true;
      }
    })
    .addMatcher(matching('fulfilled'), (state, action) => {
      const target = select(state, action);
      if (isLatestAnswer(target, action)) target.status = 'succeeded';
    })
    .addMatcher(matching<RejectedAction>('rejected'), (state, action) => {
      const target = select(state, action);
      // Not sent because the same read is on its way or waiting for this page: the page has taken it.
      if (action.meta.condition) {
        if (isRead(target)) target.ahead = false;
        return;
      }
      if (!isLatestAnswer(target, action)) return;
      if (action.meta.aborted) {
        target.status = 'idle';
        return;
      }
      target.status = 'failed';
      target.error = rejectionMessage(action);
    });
}

/** One page of a list answer, with its own loading state (a slice may hold several). */
export interface PagedList<T> extends ReadState {
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
  return { items: [], results: 0, numberOfPages: 0, ...idleRead };
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

/** A read thunk, and the same read started ahead of its page (`ahead`: a route's loader, while the page's code comes). */
export type ReadThunk<Returned, Arg> = AsyncThunk<Returned, Arg, AppThunkConfig> & {
  ahead: AsyncThunk<Returned, Arg, AppThunkConfig>;
};

/**
 * A storefront read kept in the ReadState `select` picks (track it with addRequestStatusMatchers or
 * addPagedListCases). Its `condition` sends nothing while the same read (same argument) is on its way, nor when it
 * was started ahead of the page and the page has not taken its answer yet (or its failure, which the page then
 * shows with its retry): the page's own dispatch takes it instead. Any
 * other time (a re-read after a review, a retry, a later visit) it asks the server again.
 */
export function createReadThunk<Returned, Arg>(
  type: string,
  request: (arg: Arg, thunkApi: AppThunkApi) => Promise<Returned>,
  select: (state: RootState, arg: Arg) => ReadState,
): ReadThunk<Returned, Arg> {
  const keyOf = (arg: Arg) => JSON.stringify(arg) ?? '';
  const options = (ahead: boolean): AsyncThunkOptions<Arg, AppThunkConfig> => ({
    condition: (arg, { getState }) => {
      const read = select(getState(), arg);
      return read.key !== keyOf(arg) || !(read.status === 'pending' || read.ahead);
    },
    dispatchConditionRejection: true,
    getPendingMeta: ({ arg }) => ({ key: keyOf(arg), ahead }),
  });
  return Object.assign(createAppAsyncThunk(type, request, options(false)), {
    ahead: createAppAsyncThunk(type, request, options(true)),
  });
}
