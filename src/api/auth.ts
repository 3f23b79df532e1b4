import { apiClient, toApiError } from './client';
import { isWrongCredentials, normalizeUser } from './normalize';
import type { ApiError, AuthResponse } from './types';

export interface LoginBody {
  email: string;
  password: string;
}

export const WRONG_LOGIN_MESSAGE = 'كلمة السر او الايميل خطأ';

/** Rejects with an ApiError of status 401 for wrong credentials, whichever backend answers. */
export async function login(body: LoginBody): Promise<AuthResponse> {
  try {
    const { data } = await apiClient.post<AuthResponse>('/auth/login', body);
    return data.data ? { ...data, data: normalizeUser(data.data) } : data;
  } catch (err) {
    const apiError = toApiError(err);
    if (isWrongCredentials(apiError)) {
      throw { status: 401, message: WRONG_LOGIN_MESSAGE } satisfies ApiError;
    }
    throw apiError;
  }
}

export interface SignupBody {
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  phone: string;
}

export async function signup(body: SignupBody): Promise<AuthResponse> {
  const { data } = await apiClient.post<AuthResponse>('/auth/signup', body);
  return data;
}

/** Answers carry `status`: 'Success' or 'fail' (API.md §5.1; the case matters). */
interface RecoveryResponse {
  status: string;
  message?: string;
}

export async function forgotPassword(email: string): Promise<RecoveryResponse> {
  const { data } = await apiClient.post<RecoveryResponse>('/auth/forgotPasswords', { email });
  return data;
}

/** Our server answers a `resetToken` that only the reset made with it accepts (API.md §5.1); the original backend has none. */
interface VerifyResponse extends RecoveryResponse {
  resetToken?: string;
}

export async function verifyResetCode(resetCode: string, email?: string): Promise<VerifyResponse> {
  const { data } = await apiClient.post<VerifyResponse>(
    '/auth/verifyResetCode',
    email ? { resetCode, email } : { resetCode },
  );
  return data;
}

export async function resetPassword(
  email: string,
  newPassword: string,
  resetToken?: string,
): Promise<RecoveryResponse> {
  const { data } = await apiClient.put<RecoveryResponse>(
    '/auth/resetPassword',
    resetToken ? { email, newPassword, resetToken } : { email, newPassword },
  );
  return data;
}
