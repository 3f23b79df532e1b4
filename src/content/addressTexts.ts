import type { Address, ApiError } from '../api/types';
import type { ErrorCode } from '../../common/contract/errorCodes';
import { ADDRESS_LIMITS } from '../../common/rules/address';

export const ADDRESS_MESSAGES = {
  incomplete: 'من فضلك اكمل البيانات',
  chooseGovernorate: 'من فضلك اختر المحافظة',
  badPhone: 'رقم الهاتف يجب ان يكون 11 رقم لهاتف محمول مصري',
} as const;

/** Where an address is, in one line: its city or area and its governorate ('مدينة نصر، القاهرة'). */
export function addressPlace(address: Pick<Address, 'city' | 'governorateName'>): string {
  return [address.city?.trim(), address.governorateName].filter(Boolean).join('، ');
}

/** The server's refusals of an address's text (API.md §5.9), by code, in Arabic, with the limits the form keeps too. */
const ADDRESS_REFUSALS: Partial<Record<ErrorCode, string>> = {
  address_alias_too_long: `اسم العنوان طويل جدا (الحد الاقصى ${ADDRESS_LIMITS.alias} حرفا)`,
  address_city_too_long: `اسم المدينة او المنطقة طويل جدا (الحد الاقصى ${ADDRESS_LIMITS.city} حرفا)`,
  address_details_too_long: `تفاصيل العنوان طويلة جدا (الحد الاقصى ${ADDRESS_LIMITS.details} حرف)`,
  address_postal_code_too_long: `الرمز البريدي طويل جدا (الحد الاقصى ${ADDRESS_LIMITS.postalCode} حرفا)`,
};

/** What the shopper is told of an address the server refused for one of its fields, when it is one of these. */
export const addressRefusal = (error: Pick<ApiError, 'code'> | undefined) =>
  error?.code !== undefined ? ADDRESS_REFUSALS[error.code as ErrorCode] : undefined;
