import type { AppContext } from '../../context';
import type { Queryable } from '../../db';
import { keptRead, writesTo } from '../../lib/answerCache';
import { conflict, fieldError, ValidationError } from '../../lib/errors';
import { includedVat, toEgp } from '../../lib/money';
import { pricingSettings } from '../shop';
import { governoratesNamed, placeIndex } from './places';
import { listGovernorates, zoneOfGovernorate, type GovernorateRow } from './repository';

/** Any write to the governorates (not to the zones' `shipping_zone_governorates`) drops the kept list. */
const GOVERNORATES = writesTo('governorates');

/** The shop's governorates and the look-up of their places, kept together: every order and address reads them. */
const governoratesKept = (ctx: Pick<AppContext, 'db' | 'config'>) =>
  keptRead(ctx, GOVERNORATES, async () => {
    const list = await listGovernorates(ctx.db);
    return { list, places: placeIndex(list) };
  });

/** Whether the shop has a governorate of this code. */
export const knownGovernorate = async (ctx: Pick<AppContext, 'db' | 'config'>, code: string) =>
  (await governoratesKept(ctx)).list.some((g) => g.code === code);

/** Where an address's place is read from, for the field an error names (`governorate`, `shippingAddress.governorate`). */
export interface PlaceFields {
  governorate?: string;
  city?: string;
}

/** The stable codes of an address the matcher cannot place; the web words them (API notes in README). */
export const PLACE_ERRORS = {
  unknown: 'governorate_unknown',
  contradicts: 'governorate_contradicts_city',
} as const;

/**
 * The governorate an address is in, decided by one matcher for every caller (checkout, card sessions, quotes, saved
 * addresses; the original web app sends only a free-text `city`). A sent governorate is taken unless the city names
 * another ("الدقي" with Cairo): 400. Without one, the city decides when it names exactly one governorate ("محافظة
 * أسوان", "Aswan, Egypt", "كوم امبو"); a city that names none or several is 400, asking the shopper to choose, rather
 * than falling to the shop-wide rules. No city and no governorate: none (the original web app's `city: ""`).
 */
export async function governorateOf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  address: PlaceFields,
  at = '',
): Promise<GovernorateRow | undefined> {
  const city = address.city?.trim() ?? '';
  if (!address.governorate && !city) return undefined;
  const { list, places } = await governoratesKept(ctx);
  const named = city ? governoratesNamed(places, city) : new Set<string>();
  const field = (name: string) => (at ? `${at}.${name}` : name);
  if (address.governorate) {
    const sent = list.find((g) => g.code === address.governorate);
    if (!sent)
      throw new ValidationError([fieldError('body', field('governorate'), 'Invalid governorate', address.governorate)]);
    if (named.size > 0 && !named.has(sent.code)) {
      const where = list.filter((g) => named.has(g.code)).map((g) => g.name);
      throw new ValidationError([
        fieldError(
          'body',
          field('governorate'),
          `المدينة «${city}» في محافظة ${where.join(' أو ')} وليست في محافظة ${sent.name}، راجع المحافظة أو المدينة`,
          address.governorate,
          PLACE_ERRORS.contradicts,
        ),
      ]);
    }
    return sent;
  }
  if (named.size === 1) return list.find((g) => named.has(g.code));
  throw new ValidationError([
    fieldError(
      'body',
      field('governorate'),
      named.size === 0
        ? `لم نعرف محافظة المدينة «${city}»، من فضلك اختر المحافظة`
        : `المدينة «${city}» تحتمل أكثر من محافظة، من فضلك اختر المحافظة`,
      undefined,
      PLACE_ERRORS.unknown,
    ),
  ]);
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
