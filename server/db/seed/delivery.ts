import type { Queryable } from '..';

/**
 * The demo shop's delivery, priced as Egyptian shops price it (EGP): Greater Cairo cheapest, the Delta and the Canal
 * next, Upper Egypt dearer with a cash fee, the far governorates dearest and paid online only.
 */
export const DEMO_ZONES = [
  {
    name: 'القاهرة الكبرى',
    fee: 50,
    freeShippingFrom: 1500,
    cash: true,
    cashFee: null,
    governorates: ['EG-C', 'EG-GZ', 'EG-KB'],
  },
  {
    name: 'الإسكندرية والدلتا',
    fee: 65,
    freeShippingFrom: 2000,
    cash: true,
    cashFee: null,
    governorates: ['EG-ALX', 'EG-BH', 'EG-MNF', 'EG-GH', 'EG-KFS', 'EG-DK', 'EG-DT', 'EG-SHR'],
  },
  {
    name: 'مدن القناة',
    fee: 65,
    freeShippingFrom: 2000,
    cash: true,
    cashFee: null,
    governorates: ['EG-IS', 'EG-PTS', 'EG-SUZ'],
  },
  {
    name: 'الصعيد',
    fee: 85,
    freeShippingFrom: null,
    cash: true,
    cashFee: 15,
    governorates: ['EG-FYM', 'EG-BNS', 'EG-MN', 'EG-AST', 'EG-SHG', 'EG-KN', 'EG-LX', 'EG-ASN'],
  },
  {
    name: 'المحافظات الحدودية',
    fee: 120,
    freeShippingFrom: null,
    cash: false,
    cashFee: null,
    governorates: ['EG-BA', 'EG-WAD', 'EG-MT', 'EG-SIN', 'EG-JS'],
  },
] as const;

/** The demo shop's own settings: its invoice details, and a default fee for an address in no zone. */
export const DEMO_SETTINGS = {
  shopName: 'متجر',
  shopAddress: '15 شارع طلعت حرب، وسط البلد، القاهرة',
  taxNumber: '100-200-300',
  defaultShippingFee: 70,
  cashFee: 10,
};

export async function seedDemoDelivery(tx: Queryable) {
  for (const zone of DEMO_ZONES) {
    const row = (await tx.one<{ id: string }>(
      `INSERT INTO shipping_zones (name, fee, free_shipping_from, cash_on_delivery, cash_fee) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
      [
        zone.name,
        zone.fee * 100,
        zone.freeShippingFrom === null ? null : zone.freeShippingFrom * 100,
        zone.cash,
        zone.cashFee === null ? null : zone.cashFee * 100,
      ],
    ))!;
    await tx.query(
      `INSERT INTO shipping_zone_governorates (governorate, zone_id) SELECT code, $1 FROM governorates WHERE code = ANY($2)
       ON CONFLICT (governorate) DO NOTHING`,
      [row.id, zone.governorates],
    );
  }
  await tx.query(
    `UPDATE shop_settings SET shop_name = $1, shop_address = $2, tax_number = $3, default_shipping_fee = $4, cash_fee = $5
     WHERE shop_name = ''`,
    [
      DEMO_SETTINGS.shopName,
      DEMO_SETTINGS.shopAddress,
      DEMO_SETTINGS.taxNumber,
      DEMO_SETTINGS.defaultShippingFee * 100,
      DEMO_SETTINGS.cashFee * 100,
    ],
  );
}
