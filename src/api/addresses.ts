import type { Static } from 'typebox';
import type { Address as AddressAnswer } from '../../common/contract/accounts';
import { apiClient } from './client';
import type { Address } from './types';

/**
 * What the address forms send: an address's own fields (`city` '' when not given; the governorate's code left out when
 * none is chosen, on a backend without governorates); postalCode always goes empty (SPEC §3).
 */
export type AddressInput = Pick<Static<typeof AddressAnswer>, 'alias' | 'details' | 'phone' | 'city' | 'governorate'>;

export async function getAddresses(): Promise<Address[]> {
  const { data } = await apiClient.get<{ data?: Address[] }>('/addresses');
  return data.data ?? [];
}

export async function getAddress(id: string): Promise<Address> {
  const { data } = await apiClient.get<{ data: Address | null }>(`/addresses/${encodeURIComponent(id)}`);
  // The original backend answers 200 with data null for someone else's or an unknown id.
  if (!data.data) throw { status: 404, message: 'العنوان غير موجود' };
  return data.data;
}

/** Resolves with the HTTP status: SPEC §8 counts only 200 as success. */
export async function addAddress(input: AddressInput): Promise<number> {
  const response = await apiClient.post('/addresses', { ...input, postalCode: '' });
  return response.status;
}

export async function updateAddress(id: string, input: AddressInput): Promise<number> {
  const response = await apiClient.put(`/addresses/${encodeURIComponent(id)}`, input);
  return response.status;
}

export async function deleteAddress(id: string): Promise<void> {
  await apiClient.delete(`/addresses/${encodeURIComponent(id)}`);
}
