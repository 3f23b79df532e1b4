import { apiClient } from './client';
import type { DeliveryQuote, Governorate } from './types';

/** GET /delivery/governorates (ours, public): Egypt's governorates in the shop's order. */
export async function getGovernorates(): Promise<Governorate[]> {
  const { data } = await apiClient.get<{ data?: Governorate[] }>('/delivery/governorates');
  return data.data ?? [];
}

/** GET /delivery/quote (ours): the caller's cart delivered to a governorate; without one the shop's default fee. */
export async function getDeliveryQuote(governorate: string | null): Promise<DeliveryQuote> {
  const { data } = await apiClient.get<{ data: DeliveryQuote }>('/delivery/quote', {
    params: governorate ? { governorate } : undefined,
  });
  return data.data;
}
