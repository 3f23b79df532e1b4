import type { SerializedError } from '@reduxjs/toolkit';
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
