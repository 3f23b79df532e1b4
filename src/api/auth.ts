import { apiClient, toApiError } from './client';
import { isWrongCredentials } from './normalize';
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
    return data;
  } catch (err) {
    const apiError = toApiError(err);
    if (isWrongCredentials(apiError)) {
      throw { status: 401, message: WRONG_LOGIN_MESSAGE } satisfies ApiError;
    }
    throw apiError;
  }
}
