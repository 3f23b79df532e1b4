// The users module's public face: accounts (sign-up, passwords, tokens), the first admin, and what auth reads of a user.
export * from './accounts';
export { createAdminAccount, ensureAdmin } from './admin';
export {
  discardResetCode,
  findActiveByEmail,
  findLogin,
  findResetAccount,
  findUser,
  storeResetCode,
  verifyAnyResetCode,
  verifyResetCodeOf,
} from './repository';
export { EmailField, NewAccountFields, NewPasswordField, PasswordField, UserWithToken } from './schemas';
export { userJson } from './serialize';
