import { toEgp } from '../../lib/money';
import type { GovernorateRow, ZoneRow } from './repository';

/** A governorate as the API answers it. */
export const governorateJson = (g: GovernorateRow) => ({ code: g.code, name: g.name, nameEn: g.name_en });

/** A zone as the API answers it, money in EGP. */
export const zoneJson = (z: ZoneRow) => ({
  _id: z.id,
  name: z.name,
  fee: toEgp(z.fee),
  freeShippingFrom: z.free_shipping_from === null ? null : toEgp(z.free_shipping_from),
  cashOnDelivery: z.cash_on_delivery,
  cashFee: z.cash_fee === null ? null : toEgp(z.cash_fee),
  governorates: z.governorates,
});

/** What the audit log keeps of a zone: its fields as the API answers them. */
export const zoneFields = (z: ZoneRow | undefined) => {
  if (!z) return null;
  const { _id, ...fields } = zoneJson(z);
  return fields;
};
