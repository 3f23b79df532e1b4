import { apiClient } from './client';
import type { User } from './types';

/** The fields the app keeps (the original backend also sends the password hash, which must never be stored). */
function sessionUser(raw: User): User {
  const { _id, name, email, phone, role } = raw;
  return { _id, name, email, phone, role };
}

export interface ProfileInput {
  name: string;
  phone: string;
  /** Sent only when it changed (the original backend refuses the caller's own e-mail as "in use"). */
  email?: string;
}

/** PUT /users/updateMe → the updated user (data.data.user); only status 200 counts as success. */
export async function updateProfile(input: ProfileInput): Promise<{ status: number; user: User }> {
  const response = await apiClient.put<{ data: { user: User } }>('/users/updateMe', input);
  return { status: response.status, user: sessionUser(response.data.data.user) };
}

export async function getMe(): Promise<User> {
  const { data } = await apiClient.get<{ data: User }>('/users/getMe');
  return sessionUser(data.data);
}

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

/** PUT /users/changeMyPassword; afterwards every older token stops working. */
export async function changePassword(change: PasswordChange): Promise<number> {
  const response = await apiClient.put('/users/changeMyPassword', change);
  return response.status;
}
