// The owner's delivery calls (ours): shipping zones and the governorate list.
import type { Static } from 'typebox';
import type { Zone } from '../../../common/contract/shop';
import { apiClient } from '../client';
import type { Governorate, Id, ItemResponse } from '../types';

/** A group of governorates with one delivery price (EGP; `freeShippingFrom` and `cashFee` null: never, the shop's own). */
export type ShippingZone = Static<typeof Zone>;

export type ShippingZoneBody = Omit<ShippingZone, '_id'>;

const zonePath = (id: Id) => `/delivery/zones/${encodeURIComponent(id)}`;
const governoratePath = (code: string) => `/delivery/governorates/${encodeURIComponent(code)}`;

export async function listZones(): Promise<ShippingZone[]> {
  const { data } = await apiClient.get<{ data: ShippingZone[] }>('/delivery/zones');
  return data.data;
}

/** A governorate already in another zone moves to this one. */
export async function createZone(body: ShippingZoneBody): Promise<ShippingZone> {
  const { data } = await apiClient.post<ItemResponse<ShippingZone>>('/delivery/zones', body);
  return data.data;
}

export async function updateZone(id: Id, body: ShippingZoneBody): Promise<ShippingZone> {
  const { data } = await apiClient.put<ItemResponse<ShippingZone>>(zonePath(id), body);
  return data.data;
}

export async function deleteZone(id: Id): Promise<void> {
  await apiClient.delete(zonePath(id));
}

export async function createGovernorate(body: Governorate): Promise<Governorate> {
  const { data } = await apiClient.post<ItemResponse<Governorate>>('/delivery/governorates', body);
  return data.data;
}

export async function renameGovernorate(
  code: string,
  names: Pick<Governorate, 'name' | 'nameEn'>,
): Promise<Governorate> {
  const { data } = await apiClient.patch<ItemResponse<Governorate>>(governoratePath(code), names);
  return data.data;
}
