import type { AppContext } from '../../context';
import type { Queryable } from '../../db';
import { keptRead, writesTo } from '../../lib/answerCache';
import { foldArabic } from '../../lib/arabic';
import { conflict } from '../../lib/errors';
import { includedVat, toEgp } from '../../lib/money';
import { pricingSettings } from '../shop';
import { listGovernorates, zoneOfGovernorate, type GovernorateRow } from './repository';

/** How a place or governorate name compares: folded, without the article, the spaces and the dashes. */
const placeKey = (name: string) =>
  foldArabic(name)
    .replace(/^(ال|el[ -]|al[ -])/, '')
    .replace(/[\s\-_'’.]+/g, '');

/** Any write to the governorates (not to the zones' `shipping_zone_governorates`) drops the kept list. */
const GOVERNORATES = writesTo('governorates');

/**
 * The governorate an address is in: the one it names, else the one whose Arabic or English name its free-text city
 * is (the original web app sends only `city`: "القاهره", "الاسكندرية", "Giza"), else none. The list is a kept read:
 * an address is checked and then located in one request, and every order and address names one.
 */
export async function governorateOf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  address: { governorate?: string; city?: string },
): Promise<GovernorateRow | undefined> {
  const city = address.city ? placeKey(address.city) : '';
  if (!address.governorate && !city) return undefined;
  const all = await keptRead(ctx, GOVERNORATES, () => listGovernorates(ctx.db));
  if (address.governorate) return all.find((g) => g.code === address.governorate);
  return all.find((g) => placeKey(g.name) === city || placeKey(g.name_en) === city);
}

export type CashRefusal = 'zone' | 'shop' | 'maxTotal';

/** What delivery to a governorate adds to a cart's items (after the coupon), in piastres, and whether cash is taken. */
export interface Delivery {
  shippingPrice: number;
  freeShippingFrom: number | null;
  cashFee: number;
  cashRefusal?: CashRefusal;
  cashMaxTotal: number | null;
  vatRate: number;
}

/** The owner's zones and settings applied to an order of `itemsTotal` piastres to `governorate` (none: the default fee). */
export async function deliveryTo(q: Queryable, governorate: string | undefined, itemsTotal: number): Promise<Delivery> {
  const settings = await pricingSettings(q);
  const zone = governorate ? await zoneOfGovernorate(q, governorate) : undefined;
  const freeShippingFrom = zone?.free_shipping_from ?? null;
  const shippingPrice =
    freeShippingFrom !== null && itemsTotal >= freeShippingFrom ? 0 : (zone?.fee ?? settings.defaultShippingFee);
  const cashFee = zone?.cash_fee ?? settings.cashFee;
  const cashTotal = itemsTotal + shippingPrice + cashFee;
  const cashRefusal: CashRefusal | undefined = !settings.cashOnDelivery
    ? 'shop'
    : zone && !zone.cash_on_delivery
      ? 'zone'
      : settings.cashMaxTotal !== null && cashTotal > settings.cashMaxTotal
        ? 'maxTotal'
        : undefined;
  return {
    shippingPrice,
    freeShippingFrom,
    cashFee,
    cashRefusal,
    cashMaxTotal: settings.cashMaxTotal,
    vatRate: settings.vatRate,
  };
}

/** An order's charges, in piastres: the total the customer pays and the VAT included in it. */
export interface OrderCharges {
  shippingPrice: number;
  cashFee: number;
  taxPrice: number;
  total: number;
}

export function orderCharges(itemsTotal: number, delivery: Delivery, method: 'cash' | 'online'): OrderCharges {
  const cashFee = method === 'cash' ? delivery.cashFee : 0;
  const total = itemsTotal + delivery.shippingPrice + cashFee;
  return { shippingPrice: delivery.shippingPrice, cashFee, taxPrice: includedVat(total, delivery.vatRate), total };
}

/** Refuses a cash order the owner's rules do not take (409), in words the web app maps to Arabic. */
export function assertCashAllowed(delivery: Delivery) {
  if (delivery.cashRefusal === 'maxTotal')
    throw conflict(`Cash on delivery is available for orders up to ${toEgp(delivery.cashMaxTotal!)} EGP`);
  if (delivery.cashRefusal) throw conflict('Cash on delivery is not available for this address');
}
