import { Type } from 'typebox';
import { field, fields } from '../../lib/fields';
import { parseExpire } from '../../lib/dates';
import { ListQueryFields } from '../../lib/schemas';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** `from`: a date alone is the start of that day in Cairo; a date-time as parseExpire reads it. */
export function startOf(raw: unknown): Date | undefined {
  if (typeof raw === 'string' && isoDate.test(raw.trim())) {
    const [y, m, d] = raw.trim().split('-').map(Number);
    const dayBefore = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
    const end = parseExpire(dayBefore);
    return end && parseExpire(raw) ? new Date(end.getTime() + 1) : undefined;
  }
  return parseExpire(raw);
}

const moment = (description: string, read: (raw: unknown) => Date | undefined, name: string) =>
  field
    .custom(Type.Unsafe<Date>({ type: 'string', description }), read)
    .optional({ emptyIsAbsent: true })
    .check((v) => read(v) !== undefined, `Invalid value for ${name}`);

/** GET /audit: the list's parameters, and its filters by name. */
export const AuditQuery = fields(
  {
    ...ListQueryFields,
    action: field.text("Entries of this action, e.g. 'product.update'").optional({ emptyIsAbsent: true }),
    targetType: field
      .text('Entries about this kind of thing: order, product, coupon…')
      .optional({ emptyIsAbsent: true }),
    targetId: field.text('Entries about this one (an order or product id…)').optional({ emptyIsAbsent: true }),
    from: moment('From this moment; a date alone from the start of that day in Cairo', startOf, 'from'),
    to: moment('Until this moment; a date alone until the end of that day in Cairo', parseExpire, 'to'),
  },
  {
    description:
      "Newest first by default (`sort=at` for oldest first). `actor=<user id>` keeps one staff member's entries (a " +
      'malformed id: 400 `Invalid ID formate`); `at[gte|gt|lte|lt]=…`, `actor[in][]=…` and `action[in][]=…` filter too.',
    additionalProperties: true,
  },
);
