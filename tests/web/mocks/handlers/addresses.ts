import { http, HttpResponse } from 'msw';
import type { Address } from '../../../../src/api/types';
import { ts } from '../fixtures';

// Saved addresses of our server (API.md §5.9).

export const addresses: Address[] = [
  {
    _id: 'addr-1',
    alias: 'المنزل',
    details: 'شارع عباس العقاد 12، الدور الثالث',
    phone: '01012345678',
    city: 'مدينة نصر',
    governorate: 'EG-C',
    governorateName: 'القاهرة',
    postalCode: '',
    ...ts,
  },
  {
    _id: 'addr-2',
    alias: 'العمل',
    details: 'شارع التحرير 5',
    phone: '01198765432',
    city: 'الدقي',
    governorate: 'EG-GZ',
    governorateName: 'الجيزة',
    postalCode: '',
    ...ts,
  },
];

const notFound = (id: unknown) =>
  HttpResponse.json({ status: 'fail', message: `There is no address for this id ${String(id)}` }, { status: 404 });

export const defaultHandlers = [
  http.get('*/api/v1/addresses', () =>
    HttpResponse.json({ status: 'success', results: addresses.length, data: addresses }),
  ),
  http.get('*/api/v1/addresses/:id', ({ params }) => {
    const address = addresses.find((a) => a._id === params.id);
    return address ? HttpResponse.json({ status: 'success', data: address }) : notFound(params.id);
  }),
  http.post('*/api/v1/addresses', async ({ request }) => {
    const body = (await request.json()) as Omit<Address, '_id'>;
    return HttpResponse.json({
      status: 'success',
      message: 'Address added successfully',
      data: [...addresses, { ...body, _id: 'addr-new' }],
    });
  }),
  http.put('*/api/v1/addresses/:id', async ({ params, request }) => {
    const address = addresses.find((a) => a._id === params.id);
    if (!address) return notFound(params.id);
    const body = (await request.json()) as Partial<Address>;
    return HttpResponse.json({
      status: 'success',
      message: 'Address updated successfully',
      data: { ...address, ...body },
    });
  }),
  http.delete('*/api/v1/addresses/:id', ({ params }) =>
    HttpResponse.json({
      status: 'success',
      message: 'Address removed successfully',
      data: addresses.filter((a) => a._id !== params.id),
    }),
  ),
];
