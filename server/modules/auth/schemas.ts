import { field, fields } from '../../lib/fields';
import { Type } from '../../lib/schemas';
import { EmailField, NewAccountFields, NewPasswordField, PasswordField, normalizeEmail } from '../users';
import { parseResetCode } from './resetCodes';

export const SignUp = fields(NewAccountFields);
export const Login = fields({ email: EmailField, password: PasswordField('Password required') });
export const ForgotPassword = fields({ email: EmailField });
/** Anything else than a live code answers `Reset code is invalid or has expired` (the service), never a field error. */
export const VerifyResetCode = fields({
  resetCode: field
    .custom(Type.String({ pattern: '^[0-9]{6}$', description: 'The 6 digits (text or number)' }), parseResetCode)
    .optional(),
  // Optional (the original web app sends only the code); an e-mail that is sent must be the code's account's, so one
  // that cannot be read is kept as its JSON text, which is nobody's e-mail.
  email: field
    .email('Optional: the account the code must belong to')
    .optional()
    .reading((v) => (v === '' ? undefined : (normalizeEmail(v) ?? JSON.stringify(v)))),
});
export const ResetPassword = fields({
  email: EmailField,
  newPassword: NewPasswordField('Password required'),
  // Sent means checked: a token that is not text is kept as its JSON text, which matches no verification.
  resetToken: field
    .custom(Type.String({ description: 'From verifyResetCode (required unless LEGACY_RESET_FLOW)' }), (v) =>
      v === '' ? undefined : typeof v === 'string' ? v : JSON.stringify(v),
    )
    .optional(),
});

export const SuccessMessage = Type.Object({ status: Type.Literal('Success'), message: Type.String() });
export const VerifiedCode = Type.Object({ status: Type.Literal('Success'), resetToken: Type.String() });
export const PasswordReset = Type.Object({ status: Type.Literal('Success'), token: Type.String() });
