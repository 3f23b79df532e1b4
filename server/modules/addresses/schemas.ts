import type { Static } from 'typebox';
import { field, fields, partial } from '../../lib/fields';
import { text } from '../../lib/validate';
import { ADDRESS_LIMITS } from '../../../common/rules/address';
import { GOVERNORATE_CODE, knownGovernorate } from '../delivery';

/**
 * An address's fields, declared once for the customer's saved addresses (API.md §5.9) and for the shipping address
 * of an order (API.md §5.12, cash or card, which orders, payment sessions and order mails keep). A required field
 * names itself in its message: `details is required`, `shippingAddress.details is required`.
 */
const ALIAS = 'Label such as "Home", at most 50 characters';
const details = (required: string) =>
  field
    .text('Street and area, at most 500 characters')
    .multiline()
    .required(required)
    .string(required)
    .maxLength(ADDRESS_LIMITS.details, 'Too long details');
const phone = (required: string) => field.text('Egyptian mobile').required(required).egyptianPhone();
const city = field
  .text('At most 50 characters')
  .optional()
  .string('Invalid city')
  .maxLength(ADDRESS_LIMITS.city, 'Too long city');
const postalCode = field
  .text('At most 20 characters')
  .optional()
  .string('Invalid postalCode')
  .maxLength(ADDRESS_LIMITS.postalCode, 'Too long postalCode');

const governorate = field
  .text('Governorate code (GET /delivery/governorates); when not sent, matched from the city')
  .optional({ emptyIsAbsent: true })
  .check(
    async (v, { ctx }) => GOVERNORATE_CODE.test(text(v) ?? '') && (await knownGovernorate(ctx, text(v)!)),
    'Invalid governorate',
  );

const AddressFields = {
  alias: field
    .text(ALIAS)
    .required('alias is required')
    .string('alias is required')
    .maxLength(ADDRESS_LIMITS.alias, 'Too long alias'),
  details: details('details is required'),
  phone: phone('phone is required'),
  city,
  postalCode,
  governorate,
};
/** POST /addresses. */
export const NewAddress = fields(AddressFields);
/** PUT/PATCH /addresses/:addressId: only the fields sent, with the same rules. */
export const AddressChanges = fields(partial(AddressFields));

/** The shipping address a customer sends with an order (`alias` is ours: the saved address's nickname). */
export const ShippingAddressInput = fields({
  details: details('shippingAddress.details is required'),
  phone: phone('shippingAddress.phone is required'),
  city,
  postalCode,
  governorate,
  alias: field
    .text(ALIAS)
    .optional()
    .string('Invalid alias')
    .maxLength(ADDRESS_LIMITS.alias, 'Too long alias')
    // A blank nickname is no nickname.
    .reading((v) => text(v) || undefined),
});

/**
 * A shipping address as an order and a payment session keep it: city and postal code "" when not given, and the
 * governorate it is in (sent, or matched from the city) with its Arabic name as it was then.
 */
export type ShippingAddress = Omit<Static<typeof ShippingAddressInput>, 'governorate'> & {
  city: string;
  postalCode: string;
  governorate?: string;
  governorateName?: string;
};
