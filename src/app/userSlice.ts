import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as authApi from '../api/auth';
import * as profileApi from '../api/profile';
import type { User } from '../api/types';
import { createAppAsyncThunk } from './hooks';
import { idleRequest, addRequestStatusMatchers, type RequestState } from './requestStatus';
import { getStored, setStored } from '../lib/storage';
import type { RootState } from './store';

interface UserState extends RequestState {
  /** The logged-in user as stored under 'user'; null for visitors. */
  user: User | null;
  token: string | null;
  /** From the code verification to the reset it allows; kept in memory only, never in storage. */
  resetToken: string | null;
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
    resetToken: null,
    loggedOutByChoice: false,
    ...idleRequest,
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
  extraReducers: (builder) => {
    builder.addCase(verifyResetCode.fulfilled, (state, action) => {
      state.resetToken = action.payload.resetToken ?? null;
    });
    builder.addCase(resetPassword.fulfilled, (state) => {
      state.resetToken = null;
    });
    // One loading flag for the account calls (login spinner, disabled buttons while a call runs).
    addRequestStatusMatchers(builder, [logIn, signUp, requestResetCode, verifyResetCode, resetPassword]);
  },
});

export const { loggedIn, userUpdated, loggedOut } = userSlice.actions;

/** Login (SPEC §4): success keeps the session; failure clears any stored token and user. */
export const logIn = createAppAsyncThunk('user/logIn', async (body: authApi.LoginBody, { dispatch }) => {
  try {
    const { data: user, token } = await authApi.login(body);
    if (!token) throw { status: 401, message: authApi.WRONG_LOGIN_MESSAGE };
    dispatch(loggedIn({ user, token }));
    return user;
  } catch (err) {
    dispatch(loggedOut());
    throw err;
  }
});

/** Registration: success when a token comes back; the token is kept, the shopper then logs in (SPEC §4). */
export const signUp = createAppAsyncThunk('user/signUp', async (body: authApi.SignupBody) => {
  const answer = await authApi.signup(body);
  if (answer.token) setStored('token', answer.token);
  return answer;
});

/** Password recovery, step 1: the e-mail is kept (as 'user-email') for the later steps. */
export const requestResetCode = createAppAsyncThunk('user/forgotPassword', async (email: string) => {
  const answer = await authApi.forgotPassword(email);
  if (answer.status === 'Success') setStored('user-email', email);
  return answer;
});

export const verifyResetCode = createAppAsyncThunk('user/verifyResetCode', (resetCode: string) =>
  authApi.verifyResetCode(resetCode, getStored('user-email') ?? undefined),
);

/** The reset carries the resetToken of the verification that allowed it (API.md §5.1). */
export const resetPassword = createAppAsyncThunk('user/resetPassword', (newPassword: string, { getState }) =>
  authApi.resetPassword(getStored('user-email') ?? '', newPassword, getState().user.resetToken ?? undefined),
);

/** PUT /users/updateMe; resolves with the HTTP status, the user as now stored and (after an e-mail change) the new token. */
export const updateProfile = createAppAsyncThunk('user/updateProfile', (input: profileApi.ProfileInput) =>
  profileApi.updateProfile(input),
);

/** Loads the logged-in user as the server has it now, and keeps it as the session's user. */
export const refreshProfile = createAppAsyncThunk('user/refreshProfile', async (_: void, { dispatch }) => {
  const fresh = await profileApi.getMe();
  dispatch(userUpdated(fresh));
  return fresh;
});

/** PUT /users/changeMyPassword; resolves once changed (afterwards every older token stops working). */
export const changedPassword = createAppAsyncThunk(
  'user/changePassword',
  (change: Parameters<typeof profileApi.changePassword>[0]) => profileApi.changePassword(change),
);

export default userSlice.reducer;

export const selectCurrentUser = (state: RootState) => state.user.user;

/** SPEC §4: role 'user' → user area; any other role → admin area; no stored user → neither. */
export const selectIsUser = (state: RootState) => state.user.user?.role === 'user';
export const selectIsAdmin = (state: RootState) => state.user.user != null && state.user.user.role !== 'user';
export const selectUserStatus = (state: RootState) => state.user.status;
export const selectLoggedOutByChoice = (state: RootState) => state.user.loggedOutByChoice;
