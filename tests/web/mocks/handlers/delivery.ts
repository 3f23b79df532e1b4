import { http, HttpResponse } from 'msw';
import type { DeliveryQuote, Governorate } from '../../../../src/api/types';
import { includedVat } from '../../../../common/vat';
import { cart } from '../fixtures';

// Delivery in Egypt (ours): the governorates and the cart's delivery quote.

const names: [string, string, string][] = [
  ['EG-C', 'القاهرة', 'Cairo'],
  ['EG-GZ', 'الجيزة', 'Giza'],
  ['EG-ALX', 'الإسكندرية', 'Alexandria'],
  ['EG-KB', 'القليوبية', 'Qalyubia'],
  ['EG-BH', 'البحيرة', 'Beheira'],
  ['EG-DK', 'الدقهلية', 'Dakahlia'],
  ['EG-DT', 'دمياط', 'Damietta'],
  ['EG-GH', 'الغربية', 'Gharbia'],
  ['EG-KFS', 'كفر الشيخ', 'Kafr El Sheikh'],
  ['EG-MNF', 'المنوفية', 'Monufia'],
  ['EG-SHR', 'الشرقية', 'Sharqia'],
  ['EG-IS', 'الإسماعيلية', 'Ismailia'],
  ['EG-PTS', 'بورسعيد', 'Port Said'],
  ['EG-SUZ', 'السويس', 'Suez'],
  ['EG-FYM', 'الفيوم', 'Faiyum'],
  ['EG-BNS', 'بني سويف', 'Beni Suef'],
  ['EG-MN', 'المنيا', 'Minya'],
  ['EG-AST', 'أسيوط', 'Asyut'],
  ['EG-SHG', 'سوهاج', 'Sohag'],
  ['EG-KN', 'قنا', 'Qena'],
  ['EG-LX', 'الأقصر', 'Luxor'],
  ['EG-ASN', 'أسوان', 'Aswan'],
  ['EG-BA', 'البحر الأحمر', 'Red Sea'],
  ['EG-WAD', 'الوادي الجديد', 'New Valley'],
  ['EG-MT', 'مطروح', 'Matrouh'],
  ['EG-SIN', 'شمال سيناء', 'North Sinai'],
  ['EG-JS', 'جنوب سيناء', 'South Sinai'],
];
export const governorates: Governorate[] = names.map(([code, name, nameEn]) => ({ code, name, nameEn }));

/** Shipping per governorate in this shop: Greater Cairo 50, Aswan 120, anywhere else (or none) 70. */
const SHIPPING: Record<string, number> = { 'EG-C': 50, 'EG-GZ': 50, 'EG-ASN': 120 };
export const CASH_FEE = 10;
export const VAT_RATE = 14;

/** The quote of the shop above for items worth `itemsPrice` after a coupon that took `discount` off. */
export function makeQuote(
  governorate: string | null,
  { itemsPrice = cart.data.totalCartPrice, discount = 0 } = {},
  cashOnDelivery: Partial<DeliveryQuote['cashOnDelivery']> = {},
): DeliveryQuote {
  const shippingPrice = (governorate ? SHIPPING[governorate] : undefined) ?? 70;
  const totalOnline = itemsPrice + shippingPrice;
  return {
    itemsPrice,
    discount,
    shippingPrice,
    freeShippingFrom: null,
    cashOnDelivery: { allowed: true, fee: CASH_FEE, ...cashOnDelivery },
    taxPrice: includedVat(Math.round(totalOnline * 100), VAT_RATE) / 100,
    totalOnline,
    totalCash: totalOnline + CASH_FEE,
  };
}

export const defaultHandlers = [
  http.get('*/api/v1/delivery/governorates', () =>
    HttpResponse.json({ results: governorates.length, data: governorates }),
  ),
  http.get('*/api/v1/delivery/quote', ({ request }) =>
    HttpResponse.json({ data: makeQuote(new URL(request.url).searchParams.get('governorate')) }),
  ),
];
