// The users module's public face: accounts (sign-up, passwords, tokens), the first admin, and what auth reads of a user.
export {
  insertUser,
  issueToken,
  normalizeEmail,
  passwordChangeMoment,
  setPassword,
  storeResetCode,
  verifyAnyResetCode,
  type NewAccount,
} from './service';
export { createAdminAccount, ensureAdmin } from './admin';
export {
  discardResetCode,
  findActiveByEmail,
  findLogin,
  findResetAccount,
  findUser,
  verifyResetCodeOf,
} from './repository';
export { EmailField, NewAccountFields, NewPasswordField, PasswordField, UserWithToken } from './schemas';
export { userJson } from './serialize';
