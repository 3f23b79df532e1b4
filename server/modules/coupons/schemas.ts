import { Type } from 'typebox';
import { field, fields, partial } from '../../lib/fields';
import { parseExpire } from '../../lib/dates';
import { toNumber } from '../../lib/validate';
import { COUPON_NAME_MAX, expiresAhead, isCouponDiscount, storedDiscount } from '../../../common/rules/coupon';

/** A coupon's fields (API.md §5.10), handed on as they are stored: the name trimmed, the moment, 2 decimals. */
const CouponFields = {
  name: field
    .text('1–32 characters, unique case-insensitively')
    .required('coupon name required')
    .string('coupon name required')
    .maxLength(COUPON_NAME_MAX, 'Too long coupon name'),
  expire: field
    .custom(
      Type.Unsafe<Date>({
        type: 'string',
        description:
          'ISO date or date-time; `M/D/YYYY` (Arabic-Indic digits too); a date alone means the end of that day in Cairo',
      }),
      parseExpire,
    )
    .required('coupon expire time required')
    .check((v) => parseExpire(v) !== undefined, 'Invalid expire date'),
  discount: field
    .number({ description: 'Percentage, 0 < d ≤ 100, 2 decimals' })
    .required('coupon discount required')
    .numeric('coupon discount must be a number')
    .number(isCouponDiscount, 'Discount must be greater than 0 and at most 100')
    .reading((v) => storedDiscount(toNumber(v)!)),
};

/** POST /coupons: a new coupon must still be valid. */
export const NewCoupon = fields({
  ...CouponFields,
  expire: CouponFields.expire.check((v) => expiresAhead(parseExpire(v)!), 'Coupon expire date must be in the future'),
});

/** PUT/PATCH /coupons/:id: only the fields sent, with the same rules (an expiry in the past is allowed). */
export const CouponChanges = fields(partial(CouponFields));
