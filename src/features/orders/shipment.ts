// The owner's shipping form: its checks (the server's limits, said before anything is sent) and texts.
import type { Shipment } from '../../api/types';

export const SHIPMENT_LIMITS = { courier: 100, trackingNumber: 100, trackingUrl: 500 } as const;

/** The shipment to send (empty optional fields left out), or the first thing wrong with it in Arabic. */
export function checkedShipment(values: Shipment): { shipment: Shipment } | { problem: string } {
  const courier = values.courier.trim();
  const trackingNumber = values.trackingNumber?.trim() ?? '';
  const trackingUrl = values.trackingUrl?.trim() ?? '';
  if (!courier) return { problem: 'من فضلك ادخل اسم شركة الشحن' };
  if (courier.length > SHIPMENT_LIMITS.courier)
    return { problem: `اسم شركة الشحن طويل جدا (الحد الاقصى ${SHIPMENT_LIMITS.courier} حرف)` };
  if (trackingNumber.length > SHIPMENT_LIMITS.trackingNumber)
    return { problem: `رقم التتبع طويل جدا (الحد الاقصى ${SHIPMENT_LIMITS.trackingNumber} حرف)` };
  if (
    trackingUrl &&
    (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(trackingUrl) || trackingUrl.length > SHIPMENT_LIMITS.trackingUrl)
  )
    return { problem: 'رابط التتبع يجب ان يكون رابطا كاملا يبدأ بـ https://' };
  return {
    shipment: { courier, ...(trackingNumber ? { trackingNumber } : {}), ...(trackingUrl ? { trackingUrl } : {}) },
  };
}
