import type { Static } from 'typebox';
import type { Address as AddressAnswer } from '../../common/contract/accounts';
import { apiClient, expectStatus } from './client';
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

/** Adds an address; resolves with every address of the customer (SPEC §8: only a 200 is success). */
export async function addAddress(input: AddressInput): Promise<Address[]> {
  const { data } = expectStatus(await apiClient.post<{ data: Address[] }>('/addresses', { ...input, postalCode: '' }));
  return data.data ?? [];
}

/** Changes an address; resolves with it as stored. */
export async function updateAddress(id: string, input: AddressInput): Promise<Address> {
  const { data } = expectStatus(await apiClient.put<{ data: Address }>(`/addresses/${encodeURIComponent(id)}`, input));
  return data.data;
}

export async function deleteAddress(id: string): Promise<void> {
  await apiClient.delete(`/addresses/${encodeURIComponent(id)}`);
}
