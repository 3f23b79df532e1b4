import { http, HttpResponse } from 'msw';
import type { Dashboard } from '../../../../src/api/admin/dashboard';
import type { Coupon, Order, Subcategory } from '../../../../src/api/types';
import { admin, API_ORIGIN, categories, customer, listOf, orderUser, productRef, products, ts } from '../fixtures';

// Admin-area answers (API.md §5). Admin tests install them with server.use(...adminHandlers).
export const subcategories: Subcategory[] = [
  { _id: 'sub-1', name: 'هواتف ذكية', category: 'cat-1', ...ts },
  { _id: 'sub-2', name: 'حواسيب محمولة', category: 'cat-1', ...ts },
  { _id: 'sub-3', name: 'قمصان', category: 'cat-2', ...ts },
];

export const coupons: Coupon[] = [
  { _id: 'coupon-1', name: 'SALE10', expire: '2030-05-20T00:00:00.000Z', discount: 10, ...ts },
  { _id: 'coupon-2', name: 'RAMADAN25', expire: '2030-03-01T00:00:00.000Z', discount: 25, ...ts },
];

/** GET /dashboard (ours): 30 Cairo days ending 2030-05-20, one order today. */
export const dashboard: Dashboard = {
  timeZone: 'Africa/Cairo',
  today: '2030-05-20',
  periods: {
    today: { orders: 1, revenue: 23998 },
    last7Days: { orders: 3, revenue: 30000 },
    last30Days: { orders: 9, revenue: 52500.5 },
  },
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2030, 3, 21 + i)).toISOString().slice(0, 10),
    orders: i === 29 ? 1 : i % 5 === 0 ? 1 : 0,
    revenue: i === 29 ? 23998 : i % 5 === 0 ? 4750.42 : 0,
  })),
  awaiting: { payment: 4, delivery: 2 },
  stock: { outOfStock: 3, low: 6, lowThreshold: 5 },
  bestSellers: [
    {
      product: { _id: products[0]._id, title: products[0].title, imageCover: products[0].imageCover },
      sold: 12,
      revenue: 143988,
    },
  ],
};

export const orders: Order[] = [
  {
    _id: 'order-1',
    id: 7,
    user: orderUser(customer),
    cartItems: [
      {
        _id: 'oi-1',
        count: 2,
        color: '#000000',
        price: 11999,
        product: productRef(products[0]),
      },
    ],
    shippingAddress: { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' },
    taxPrice: 0,
    shippingPrice: 0,
    totalOrderPrice: 23998,
    paymentMethodType: 'cash',
    isPaid: false,
    isDelivered: false,
    ...ts,
  },
  {
    _id: 'order-2',
    id: 8,
    user: { _id: admin._id, name: 'سارة حسن', email: 'sara@example.eg', phone: '01123456789' },
    cartItems: [
      {
        _id: 'oi-2',
        count: 1,
        color: '',
        price: 450,
        product: productRef(products[1]),
      },
    ],
    taxPrice: 0,
    shippingPrice: 0,
    totalOrderPrice: 450,
    paymentMethodType: 'card',
    isPaid: true,
    paidAt: ts.createdAt,
    isDelivered: true,
    deliveredAt: ts.createdAt,
    ...ts,
  },
];

const notFound = (id: unknown) =>
  HttpResponse.json({ status: 'fail', message: `No document for this id ${String(id)}` }, { status: 404 });

export const adminHandlers = [
  http.get('*/api/v1/categories/:id/subcategories', ({ params }) =>
    HttpResponse.json(listOf(subcategories.filter((s) => s.category === params.id))),
  ),
  http.post('*/api/v1/categories', () =>
    HttpResponse.json({ data: { ...categories[0], _id: 'cat-new' } }, { status: 201 }),
  ),
  http.post('*/api/v1/brands', () => HttpResponse.json({ data: { _id: 'brand-new', name: 'جديدة' } }, { status: 201 })),
  http.post('*/api/v1/subcategories', () =>
    HttpResponse.json({ data: { ...subcategories[0], _id: 'sub-new' } }, { status: 201 }),
  ),
  http.post('*/api/v1/products', () =>
    HttpResponse.json({ data: { ...products[0], _id: 'prod-new' } }, { status: 201 }),
  ),
  http.put('*/api/v1/products/:id', ({ params }) =>
    HttpResponse.json({ data: { ...products[0], _id: String(params.id) } }),
  ),
  http.delete('*/api/v1/products/:id', () => new HttpResponse(null, { status: 204 })),
  // Images already on the server (the edit form downloads them when the gallery changes).
  http.get(
    `${API_ORIGIN}/products/:file`,
    () => new HttpResponse(new Uint8Array([255, 216, 255]), { headers: { 'Content-Type': 'image/jpeg' } }),
  ),

  http.get('*/api/v1/coupons', () => HttpResponse.json(listOf(coupons))),
  http.get('*/api/v1/coupons/:id', ({ params }) => {
    const coupon = coupons.find((c) => c._id === params.id);
    return coupon ? HttpResponse.json({ data: coupon }) : notFound(params.id);
  }),
  http.post('*/api/v1/coupons', () =>
    HttpResponse.json({ data: { ...coupons[0], _id: 'coupon-new' } }, { status: 201 }),
  ),
  http.put('*/api/v1/coupons/:id', ({ params }) =>
    HttpResponse.json({ data: { ...coupons[0], _id: String(params.id) } }),
  ),
  http.delete('*/api/v1/coupons/:id', () => new HttpResponse(null, { status: 204 })),

  http.get('*/api/v1/dashboard', () => HttpResponse.json({ data: dashboard })),
  http.get('*/api/v1/orders', ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json(
      listOf(orders, Number(url.searchParams.get('limit')) || 50, Number(url.searchParams.get('page')) || 1),
    );
  }),
  http.get('*/api/v1/orders/:id', ({ params }) => {
    const order = orders.find((o) => o._id === params.id);
    return order ? HttpResponse.json({ data: order }) : notFound(params.id);
  }),
  http.put('*/api/v1/orders/:id/pay', ({ params }) =>
    HttpResponse.json({ status: 'Success', data: { ...orders[0], _id: String(params.id), isPaid: true } }),
  ),
  http.put('*/api/v1/orders/:id/deliver', ({ params }) =>
    HttpResponse.json({ status: 'Success', data: { ...orders[0], _id: String(params.id), isDelivered: true } }),
  ),
];
