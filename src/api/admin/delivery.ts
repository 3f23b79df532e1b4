// The owner's delivery calls (ours): shipping zones and the governorate list.
import type { Static } from 'typebox';
import type { Zone } from '../../../common/contract/shop';
import { apiClient } from '../client';
import type { Governorate, Id, ItemResponse } from '../types';
import { adminResource } from './resource';

/** A group of governorates with one delivery price (EGP; `freeShippingFrom` and `cashFee` null: never, the shop's own). */
export type ShippingZone = Static<typeof Zone>;

export type ShippingZoneBody = Omit<ShippingZone, '_id'>;

const governoratePath = (code: string) => `/delivery/governorates/${encodeURIComponent(code)}`;

const zones = adminResource<ShippingZone, ShippingZoneBody>('/delivery/zones');

export async function listZones(): Promise<ShippingZone[]> {
  return (await zones.list()).data;
}

/** A governorate already in another zone moves to this one. */
export const createZone = (body: ShippingZoneBody): Promise<ShippingZone> => zones.create(body);

export const updateZone = (id: Id, body: ShippingZoneBody): Promise<ShippingZone> => zones.update(id, body);

export const deleteZone = (id: Id): Promise<void> => zones.remove(id);

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
