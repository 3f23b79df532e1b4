import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../api/types';
import { getStored } from '../lib/storage';
import type { RootState } from './store';

/** The session: who is logged in (every page reads it). The account calls are features/user/accountSlice.ts. */
interface UserState {
  /** The logged-in user as stored under 'user'; null for visitors. */
  user: User | null;
  token: string | null;
  /** The session ended by the shopper's own logout (not by an expired token): guarded pages then lead home. */
  loggedOutByChoice: boolean;
}

/** Reads the session left in browser storage by an earlier visit. */
function readStoredSession(): Pick<UserState, 'user' | 'token'> {
  const user = getStored('user');
  const token = getStored('token');
  return user && token ? { user, token } : { user: null, token: null };
}

const userSlice = createSlice({
  name: 'user',
  // A function, so every new store (and every test) reads storage afresh.
  initialState: (): UserState => ({
    ...readStoredSession(),
    loggedOutByChoice: false,
  }),
  reducers: {
    // Browser storage is kept in step by src/app/persistence.ts, not here: reducers stay pure.
    loggedIn(state, action: PayloadAction<{ user: User; token: string }>) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.loggedOutByChoice = false;
    },
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    /** `byChoice`: the shopper pressed "تسجيل الخروج" (SPEC §2: home is where logout lands, from any page). */
    loggedOut(state, action: PayloadAction<{ byChoice: boolean } | undefined>) {
      state.user = null;
      state.token = null;
      state.loggedOutByChoice = action.payload?.byChoice ?? false;
    },
  },
});

export const { loggedIn, userUpdated, loggedOut } = userSlice.actions;

export default userSlice.reducer;

export const selectCurrentUser = (state: RootState) => state.user.user;

/** SPEC §4: role 'user' → user area; any other role → admin area; no stored user → neither. */
export const selectIsUser = (state: RootState) => state.user.user?.role === 'user';
export const selectIsAdmin = (state: RootState) => state.user.user != null && state.user.user.role !== 'user';
export const selectLoggedOutByChoice = (state: RootState) => state.user.loggedOutByChoice;
