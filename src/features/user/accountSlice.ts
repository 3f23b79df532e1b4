// The account calls: login, registration, password recovery and the profile. Imported by the login, register,
// password and profile pages only: the slice adds itself to the store as it loads (app/rootReducer.ts), so the
// storefront's first load carries none of it. The session they open or change is app/userSlice.ts.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import * as authApi from '../../api/auth';
import * as profileApi from '../../api/profile';
import { createAppAsyncThunk } from '../../app/hooks';
import { addRequestStatusMatchers, idleRequest, type RequestState } from '../../app/request';
import { rootReducer } from '../../app/rootReducer';
import type { RootState } from '../../app/store';
import { loggedIn, loggedOut, userUpdated } from '../../app/userSlice';
import { getStored, setStored } from '../../lib/storage';

interface AccountState extends RequestState {
  /** From the code verification to the reset it allows; kept in memory only, never in storage. */
  resetToken: string | null;
}

const initialState: AccountState = { resetToken: null, ...idleRequest };

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
  authApi.resetPassword(getStored('user-email') ?? '', newPassword, own(getState()).resetToken ?? undefined),
);

/** PUT /users/updateMe; resolves with the user as now stored and (after an e-mail change) the new token. */
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

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {},
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

declare module '../../app/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof accountSlice> {}
}
/** In the store once an account page has loaded this file (app/rootReducer.ts). */
const own = accountSlice.injectInto(rootReducer).selectSlice;

export default accountSlice.reducer;

export const selectUserStatus = (state: RootState) => own(state).status;
