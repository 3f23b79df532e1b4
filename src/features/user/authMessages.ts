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

/** SPEC §5 registration checks, in order; the first failure's message, or null when all pass. */
export function registrationProblem(body: SignupBody): string | null {
  if (!body.name.trim()) return REGISTER_MESSAGES.nameEmpty;
  if (!/^\d{11}$/.test(body.phone)) return REGISTER_MESSAGES.phone;
  if (!EMAIL_PATTERN.test(body.email.trim())) return REGISTER_MESSAGES.email;
  if (body.password !== body.passwordConfirm) return REGISTER_MESSAGES.mismatch;
  return passwordProblem(body.password);
}

const SERVER_REGISTER_MESSAGES: Record<string, string> = {
  ...SERVER_PASSWORD_MESSAGES,
  'accept only egypt phone numbers': REGISTER_MESSAGES.phone,
  'E-mail already in use': REGISTER_MESSAGES.emailTaken,
};

/** The Arabic text for a refused reset: a password the server refused says why; anything else asks for a new code. */
export function resetFailure(error: ApiError | undefined): string {
  return SERVER_PASSWORD_MESSAGES[error?.errors?.[0]?.msg ?? ''] ?? RECOVERY_MESSAGES.requestNewCode;
}

/** The Arabic text for a refused registration (the server's first validation message, API.md §5.1). */
export function registrationFailure(error: ApiError | undefined): string {
  const message = error?.errors?.[0]?.msg ?? error?.message ?? '';
  return SERVER_REGISTER_MESSAGES[message] ?? REGISTER_MESSAGES.failed;
}
