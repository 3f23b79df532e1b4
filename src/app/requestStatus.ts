import type { ActionReducerMapBuilder, Draft, SerializedError, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../api/types';

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/** Every slice carries these two fields (SPEC §3: each state area has its own loading flag). */
export interface RequestState {
  status: RequestStatus;
  error: string | null;
}

export const idleRequest: RequestState = { status: 'idle', error: null };

/** Message to keep in `error` when a thunk is rejected. */
export function rejectionMessage(action: { payload?: ApiError; error: SerializedError }): string {
  return action.payload?.message ?? action.error.message ?? 'حدث خطأ غير متوقع';
}

type Matcher = { match: (action: unknown) => boolean };
/** The part of an async thunk the status matchers need (any thunk of any slice fits). */
interface TrackedThunk {
  pending: Matcher;
  fulfilled: Matcher;
  rejected: Matcher;
}
type ThunkAction = UnknownAction & {
  payload?: unknown;
  meta: { arg: unknown; requestId: string };
  error?: SerializedError;
};
type RejectedAction = ThunkAction & { payload?: ApiError; error: SerializedError };

/** A RequestState that only its latest request may settle: older answers that arrive late are dropped. */
export interface LatestRequestState extends RequestState {
  requestId: string | null;
}

function isLatestRequestState(state: RequestState): state is LatestRequestState {
  return 'requestId' in state;
}

/** The answer settles `state` (always, unless `state` keeps a requestId and a newer request has started since). */
export function isLatestAnswer(state: RequestState | Draft<RequestState>, action: ThunkAction): boolean {
  return !isLatestRequestState(state) || state.requestId === action.meta.requestId;
}

/**
 * The one status helper: keeps `status`/`error` of the slice (or of the part `select` picks, such as one list or one
 * order's details) in step with the given thunks. Matchers run after a slice's own cases, so a slice still stores
 * each thunk's data in its own `fulfilled` case; call it after every `addCase`.
 */
export function addRequestStatusMatchers<S>(
  builder: ActionReducerMapBuilder<S>,
  thunks: readonly TrackedThunk[],
  select: (state: Draft<S>, action: ThunkAction) => RequestState | Draft<RequestState> = (state) =>
    state as RequestState,
) {
  const matching =
    <A extends ThunkAction>(phase: keyof TrackedThunk) =>
    (action: UnknownAction): action is A =>
      thunks.some((thunk) => thunk[phase].match(action));
  builder
    .addMatcher(matching('pending'), (state, action) => {
      const target = select(state, action);
      target.status = 'pending';
      target.error = null;
      if (isLatestRequestState(target)) target.requestId = action.meta.requestId;
    })
    .addMatcher(matching('fulfilled'), (state, action) => {
      const target = select(state, action);
      if (isLatestAnswer(target, action)) target.status = 'succeeded';
    })
    .addMatcher(matching<RejectedAction>('rejected'), (state, action) => {
      const target = select(state, action);
      if (!isLatestAnswer(target, action)) return;
      target.status = 'failed';
      target.error = rejectionMessage(action);
    });
}
