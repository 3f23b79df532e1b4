import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import type { Db, Queryable } from '../../db';
import { keptRead, writesTo } from '../../lib/answerCache';
import { badRequest, conflict, fieldError, notFound, ValidationError } from '../../lib/errors';
import { includedVat, toEgp, toPiastres } from '../../lib/money';
import { pricingSettings } from '../shop';
import { governoratesNamed, placeIndex } from './places';
import { recordAudit, type AuditActor } from '../audit';
import {
  deleteGovernorate,
  deleteZone,
  findGovernorate,
  findZone,
  insertGovernorate,
  listGovernorates,
  listZones,
  saveZone,
  updateGovernorate,
  zoneNameTaken,
  zoneOfGovernorate,
  type GovernorateRow,
} from './repository';
import type { ZoneInput } from './schemas';
import { governorateJson, zoneFields, zoneJson } from './serialize';

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

// ————— The owner's governorates and zones: each change and its audit entry in one transaction —————

const noGovernorate = (code: string) => notFound(`There is no governorate for this code ${code}`);
const GOVERNORATE_TAKEN = 'A governorate with this code or name already exists';

/** Adds a governorate (one that was split, say); a code or Arabic name already used is 409. */
export async function addGovernorate(db: Db, actor: AuditActor, input: { code: string; name: string; nameEn: string }) {
  const row = await db.tx(async (tx) => {
    const inserted = await insertGovernorate(tx, { code: input.code, name: input.name, name_en: input.nameEn });
    if (inserted)
      await recordAudit(tx, actor, {
        action: 'governorate.create',
        target: { type: 'governorate', id: input.code },
        after: governorateJson(inserted),
      });
    return inserted;
  });
  if (!row) throw conflict(GOVERNORATE_TAKEN);
  return row;
}

/** Renames a governorate; an Arabic name another one has is 409, an unknown code 404. */
export async function renameGovernorate(
  db: Db,
  actor: AuditActor,
  code: string,
  { name, nameEn }: { name?: string; nameEn?: string },
) {
  if (name !== undefined) {
    const other = (await listGovernorates(db)).find((g) => g.name === name && g.code !== code);
    if (other) throw conflict(GOVERNORATE_TAKEN);
  }
  const row = await db.tx(async (tx) => {
    const before = await findGovernorate(tx, code);
    const updated = before && (await updateGovernorate(tx, code, { name, name_en: nameEn }));
    if (updated)
      await recordAudit(tx, actor, {
        action: 'governorate.update',
        target: { type: 'governorate', id: code },
        before: governorateJson(before),
        after: governorateJson(updated),
      });
    return updated;
  });
  if (!row) throw noGovernorate(code);
  return row;
}

/** Removes a governorate; addresses that named it keep their city. An unknown code is 404. */
export async function removeGovernorate(db: Db, actor: AuditActor, code: string) {
  const deleted = await db.tx(async (tx) => {
    const before = await findGovernorate(tx, code);
    if (!before || !(await deleteGovernorate(tx, code))) return false;
    await recordAudit(tx, actor, {
      action: 'governorate.delete',
      target: { type: 'governorate', id: code },
      before: governorateJson(before),
    });
    return true;
  });
  if (!deleted) throw noGovernorate(code);
}

/**
 * Stores a zone from its checked body (a new one without `id`); the name must be free and every governorate known.
 * Answers the zone as stored, or undefined when `id` names none.
 */
export async function writeZone(db: Db, actor: AuditActor, body: Static<typeof ZoneInput>, id?: string) {
  const governorates = body.governorates ?? [];
  return db.tx(async (tx) => {
    const before = id ? await findZone(tx, id) : undefined;
    if (await zoneNameTaken(tx, body.name, id)) throw conflict('A zone with this name already exists');
    const known = new Set((await listGovernorates(tx)).map((g) => g.code));
    const unknown = governorates.find((code) => !known.has(code));
    if (unknown) throw badRequest(`Invalid governorate: ${unknown}`);
    const savedId = await saveZone(
      tx,
      {
        name: body.name,
        fee: toPiastres(body.fee),
        free_shipping_from: body.freeShippingFrom == null ? null : toPiastres(body.freeShippingFrom),
        cash_on_delivery: body.cashOnDelivery ?? true,
        cash_fee: body.cashFee == null ? null : toPiastres(body.cashFee),
        governorates,
      },
      id,
    );
    if (!savedId) return undefined;
    const after = (await findZone(tx, savedId))!;
    await recordAudit(tx, actor, {
      action: id ? 'zone.update' : 'zone.create',
      target: { type: 'zone', id: savedId },
      before: zoneFields(before),
      after: zoneFields(after),
    });
    return after;
  });
}

/** Removes a zone (its governorates then get the default fee); an unknown id is 404. */
export async function removeZone(db: Db, actor: AuditActor, id: string) {
  const deleted = await db.tx(async (tx) => {
    const before = await findZone(tx, id);
    if (!before || !(await deleteZone(tx, id))) return false;
    await recordAudit(tx, actor, { action: 'zone.delete', target: { type: 'zone', id }, before: zoneFields(before) });
    return true;
  });
  if (!deleted) throw notFound(`There is no zone for this id ${id}`);
}

/** Egypt's governorates in the shop's order, as the API answers them. */
export const governorateList = async (db: Queryable) => (await listGovernorates(db)).map(governorateJson);

/** The shipping zones, as the API answers them. */
export const zoneList = async (db: Queryable) => (await listZones(db)).map(zoneJson);
