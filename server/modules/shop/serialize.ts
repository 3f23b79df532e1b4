import { toEgp } from '../../lib/money';
import type { ShopSettingsRow } from './repository';
import type { ShopSettings } from './schemas';

/** The settings as the API answers them (EGP). */
export const shopSettingsJson = (row: ShopSettingsRow): ShopSettings => ({
  shopName: row.shop_name,
  shopAddress: row.shop_address,
  taxNumber: row.tax_number,
  vatRate: Number(row.vat_rate),
  defaultShippingFee: toEgp(row.default_shipping_fee),
  cashOnDelivery: row.cash_on_delivery,
  cashFee: toEgp(row.cash_fee),
  cashMaxTotal: row.cash_max_total === null ? null : toEgp(Number(row.cash_max_total)),
  staffEmail: row.staff_email,
  lowStockLevel: row.low_stock_level,
});
