import { apiClient, expectStatus } from './client';
import { normalizeUser } from './normalize';
import type { User } from './types';

export interface ProfileInput {
  name: string;
  phone: string;
  /** Sent only when it changed (the original backend refuses the caller's own e-mail as "in use"). */
  email?: string;
  /** Our server needs it to change the e-mail (API.md §5.2). */
  currentPassword?: string;
}

/**
 * PUT /users/updateMe → the updated user (data.data.user); only status 200 counts as success. After an
 * e-mail change our server also answers a new `token`: the old one no longer works.
 */
export async function updateProfile(input: ProfileInput): Promise<{ user: User; token?: string }> {
  const response = expectStatus(
    await apiClient.put<{ data: { user: User }; token?: string }>('/users/updateMe', input),
  );
  return { user: normalizeUser(response.data.data.user), token: response.data.token };
}

export async function getMe(): Promise<User> {
  const { data } = await apiClient.get<{ data: User }>('/users/getMe');
  return normalizeUser(data.data);
}

interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

/** PUT /users/changeMyPassword; afterwards every older token stops working. */
export async function changePassword(change: PasswordChange): Promise<void> {
  expectStatus(await apiClient.put('/users/changeMyPassword', change));
}
