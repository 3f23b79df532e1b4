import { http, HttpResponse } from 'msw';
import type { ShippingZone } from '../../../../src/api/admin/delivery';
import type { ShopSettings } from '../../../../src/api/admin/shopSettings';
import { governorates } from './delivery';

// The owner's delivery answers (ours): two zones of Egypt's 27 governorates (./delivery.ts, answered by default) and
// the shop settings. Admin delivery tests install them with server.use(...deliveryAdminHandlers).

export { governorates };

export const zones: ShippingZone[] = [
  {
    _id: 'zone-1',
    name: 'القاهرة الكبرى',
    fee: 45,
    freeShippingFrom: 1500,
    cashOnDelivery: true,
    cashFee: null,
    governorates: ['EG-C', 'EG-GZ', 'EG-KB'],
  },
  {
    _id: 'zone-2',
    name: 'الصعيد',
    fee: 85.5,
    freeShippingFrom: null,
    cashOnDelivery: false,
    cashFee: null,
    governorates: ['EG-AST', 'EG-SHG', 'EG-KN', 'EG-LX', 'EG-ASN'],
  },
];

export const shopSettings: ShopSettings = {
  shopName: 'متجر النيل',
  shopAddress: '12 شارع التحرير، الدقي، الجيزة',
  taxNumber: '123-456-789',
  vatRate: 14,
  defaultShippingFee: 60,
  cashOnDelivery: true,
  cashFee: 10,
  cashMaxTotal: 5000,
  staffEmail: 'orders@nile.example.eg',
  lowStockLevel: 5,
};

export const deliveryAdminHandlers = [
  http.get('*/api/v1/delivery/zones', () => HttpResponse.json({ results: zones.length, data: zones })),
  http.get('*/api/v1/shop/settings', () => HttpResponse.json({ data: shopSettings })),
];
