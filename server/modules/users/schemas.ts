import { field, passwordText, type FieldContext } from '../../lib/fields';
import { passwordFits } from '../../lib/passwords';
import { text } from '../../lib/validate';
import { emailTaken } from './repository';

export { User, UserWithToken } from '../../../common/contract/accounts';

// ————— Account fields (API.md §5.1, §5.2), shared by sign-up, login, password reset and the users endpoints —————

export const ROLES = ['user', 'manager', 'admin'] as const;

export const NameField = field
  .text('3–50 characters')
  .minLength(3, 'must be at least 3 chars')
  .maxLength(50, 'must be at most 50 chars');

/** An e-mail that must be sent and well-formed (login, password reset). */
export const EmailField = field.email().required('Email required field').email('Invalid email formate');

/**
 * A new e-mail: well-formed and not another account's (`except` names the account being changed); `required` where
 * it must be sent.
 */
export function NewEmailField(options: { required: boolean; except?: (context: FieldContext) => string | undefined }) {
  const email = options.required ? field.email().required('Email required field') : field.email().optional();
  return email
    .email('Invalid email formate')
    .check(
      async (v, context) => !(await emailTaken(context.ctx.db, text(v)!.toLowerCase(), options.except?.(context))),
      'E-mail already in use',
    );
}

export const PhoneField = field.text('Egyptian mobile').optional().egyptianPhone();

export const RoleField = field.oneOf(ROLES).optional().oneOf(ROLES, 'Invalid role');

/** A password that must be sent as text (or a number taken as its digits); `message` says it is missing. */
export const PasswordField = (message: string, description = 'The password') =>
  field
    .password(description)
    .required(message)
    .check((v) => passwordText(v) !== undefined, message);

/** A new password: at least 6 characters, at most 72 bytes (bcrypt's limit). */
export const NewPasswordField = (message: string) =>
  PasswordField(message, '6–72 characters')
    .minLength(6, 'must be at least 6 chars')
    .check((v) => passwordFits(passwordText(v)!), 'must be at most 72 chars');

/** The last rule of a new password: it equals passwordConfirm. */
export const matchesConfirmation = (value: unknown, context: FieldContext) =>
  passwordText(value) === passwordText(context.data.passwordConfirm);
export const CONFIRMATION_INCORRECT = 'Password confirmation is incorrect';

/** A new account, the same for sign-up and for an account an admin adds (API.md §5.1, §5.2). */
export const NewAccountFields = {
  name: NameField,
  email: NewEmailField({ required: true }),
  password: NewPasswordField('Password required').check(matchesConfirmation, CONFIRMATION_INCORRECT),
  passwordConfirm: field.password('The password again').required('passwordConfirm is required field'),
  phone: PhoneField,
};
