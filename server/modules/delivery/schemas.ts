import { Type } from 'typebox';
import { field, fields, toBoolean } from '../../lib/fields';
import { text } from '../../lib/validate';
import { ADDRESS_LIMITS } from '../../../common/rules/address';

/** An ISO 3166-2:EG code, as governorates are keyed (EG-C, EG-GZ, EG-ALX…). */
export const GOVERNORATE_CODE = /^EG-[A-Z]{1,4}$/;

const governorateName = (name: string) =>
  field
    .text('1–60 characters')
    .required(`${name} is required`)
    .string(`${name} is required`)
    .minLength(1, `${name} is required`)
    .maxLength(60, `Too long ${name}`);

export const NewGovernorate = fields({
  code: field
    .text('ISO 3166-2:EG form: EG- and 1–4 capital letters')
    .required('code is required')
    .check((v) => GOVERNORATE_CODE.test(text(v) ?? ''), 'Invalid governorate code'),
  name: governorateName('name'),
  nameEn: governorateName('nameEn'),
});
export const GovernorateChanges = fields({
  name: governorateName('name').optional(),
  nameEn: governorateName('nameEn').optional(),
});
export const GovernorateParams = fields({
  code: field.text('ISO 3166-2:EG code').check((v) => GOVERNORATE_CODE.test(text(v) ?? ''), 'Invalid governorate code'),
});

const MAX_FEE = 1_000_000;
const moneyField = (description: string) => field.number({ description: `${description}, EGP`, minimum: 0 });

export const ZoneInput = fields({
  name: field
    .text('1–60 characters, unique')
    .required('name is required')
    .string('name is required')
    .minLength(1, 'name is required')
    .maxLength(60, 'Too long name'),
  fee: moneyField('Shipping fee')
    .required('fee is required')
    .number((n) => n >= 0 && n <= MAX_FEE, `fee must be between 0 and ${MAX_FEE}`),
  freeShippingFrom: field
    .number({
      description: 'Items total (after the coupon) from which shipping is free, EGP; null: never',
    })
    .orNull()
    .number((n) => n > 0 && n <= 1_000_000_000, 'freeShippingFrom must be more than 0'),
  cashOnDelivery: field
    .boolean('Cash on delivery offered here (default true)')
    .optional()
    .check((v) => toBoolean(v) !== undefined, 'cashOnDelivery must be true or false'),
  cashFee: field
    .number({ description: "Cash-on-delivery fee here, EGP; null: the shop's own", minimum: 0 })
    .orNull()
    .number((n) => n >= 0 && n <= MAX_FEE, `cashFee must be between 0 and ${MAX_FEE}`),
  governorates: field
    .custom(Type.Array(Type.String(), { description: 'Governorate codes; one in another zone moves here' }), (v) => [
      ...new Set((v as string[]).map((c) => c.trim())),
    ])
    .optional()
    .check(
      (v) =>
        Array.isArray(v) && v.length <= 100 && v.every((c) => typeof c === 'string' && GOVERNORATE_CODE.test(c.trim())),
      'Invalid governorate',
    ),
});

export const QuoteQuery = fields({
  governorate: field
    .text('Governorate code of the delivery address; none: the default fee')
    .optional({ emptyIsAbsent: true })
    .check((v) => GOVERNORATE_CODE.test(text(v) ?? ''), 'Invalid governorate'),
  city: field
    .text('Free-text city or area of the address, placed as an order places it (at most 50 characters)')
    .optional({ emptyIsAbsent: true })
    .string('Invalid city')
    .maxLength(ADDRESS_LIMITS.city, 'Too long city'),
});
