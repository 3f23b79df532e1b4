// The timed behaviour of SPEC §9 "Delays" and of §4's redirects, in one place (ms). "Reload" means: re-fetch the affected
// data after this delay (DESIGN.md).
export const DELAYS = {
  searchRefresh: 500,
  filterRefresh: 1000,
  loginRedirect: 1500,
  registerRedirect: 2000,
  reloadAfterAction: 1000,
  cashOrderRedirect: 1500,
  profileReload: 1500,
  passwordChangeRedirect: 1500,
  /** Password recovery (SPEC §4): to the code screen after the code is sent, to the new-password screen after the code is accepted, to /login after the reset. */
  resetCodeSentRedirect: 1000,
  resetCodeVerifiedRedirect: 1500,
  passwordResetRedirect: 1500,
  addressRedirect: 1000,
  brandSpinner: 1000,
  categorySpinner: 500,
  formReenable: 500,
  toastAutoClose: 5000,
} as const;
