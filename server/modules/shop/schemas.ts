import type { Static } from 'typebox';
import { ShopSettings } from '../../../common/contract/shop';
import { field, fields, toBoolean } from '../../lib/fields';
import { EMAIL } from '../../lib/validate';

const money = (description: string) => field.number({ description: `${description}, EGP`, minimum: 0 });
const fee = (n: number) => n >= 0 && n <= 1_000_000;

/** PUT /shop/settings: any of them; each keeps its value when not sent. */
export const ShopSettingsChanges = fields({
  shopName: field.text('Shown on invoices').optional().string('Invalid shopName').maxLength(100, 'Too long shopName'),
  shopAddress: field
    .text('Shown on invoices')
    .multiline()
    .optional()
    .string('Invalid shopAddress')
    .maxLength(300, 'Too long shopAddress'),
  taxNumber: field
    .text('Tax registration number, shown on invoices')
    .optional()
    .string('Invalid taxNumber')
    .maxLength(50, 'Too long taxNumber'),
  vatRate: field
    .number({ description: 'VAT included in prices, percent (0: not registered for VAT)', minimum: 0, maximum: 100 })
    .optional()
    .number((n) => n >= 0 && n <= 100, 'vatRate must be between 0 and 100'),
  defaultShippingFee: money('Shipping for addresses in no zone')
    .optional()
    .number(fee, 'defaultShippingFee must be between 0 and 1000000'),
  cashOnDelivery: field
    .boolean('Cash on delivery offered at all')
    .optional()
    .check((v) => toBoolean(v) !== undefined, 'cashOnDelivery must be true or false'),
  cashFee: money('Fee for paying cash on delivery').optional().number(fee, 'cashFee must be between 0 and 1000000'),
  cashMaxTotal: field
    .number({ description: 'Largest order total paid in cash, EGP; null: no limit' })
    .orNull()
    .number((n) => n > 0 && n <= 1_000_000_000, 'cashMaxTotal must be more than 0'),
  staffEmail: field
    .text('Where new orders and low stock are announced; "" for nobody')
    .optional()
    .string('Invalid staffEmail')
    .check((v) => typeof v === 'string' && (v.trim() === '' || EMAIL.test(v.trim())), 'Invalid email formate'),
  lowStockLevel: field
    .integer({ description: 'Stock at or below which staff hear of it', minimum: 0 })
    .optional()
    .integer((n) => n >= 0 && n <= 1_000_000, 'lowStockLevel must be a whole number from 0'),
});

export type ShopSettings = Static<typeof ShopSettings>;
