import type { Queryable } from '../../db';

export interface GovernorateRow {
  code: string;
  name: string;
  name_en: string;
}

export const listGovernorates = (q: Queryable) =>
  q.query<GovernorateRow>('SELECT code, name, name_en FROM governorates ORDER BY position, code');

export const findGovernorate = (q: Queryable, code: string) =>
  q.one<GovernorateRow>('SELECT code, name, name_en FROM governorates WHERE code = $1', [code]);

/** A new governorate goes last in the list; answers undefined when its code or name is taken. */
export const insertGovernorate = (q: Queryable, g: GovernorateRow) =>
  q.one<GovernorateRow>(
    `INSERT INTO governorates (code, name, name_en, position)
     VALUES ($1, $2, $3, (SELECT coalesce(max(position), 0) + 1 FROM governorates))
     ON CONFLICT DO NOTHING RETURNING code, name, name_en`,
    [g.code, g.name, g.name_en],
  );

export const updateGovernorate = (q: Queryable, code: string, changes: { name?: string; name_en?: string }) =>
  q.one<GovernorateRow>(
    `UPDATE governorates SET name = coalesce($2, name), name_en = coalesce($3, name_en) WHERE code = $1
     RETURNING code, name, name_en`,
    [code, changes.name ?? null, changes.name_en ?? null],
  );

export const deleteGovernorate = async (q: Queryable, code: string) =>
  !!(await q.one('DELETE FROM governorates WHERE code = $1 RETURNING code', [code]));

/** A zone, money in piastres, with its governorates' codes in the list's order. */
export interface ZoneRow {
  id: string;
  name: string;
  fee: number;
  free_shipping_from: number | null;
  cash_on_delivery: boolean;
  cash_fee: number | null;
  governorates: string[];
}
export type ZoneInput = Omit<ZoneRow, 'id'>;

const ZONE_COLUMNS = `z.id, z.name, z.fee, z.free_shipping_from::float8 AS free_shipping_from, z.cash_on_delivery, z.cash_fee,
  coalesce((SELECT array_agg(g.code ORDER BY g.position, g.code) FROM shipping_zone_governorates m
            JOIN governorates g ON g.code = m.governorate WHERE m.zone_id = z.id), '{}') AS governorates`;

export const listZones = (q: Queryable) =>
  q.query<ZoneRow>(`SELECT ${ZONE_COLUMNS} FROM shipping_zones z ORDER BY z.fee, z.name`);

export const findZone = (q: Queryable, id: string) =>
  q.one<ZoneRow>(`SELECT ${ZONE_COLUMNS} FROM shipping_zones z WHERE z.id = $1`, [id]);

/** The zone a governorate is in, or undefined. */
export const zoneOfGovernorate = (q: Queryable, code: string) =>
  q.one<ZoneRow>(
    `SELECT ${ZONE_COLUMNS} FROM shipping_zones z JOIN shipping_zone_governorates m ON m.zone_id = z.id
     WHERE m.governorate = $1`,
    [code],
  );

export const zoneNameTaken = async (q: Queryable, name: string, exceptId?: string) =>
  !!(await q.one('SELECT 1 FROM shipping_zones WHERE name = $1 AND id IS DISTINCT FROM $2::uuid', [
    name,
    exceptId ?? null,
  ]));

/** Writes a zone (a new one without `id`) and moves its governorates into it; answers its id, or undefined. */
export async function saveZone(tx: Queryable, zone: ZoneInput, id?: string): Promise<string | undefined> {
  const values = [zone.name, zone.fee, zone.free_shipping_from, zone.cash_on_delivery, zone.cash_fee];
  const row = id
    ? await tx.one<{ id: string }>(
        `UPDATE shipping_zones SET name = $1, fee = $2, free_shipping_from = $3, cash_on_delivery = $4, cash_fee = $5,
           updated_at = now() WHERE id = $6 RETURNING id`,
        [...values, id],
      )
    : await tx.one<{ id: string }>(
        `INSERT INTO shipping_zones (name, fee, free_shipping_from, cash_on_delivery, cash_fee)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        values,
      );
  if (!row) return undefined;
  await tx.query('DELETE FROM shipping_zone_governorates WHERE zone_id = $1 AND governorate <> ALL($2::text[])', [
    row.id,
    zone.governorates,
  ]);
  await tx.query(
    `INSERT INTO shipping_zone_governorates (governorate, zone_id) SELECT unnest($2::text[]), $1
     ON CONFLICT (governorate) DO UPDATE SET zone_id = excluded.zone_id`,
    [row.id, zone.governorates],
  );
  return row.id;
}

export const deleteZone = async (q: Queryable, id: string) =>
  !!(await q.one('DELETE FROM shipping_zones WHERE id = $1 RETURNING id', [id]));
