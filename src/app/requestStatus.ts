import type { ActionReducerMapBuilder, SerializedError, UnknownAction } from '@reduxjs/toolkit';
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
type RejectedAction = UnknownAction & { payload?: ApiError; error: SerializedError };

/**
 * Keeps a slice's `status`/`error` in step with the given thunks. Matchers run after a slice's own
 * cases, so a slice still stores each thunk's data in its own `fulfilled` case.
 */
export function addRequestStatusMatchers<S extends RequestState>(builder: ActionReducerMapBuilder<S>, thunks: TrackedThunk[]) {
  const matching = <A extends UnknownAction>(phase: keyof TrackedThunk) => (action: UnknownAction): action is A =>
    thunks.some((thunk) => thunk[phase].match(action));
  builder
    .addMatcher(matching('pending'), (state) => {
      state.status = 'pending';
      state.error = null;
    })
    .addMatcher(matching('fulfilled'), (state) => {
      state.status = 'succeeded';
    })
    .addMatcher(matching<RejectedAction>('rejected'), (state, action) => {
      state.status = 'failed';
      state.error = rejectionMessage(action);
    });
}
