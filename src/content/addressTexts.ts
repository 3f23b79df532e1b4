import type { Address } from '../api/types';

export const ADDRESS_MESSAGES = {
  incomplete: 'من فضلك اكمل البيانات',
  chooseGovernorate: 'من فضلك اختر المحافظة',
  badPhone: 'رقم الهاتف يجب ان يكون 11 رقم لهاتف محمول مصري',
} as const;

/** Where an address is, in one line: its city or area and its governorate ('مدينة نصر، القاهرة'). */
export function addressPlace(address: Pick<Address, 'city' | 'governorateName'>): string {
  return [address.city?.trim(), address.governorateName].filter(Boolean).join('، ');
}
