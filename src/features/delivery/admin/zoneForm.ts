// The shipping zone form's values and checks (the same limits the server applies, said before anything is sent).
import { parseNumberInput } from '../../../../common/digits';

export interface ZoneFormValues {
  name: string;
  fee: string;
  /** '' = no free shipping. */
  freeShippingFrom: string;
  cashOnDelivery: boolean;
  /** '' = the shop's own cash fee. */
  cashFee: string;
  governorates: string[];
}

export const ZONE_NAME_MAX = 60;

/** The first thing wrong with the form, in Arabic; null when it can be sent. */
export function zoneFormProblem(values: ZoneFormValues): string | null {
  const name = values.name.trim();
  if (!name) return 'من فضلك ادخل اسم المنطقة';
  if (name.length > ZONE_NAME_MAX) return `اسم المنطقة طويل جدا (الحد الاقصى ${ZONE_NAME_MAX} حرفا)`;
  const fee = parseNumberInput(values.fee);
  if (fee === null || fee < 0) return 'رسوم الشحن يجب ان تكون رقما لا يقل عن 0';
  if (values.freeShippingFrom.trim() !== '') {
    const from = parseNumberInput(values.freeShippingFrom);
    if (from === null || from <= 0) return 'حد الشحن المجاني يجب ان يكون اكبر من 0، او اتركه فارغا';
  }
  if (values.cashFee.trim() !== '') {
    const cashFee = parseNumberInput(values.cashFee);
    if (cashFee === null || cashFee < 0) return 'رسوم الدفع عند الاستلام يجب ان تكون رقما لا يقل عن 0، او اتركها فارغة';
  }
  return null;
}

/** A governorate code: ISO 3166-2:EG style, 'EG-' and 1–4 capital letters (the server's rule). */
const GOVERNORATE_CODE = /^EG-[A-Z]{1,4}$/;
const GOVERNORATE_NAME_MAX = 60;

/** The first thing wrong with a governorate's code or names, in Arabic; null when it can be sent. */
export function governorateProblem({ code, name, nameEn }: { code: string; name: string; nameEn: string }) {
  if (!GOVERNORATE_CODE.test(code)) return 'الكود يبدأ بـ EG- ثم من 1 الى 4 حروف انجليزية كبيرة، مثل EG-NC';
  if (!name) return 'من فضلك ادخل اسم المحافظة بالعربية';
  if (!nameEn) return 'من فضلك ادخل اسم المحافظة بالانجليزية';
  if (name.length > GOVERNORATE_NAME_MAX || nameEn.length > GOVERNORATE_NAME_MAX)
    return `اسم المحافظة طويل جدا (الحد الاقصى ${GOVERNORATE_NAME_MAX} حرفا)`;
  return null;
}
