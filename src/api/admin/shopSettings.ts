// The owner's shop settings (ours): GET and PUT /shop/settings.
import type { Static } from 'typebox';
import type { ShopSettings as ShopSettingsSchema } from '../../../common/contract/shop';
import { apiClient } from '../client';
import type { ItemResponse } from '../types';

/**
 * The owner's settings (ours): shop name, address and tax number for invoices; VAT percent included in prices;
 * shipping for addresses in no zone; cash on delivery, its fee and largest total (null: no limit); where staff notices
 * go ('' = nowhere); the stock level at or below which a product is low.
 */
export type ShopSettings = Static<typeof ShopSettingsSchema>;

export async function getShopSettings(): Promise<ShopSettings> {
  const { data } = await apiClient.get<ItemResponse<ShopSettings>>('/shop/settings');
  return data.data;
}

export async function saveShopSettings(settings: Partial<ShopSettings>): Promise<ShopSettings> {
  const { data } = await apiClient.put<ItemResponse<ShopSettings>>('/shop/settings', settings);
  return data.data;
}
