import type { Queryable } from '../../db';

/** The shop's own settings (migration 022), money in piastres. */
export interface ShopSettingsRow {
  shop_name: string;
  shop_address: string;
  tax_number: string;
  /** Percent; numeric, so read as text by node-postgres and as a number by PGlite. */
  vat_rate: string | number;
  default_shipping_fee: number;
  cash_on_delivery: boolean;
  cash_fee: number;
  cash_max_total: number | null;
  staff_email: string;
  low_stock_level: number;
}

const COLUMNS = `shop_name, shop_address, tax_number, vat_rate, default_shipping_fee, cash_on_delivery, cash_fee,
  cash_max_total, staff_email, low_stock_level`;

export const readShopSettings = async (q: Queryable) =>
  (await q.one<ShopSettingsRow>(`SELECT ${COLUMNS} FROM shop_settings`))!;

/** The settings, locked until the transaction ends (what a change records as before). */
export const lockShopSettings = async (tx: Queryable) =>
  (await tx.one<ShopSettingsRow>(`SELECT ${COLUMNS} FROM shop_settings FOR UPDATE`))!;

/** Writes the given columns (only those), answering the settings as they are now. */
export async function writeShopSettings(q: Queryable, changes: Partial<Record<keyof ShopSettingsRow, unknown>>) {
  const names = Object.keys(changes) as (keyof ShopSettingsRow)[];
  if (!names.length) return readShopSettings(q);
  const sets = names.map((name, i) => `${name} = $${i + 1}`).join(', ');
  return (await q.one<ShopSettingsRow>(
    `UPDATE shop_settings SET ${sets}, updated_at = now() RETURNING ${COLUMNS}`,
    names.map((name) => changes[name]),
  ))!;
}
