// The shop settings form: its text values, and the settings they become (with the server's limits checked first).
import type { ShopSettings } from '../../../api/admin/shopSettings';
import { parseNumberInput } from '../../../../common/digits';

export type ShopSettingsValues = Record<Exclude<keyof ShopSettings, 'cashOnDelivery'>, string> & {
  cashOnDelivery: boolean;
};

const text = (amount: number | null) => (amount === null ? '' : String(amount));

export function settingsToValues(settings: ShopSettings): ShopSettingsValues {
  return {
    shopName: settings.shopName,
    shopAddress: settings.shopAddress,
    taxNumber: settings.taxNumber,
    vatRate: text(settings.vatRate),
    defaultShippingFee: text(settings.defaultShippingFee),
    cashOnDelivery: settings.cashOnDelivery,
    cashFee: text(settings.cashFee),
    cashMaxTotal: text(settings.cashMaxTotal),
    staffEmail: settings.staffEmail,
    lowStockLevel: text(settings.lowStockLevel),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The settings to send, or the first thing wrong with the form in Arabic. */
export function valuesToSettings(values: ShopSettingsValues): { settings: ShopSettings } | { problem: string } {
  const vatRate = parseNumberInput(values.vatRate);
  if (vatRate === null || vatRate < 0 || vatRate > 100)
    return { problem: 'نسبة ضريبة القيمة المضافة يجب ان تكون بين 0 و 100' };
  const defaultShippingFee = parseNumberInput(values.defaultShippingFee);
  if (defaultShippingFee === null || defaultShippingFee < 0)
    return { problem: 'رسوم الشحن الافتراضية يجب ان تكون رقما لا يقل عن 0' };
  const cashFee = parseNumberInput(values.cashFee);
  if (cashFee === null || cashFee < 0) return { problem: 'رسوم الدفع عند الاستلام يجب ان تكون رقما لا يقل عن 0' };
  const cashMaxTotal = values.cashMaxTotal.trim() === '' ? null : parseNumberInput(values.cashMaxTotal);
  if (cashMaxTotal !== null && !(cashMaxTotal > 0))
    return { problem: 'الحد الاقصى للدفع عند الاستلام يجب ان يكون اكبر من 0، او اتركه فارغا' };
  const staffEmail = values.staffEmail.trim();
  if (staffEmail && !EMAIL.test(staffEmail)) return { problem: 'البريد الالكتروني لفريق المتجر غير صحيح' };
  const lowStockLevel = parseNumberInput(values.lowStockLevel);
  if (lowStockLevel === null || lowStockLevel < 0 || !Number.isInteger(lowStockLevel))
    return { problem: 'حد المخزون المنخفض يجب ان يكون عددا صحيحا لا يقل عن 0' };
  return {
    settings: {
      shopName: values.shopName.trim(),
      shopAddress: values.shopAddress.trim(),
      taxNumber: values.taxNumber.trim(),
      vatRate,
      defaultShippingFee,
      cashOnDelivery: values.cashOnDelivery,
      cashFee,
      cashMaxTotal,
      staffEmail,
      lowStockLevel,
    },
  };
}
