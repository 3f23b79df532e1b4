// The owner's shop settings (ours): GET and PUT /shop/settings.
import { apiClient } from '../client';
import type { ItemResponse } from '../types';

export interface ShopSettings {
  shopName: string;
  shopAddress: string;
  /** The tax registration number printed on invoices. */
  taxNumber: string;
  /** Percent, 0–100 (14 by default; 0 for a shop not registered for VAT). Prices include it. */
  vatRate: number;
  /** EGP, for addresses in no shipping zone. */
  defaultShippingFee: number;
  /** Cash on delivery offered at all (a zone may still turn it off). */
  cashOnDelivery: boolean;
  /** EGP, added to cash orders (a zone may set its own). */
  cashFee: number;
  /** EGP: larger orders must be paid online; null: no limit. */
  cashMaxTotal: number | null;
  /** Where new-order and low-stock notices go; '' = nowhere. */
  staffEmail: string;
  /** A product's stock at or below this is low. */
  lowStockLevel: number;
}

export async function getShopSettings(): Promise<ShopSettings> {
  const { data } = await apiClient.get<ItemResponse<ShopSettings>>('/shop/settings');
  return data.data;
}

export async function saveShopSettings(settings: Partial<ShopSettings>): Promise<ShopSettings> {
  const { data } = await apiClient.put<ItemResponse<ShopSettings>>('/shop/settings', settings);
  return data.data;
}
