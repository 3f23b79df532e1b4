import { apiClient } from './client';
import type { DeliveryQuote, Governorate } from './types';

/** GET /delivery/governorates (ours, public): Egypt's governorates in the shop's order. */
export async function getGovernorates(): Promise<Governorate[]> {
  const { data } = await apiClient.get<{ data?: Governorate[] }>('/delivery/governorates');
  return data.data ?? [];
}

/** GET /delivery/quote (ours): the caller's cart delivered to a governorate; without one the shop's default fee. */
export async function getDeliveryQuote(governorate: string | null): Promise<DeliveryQuote> {
  const { data } = await apiClient.get<{ data?: DeliveryQuote }>('/delivery/quote', {
    params: governorate ? { governorate } : undefined,
  });
  // A backend that answers something else here (no quotes at all) is one without delivery pricing.
  if (!data?.data?.cashOnDelivery) throw { status: 404, message: 'لا يوجد حساب للشحن' };
  return data.data;
}
