import type { Static } from 'typebox';
import type { Shop } from '../../../common/contract/shop';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db';
import { recordAudit, type AuditActor } from '../audit';
import { keptRead, writesTo } from '../../lib/answerCache';
import { toPiastres } from '../../lib/money';
import { lockShopSettings, readShopSettings, writeShopSettings, type ShopSettingsRow } from './repository';
import type { ShopSettings } from './schemas';
import { shopSettingsJson } from './serialize';

const COLUMN_OF = {
  shopName: 'shop_name',
  shopAddress: 'shop_address',
  taxNumber: 'tax_number',
  vatRate: 'vat_rate',
  defaultShippingFee: 'default_shipping_fee',
  cashOnDelivery: 'cash_on_delivery',
  cashFee: 'cash_fee',
  cashMaxTotal: 'cash_max_total',
  staffEmail: 'staff_email',
  lowStockLevel: 'low_stock_level',
} as const satisfies Record<keyof ShopSettings, keyof ShopSettingsRow>;
const MONEY = new Set<keyof ShopSettings>(['defaultShippingFee', 'cashFee', 'cashMaxTotal']);

/** The shop's settings, money in piastres and the VAT rate as a number, for pricing an order. */
export interface PricingSettings {
  vatRate: number;
  defaultShippingFee: number;
  cashOnDelivery: boolean;
  cashFee: number;
  cashMaxTotal: number | null;
}
export async function pricingSettings(q: Queryable): Promise<PricingSettings> {
  const row = await readShopSettings(q);
  return {
    vatRate: Number(row.vat_rate),
    defaultShippingFee: row.default_shipping_fee,
    cashOnDelivery: row.cash_on_delivery,
    cashFee: row.cash_fee,
    cashMaxTotal: row.cash_max_total === null ? null : Number(row.cash_max_total),
  };
}

export const shopSettings = async (q: Queryable) => shopSettingsJson(await readShopSettings(q));

/** Any write to the settings drops the kept ones. */
const SHOP_SETTINGS = writesTo('shop_settings');

/**
 * The settings as a kept read (keptRead): what every storefront load (GET /shop) and every order's mail to staff read
 * of them. Prices are computed from the settings read in the order's own transaction (pricingSettings).
 */
export const keptShopSettings = (ctx: Pick<AppContext, 'db' | 'config'>) =>
  keptRead(ctx, SHOP_SETTINGS, () => readShopSettings(ctx.db));

/** Stores the settings sent (money given in EGP), answering them all; the audit log keeps those that changed. */
export async function changeShopSettings(db: Db, actor: AuditActor, changes: Partial<ShopSettings>) {
  const row: Partial<Record<keyof ShopSettingsRow, unknown>> = {};
  for (const [name, value] of Object.entries(changes) as [keyof ShopSettings, unknown][]) {
    row[COLUMN_OF[name]] = MONEY.has(name) && typeof value === 'number' ? toPiastres(value) : value;
  }
  return db.tx(async (tx) => {
    const before = shopSettingsJson(await lockShopSettings(tx));
    const after = shopSettingsJson(await writeShopSettings(tx, row));
    await recordAudit(tx, actor, { action: 'settings.update', target: { type: 'settings' }, before, after });
    return after;
  });
}

type StorefrontShop = Static<typeof Shop>;

/**
 * What the web app must know about this shop (GET /shop): its invoice details and cash on delivery, and the payment
 * provider the shop pays through, if any (a demo shop's test page says payments are not real).
 */
export async function storefrontShop(
  ctx: Pick<AppContext, 'db' | 'config'>,
  provider:
    { name: NonNullable<StorefrontShop['paymentProvider']>; methods: StorefrontShop['paymentMethods'] } | undefined,
): Promise<StorefrontShop> {
  const settings = shopSettingsJson(await keptShopSettings(ctx));
  return {
    shopName: settings.shopName,
    shopAddress: settings.shopAddress,
    taxNumber: settings.taxNumber,
    vatRate: settings.vatRate,
    cashOnDelivery: settings.cashOnDelivery,
    paymentProvider: provider?.name ?? null,
    demo: provider?.name === 'test',
    cardPayment: provider !== undefined,
    paymentMethods: provider?.methods ?? [],
  };
}
