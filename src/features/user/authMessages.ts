import type { ErrorCode } from '../../../common/contract/errorCodes';
import type { SignupBody } from '../../api/auth';
import type { ApiError } from '../../api/types';
import { PASSWORD_MESSAGES, SERVER_PASSWORD_MESSAGES, passwordProblem } from '../../lib/passwordRules';

export const LOGIN_MESSAGES = {
  success: 'تم تسجيل الدخول بنجاح',
  wrong: 'كلمة السر او الايميل خطأ',
  incomplete: 'من فضلك ادخل البريد الإلكتروني وكلمة السر',
} as const;

export const REGISTER_MESSAGES = {
  nameEmpty: 'من فضلك ادخل الاسم',
  phone: 'رقم الهاتف يجب ان يتكون من 11 رقم',
  email: 'من فضلك ادخل بريد الكتروني صحيح',
  mismatch: 'كلمة السر وتأكيد كلمة السر غير متطابقين',
  ...PASSWORD_MESSAGES,
  emailTaken: 'هذا البريد الالكتروني مستخدم من قبل',
  failed: 'حدث خطأ في تسجيل الحساب، حاول مرة اخرى',
  success: 'تم تسجيل الحساب بنجاح',
} as const;

export const RECOVERY_MESSAGES = {
  enterEmail: 'من فضلك ادخل البريد الإلكتروني',
  codeSent: 'تم ارسال الكود للايميل',
  noAccount: 'هذا الحساب غير موجود لدينا',
  enterCode: 'من فضلك ادخل الكود',
  codeCorrect: 'الكود صحيح',
  codeWrong: 'الكود خاطئ او انتهت صلاحيته',
  enterPassword: 'من فضلك ادخل كلمة السر الجديدة',
  mismatch: 'كلمة السر وتأكيدها غير متطابقين',
  resetDone: 'تم تغيير كلمة السر بنجاح',
  requestNewCode: 'من فضلك اطلب كود جديد',
  failed: 'حدث خطأ، حاول مرة اخرى',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The register form's fields, in the order they are shown. */
export type RegisterField = 'name' | 'email' | 'password' | 'passwordConfirm' | 'phone';

/** A refused registration: the field it concerns (when one does) and the text said beside it. */
export interface RegisterProblem {
  field: RegisterField;
  message: string;
}

/** SPEC §5 registration checks, in order; the first failure (with its field), or null when all pass. */
export function registrationProblem(body: SignupBody): RegisterProblem | null {
  if (!body.name.trim()) return { field: 'name', message: REGISTER_MESSAGES.nameEmpty };
  if (!/^\d{11}$/.test(body.phone)) return { field: 'phone', message: REGISTER_MESSAGES.phone };
  if (!EMAIL_PATTERN.test(body.email.trim())) return { field: 'email', message: REGISTER_MESSAGES.email };
  if (body.password !== body.passwordConfirm) return { field: 'passwordConfirm', message: REGISTER_MESSAGES.mismatch };
  const password = passwordProblem(body.password);
  return password ? { field: 'password', message: password } : null;
}

const SERVER_REGISTER_MESSAGES: Partial<Record<ErrorCode, string>> = {
  ...SERVER_PASSWORD_MESSAGES,
  phone_invalid: REGISTER_MESSAGES.phone,
  email_taken: REGISTER_MESSAGES.emailTaken,
};

/** The Arabic text for a refused reset: a password the server refused says why; anything else asks for a new code. */
export function resetFailure(error: ApiError | undefined): string {
  return SERVER_PASSWORD_MESSAGES[error?.errors?.[0]?.code as ErrorCode] ?? RECOVERY_MESSAGES.requestNewCode;
}

/**
 * A registration the server refused for a reason we know (API.md §5.1), with the field it concerns; null for any other
 * failure, which the shop's failure mapping words (offline, server trouble…).
 */
export function registrationFailure(error: ApiError): RegisterProblem | null {
  const text = SERVER_REGISTER_MESSAGES[(error.errors?.[0] ?? error).code as ErrorCode];
  if (!text) return null;
  if (text === REGISTER_MESSAGES.phone) return { field: 'phone', message: text };
  if (text === REGISTER_MESSAGES.emailTaken) return { field: 'email', message: text };
  return { field: 'password', message: text };
}
