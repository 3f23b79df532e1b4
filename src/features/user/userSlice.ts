import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../api/types';
import { idleRequest, type RequestState } from '../../app/requestStatus';
import { getStored } from '../../lib/storage';
import type { RootState } from '../../app/store';

export interface UserState extends RequestState {
  /** The logged-in user as stored under 'user'; null for visitors. */
  user: User | null;
  token: string | null;
}

/** Reads the session left in browser storage by an earlier visit. */
export function readStoredSession(): Pick<UserState, 'user' | 'token'> {
  const user = getStored('user');
  const token = getStored('token');
  return user && token ? { user, token } : { user: null, token: null };
}

const userSlice = createSlice({
  name: 'user',
  // A function, so every new store (and every test) reads storage afresh.
  initialState: (): UserState => ({ ...readStoredSession(), ...idleRequest }),
  reducers: {
    // Browser storage is kept in step by src/app/persistence.ts, not here: reducers stay pure.
    loggedIn(state, action: PayloadAction<{ user: User; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    loggedOut(state) {
      state.user = null;
      state.token = null;
    },
  },
});

export const { loggedIn, userUpdated, loggedOut } = userSlice.actions;
export default userSlice.reducer;

export const selectCurrentUser = (state: RootState) => state.user.user;

/** SPEC §4: role 'user' → user area; any other role → admin area; no stored user → neither. */
export const selectIsUser = (state: RootState) => state.user.user?.role === 'user';
export const selectIsAdmin = (state: RootState) => state.user.user != null && state.user.user.role !== 'user';
