import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '../../../src/api/types';
import AdminAllOrdersPage from '../../../src/pages/admin/AdminAllOrdersPage';
import AdminOrderDetailsPage from '../../../src/pages/admin/AdminOrderDetailsPage';
import { listOf } from '../mocks/fixtures';
import { adminHandlers, orders } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { admin } from '../mocks/fixtures';
import { renderApp, renderWithProviders, storeSession } from '../utils/renderWithProviders';

// The delivery steps of an order on the owner's screens: WhatsApp confirmation, confirm, ship, the fees, the CSV files.

/** A cash order of our server, to Giza: 23,998 of items + 45 shipping + 10 cash fee, VAT included. */
const cashOrder: Order = {
  ...orders[0],
  shippingAddress: {
    alias: 'البيت',
    details: '5 شارع الهرم',
    city: 'الهرم',
    phone: '0112 345 6789',
    governorate: 'EG-GZ',
    governorateName: 'الجيزة',
  },
  shippingPrice: 45,
  cashFee: 10,
  totalOrderPrice: 24053,
  taxPrice: 2953.88,
  isConfirmed: false,
  confirmedAt: null,
  isShipped: false,
  shippedAt: null,
  shipment: null,
  statusHistory: [{ status: 'placed', at: orders[0].createdAt }],
};

const CONFIRMED_AT = '2026-11-26T08:30:00.000Z';
const SHIPPED_AT = '2026-11-26T09:45:00.000Z';

function serveOrder(order: Order) {
  let current = order;
  const writes: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get('*/api/v1/orders/:id', () => HttpResponse.json({ data: current })),
    http.put('*/api/v1/orders/:id/confirm', ({ request }) => {
      writes.push({ path: new URL(request.url).pathname, body: null });
      current = {
        ...current,
        isConfirmed: true,
        confirmedAt: CONFIRMED_AT,
        statusHistory: [...(current.statusHistory ?? []), { status: 'confirmed', at: CONFIRMED_AT }],
      };
      return HttpResponse.json({ data: current });
    }),
    http.put('*/api/v1/orders/:id/ship', async ({ request }) => {
      const shipment = (await request.json()) as Order['shipment'];
      writes.push({ path: new URL(request.url).pathname, body: shipment });
      current = {
        ...current,
        isShipped: true,
        shippedAt: SHIPPED_AT,
        shipment,
        statusHistory: [...(current.statusHistory ?? []), { status: 'shipped', at: SHIPPED_AT }],
      };
      return HttpResponse.json({ data: current });
    }),
  );
  return writes;
}

beforeEach(() => {
  server.use(...adminHandlers);
});

const renderDetails = () =>
  renderWithProviders(<AdminOrderDetailsPage />, { path: '/admin/orders/:id', route: '/admin/orders/order-1' });

/** The wa.me link's number and its message, decoded. */
function whatsApp(link: HTMLElement) {
  const url = new URL(link.getAttribute('href')!);
  return { origin: url.origin, number: url.pathname.slice(1), text: url.searchParams.get('text') };
}

/** jsdom's Blob has no arrayBuffer(): read it as a browser without it would. */
const bytesOf = (file: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

const MESSAGE = 'مرحبًا أحمد علي، نؤكد طلبك رقم #7 بإجمالي 24,053 ج.م. هل نرسله إلى العنوان المسجل؟';

describe('admin order page: delivery', () => {
  it("links the customer's and the delivery phone to WhatsApp with the confirmation message typed in", async () => {
    serveOrder(cashOrder);
    renderDetails();
    const customerLink = await screen.findByRole('link', { name: 'تأكيد الطلب عبر واتساب على 01012345678' });
    expect(whatsApp(customerLink)).toEqual({ origin: 'https://wa.me', number: '201012345678', text: MESSAGE });
    expect(customerLink.getAttribute('href')).toBe(`https://wa.me/201012345678?text=${encodeURIComponent(MESSAGE)}`);
    expect(customerLink).toHaveAttribute('target', '_blank');
    const deliveryLink = screen.getByRole('link', { name: 'تأكيد الطلب عبر واتساب على 0112 345 6789' });
    expect(whatsApp(deliveryLink)).toEqual({ origin: 'https://wa.me', number: '201123456789', text: MESSAGE });
    expect(screen.getByText('5 شارع الهرم', { exact: false }).closest('address')).toHaveTextContent(
      'البيت: 5 شارع الهرم، الهرم، الجيزة',
    );
  });

  it('shows the shipping fee, the cash fee and the VAT included in the total', async () => {
    serveOrder(cashOrder);
    renderDetails();
    const total = await screen.findByText('الاجمالي');
    const money = total.closest('dl')!;
    const rows = [...money.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'طريقة الدفع: الدفع عند الاستلام',
      'الشحن: 45 جنيه',
      'رسوم الدفع عند الاستلام: 10 جنيه',
      'الاجمالي: 24,053 جنيه',
      'منها ضريبة القيمة المضافة: 2,953.88 جنيه',
    ]);
  });

  it('confirms a cash order: the button calls /confirm, then the step is on the timeline', async () => {
    const writes = serveOrder(cashOrder);
    const { user } = renderDetails();
    expect(await screen.findByText('بانتظار التأكيد')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تأكيد الطلب' }));
    expect(await screen.findByText('تم تأكيد الطلب بنجاح')).toBeInTheDocument();
    expect(writes).toEqual([{ path: '/api/v1/orders/order-1/confirm', body: null }]);
    expect(screen.queryByRole('button', { name: 'تأكيد الطلب' })).toBeNull();
    expect(screen.getByText(/^تم تأكيد الطلب مع العميل/)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'مراحل الطلب' })).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.textContent)).toContain('تم تأكيد الطلب');
    expect(screen.queryByText('بانتظار التأكيد')).toBeNull();
  });

  it('says in Arabic why a confirmation was refused and loads the order again', async () => {
    serveOrder(cashOrder);
    let gets = 0;
    server.use(
      http.put('*/api/v1/orders/:id/confirm', () =>
        HttpResponse.json({ status: 'fail', message: 'This order has been cancelled' }, { status: 409 }),
      ),
      http.get('*/api/v1/orders/:id', () => {
        gets += 1;
        return HttpResponse.json({ data: cashOrder });
      }),
    );
    const { user } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'تأكيد الطلب' }));
    expect(await screen.findByText('هذا الطلب ملغي، لا يمكن تغيير حالته')).toBeInTheDocument();
    await waitFor(() => expect(gets).toBe(2));
  });

  it('ships with the courier and tracking, checking them first, then shows them and the step', async () => {
    const writes = serveOrder({
      ...cashOrder,
      isConfirmed: true,
      confirmedAt: CONFIRMED_AT,
      statusHistory: [...cashOrder.statusHistory!, { status: 'confirmed', at: CONFIRMED_AT }],
    });
    const { user } = renderDetails();
    const form = await screen.findByRole('form', { name: 'شحن الطلب' });
    await user.click(within(form).getByRole('button', { name: 'شحن الطلب' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('من فضلك ادخل اسم شركة الشحن');
    await user.type(within(form).getByLabelText('شركة الشحن'), 'بوسطة');
    await user.type(within(form).getByLabelText('رقم التتبع (اختياري)'), 'BOS-99812');
    await user.type(within(form).getByLabelText('رابط التتبع (اختياري)'), 'bosta.co/track');
    await user.click(within(form).getByRole('button', { name: 'شحن الطلب' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('رابط التتبع يجب ان يكون رابطا كاملا يبدأ بـ https://');
    expect(writes).toEqual([]);
    await user.clear(within(form).getByLabelText('رابط التتبع (اختياري)'));
    await user.type(within(form).getByLabelText('رابط التتبع (اختياري)'), 'https://bosta.co/track/BOS-99812');
    await user.click(within(form).getByRole('button', { name: 'شحن الطلب' }));

    expect(await screen.findByText('تم تسجيل شحن الطلب')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        path: '/api/v1/orders/order-1/ship',
        body: { courier: 'بوسطة', trackingNumber: 'BOS-99812', trackingUrl: 'https://bosta.co/track/BOS-99812' },
      },
    ]);
    expect(screen.queryByRole('form', { name: 'شحن الطلب' })).toBeNull();
    expect(screen.getByText('شركة الشحن').nextElementSibling).toHaveTextContent('بوسطة');
    expect(screen.getByText('رقم التتبع').nextElementSibling).toHaveTextContent('BOS-99812');
    expect(screen.getByRole('link', { name: 'https://bosta.co/track/BOS-99812' })).toHaveAttribute(
      'href',
      'https://bosta.co/track/BOS-99812',
    );
    const steps = within(screen.getByRole('list', { name: 'مراحل الطلب' })).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.textContent)).toEqual(
      expect.arrayContaining(['تم تأكيد الطلب', 'تم الشحن']),
    );
  });

  it('sends only the courier when there is no tracking', async () => {
    const writes = serveOrder({ ...orders[1], isDelivered: false, isConfirmed: false, isShipped: false });
    const { user } = renderDetails();
    // A card order needs no phone confirmation.
    expect(await screen.findByText('لا يحتاج هذا الطلب الى تأكيد')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تأكيد الطلب' })).toBeNull();
    await user.type(screen.getByLabelText('شركة الشحن'), 'مندوب المتجر');
    await user.click(screen.getByRole('button', { name: 'شحن الطلب' }));
    await screen.findByText('تم تسجيل شحن الطلب');
    expect(writes).toEqual([{ path: '/api/v1/orders/order-2/ship', body: { courier: 'مندوب المتجر' } }]);
  });

  it('offers neither step for a cancelled order, nor on a backend without them', async () => {
    serveOrder({ ...cashOrder, isCancelled: true, cancelledAt: CONFIRMED_AT });
    renderDetails();
    expect(await screen.findByText('لا يمكن شحن طلب ملغي')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تأكيد الطلب' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'شحن الطلب' })).toBeNull();
  });
});

describe('admin order invoice', () => {
  it("opens from the order page, alone on its page, with the order's lines, fees and the VAT included", async () => {
    serveOrder(cashOrder);
    storeSession(admin);
    const { user, router } = renderApp('/admin/orders/order-1');
    const slow = { timeout: 20_000 };
    await user.click(await screen.findByRole('link', { name: 'الفاتورة' }, slow));
    const invoice = await screen.findByTestId('invoice', undefined, slow);
    expect(router.state.location.pathname).toBe('/admin/orders/order-1/invoice');
    // Neither the admin menu nor the shop's bars: it prints alone.
    expect(screen.queryByRole('navigation', { name: 'لوحة التحكم' })).toBeNull();
    expect(screen.getByRole('link', { name: 'العودة الى تفاصيل الطلب' })).toHaveAttribute(
      'href',
      '/admin/orders/order-1',
    );
    expect(within(invoice).getByTestId('invoice-number')).toHaveTextContent('7');
    const total = (label: string) => within(invoice).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(total('الشحن')).toHaveTextContent('45 جنيه');
    expect(total('رسوم الدفع عند الاستلام')).toHaveTextContent('10 جنيه');
    expect(total('الاجمالي')).toHaveTextContent('24,053 جنيه');
    expect(total('شامل ضريبة القيمة المضافة')).toHaveTextContent('2,953.88 جنيه');
    expect(invoice).toHaveTextContent('الهرم، الجيزة');
  });
});

describe('admin orders list: delivery', () => {
  const renderList = (route = '/admin/allorders') =>
    renderWithProviders(<AdminAllOrdersPage />, { path: '/admin/allorders', route });

  it('filters on unconfirmed cash orders (?unconfirmed=true) and links each customer to WhatsApp', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('*/api/v1/orders', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(listOf([cashOrder], 5));
      }),
    );
    const { user, router } = renderList();
    const card = await screen.findByRole('article', { name: 'طلب رقم #7' });
    expect(requests[0].searchParams.has('unconfirmed')).toBe(false);
    const link = within(card).getByRole('link', { name: 'تأكيد الطلب عبر واتساب على 01012345678' });
    expect(whatsApp(link)).toEqual({ origin: 'https://wa.me', number: '201012345678', text: MESSAGE });
    expect(within(card).getByText('بانتظار التأكيد')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'طلبات الدفع عند الاستلام غير المؤكدة' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].searchParams.get('unconfirmed')).toBe('true');
    expect(requests[1].searchParams.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?unconfirmed=true');
  });

  describe('CSV export', () => {
    let saved: Array<{ name: string; href: string }>;
    let files: Blob[];
    beforeEach(() => {
      saved = [];
      files = [];
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 26, 12, 0) });
      vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
        files.push(file as Blob);
        return `blob:test/${files.length}`;
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, href: this.href });
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it.each([
      ['تصدير الطلبات (CSV)', '/api/v1/orders/export.csv', 'orders-2026-11-26.csv'],
      ['تصدير منتجات الطلبات (CSV)', '/api/v1/orders/export-lines.csv', 'order-lines-2026-11-26.csv'],
    ])('"%s" downloads %s with the list\'s filters and the token, saved as %s', async (label, path, name) => {
      const csv = '\uFEFFرقم الطلب,العميل\r\n7,"علي, أحمد"\r\n';
      const seen: Array<{ path: string; query: string; auth: string | null }> = [];
      server.use(
        http.get(`*${path}`, ({ request }) => {
          const url = new URL(request.url);
          seen.push({ path: url.pathname, query: url.search, auth: request.headers.get('Authorization') });
          return new HttpResponse(new TextEncoder().encode(csv), {
            headers: { 'Content-Type': 'text/csv; charset=utf-8' },
          });
        }),
      );
      localStorage.setItem('token', 'owner-token');
      const { user } = renderList('/admin/allorders?isPaid=false&paymentMethodType=cash&unconfirmed=true&search=علي');
      await screen.findByRole('article', { name: 'طلب رقم #7' });
      await user.click(screen.getByRole('button', { name: label }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(seen).toHaveLength(1);
      expect(seen[0].path).toBe(path);
      expect(Object.fromEntries(new URLSearchParams(seen[0].query))).toEqual({
        search: 'علي',
        isPaid: 'false',
        paymentMethodType: 'cash',
        unconfirmed: 'true',
      });
      expect(seen[0].auth).toBe('Bearer owner-token');
      expect(saved[0]).toEqual({ name, href: 'blob:test/1' });
      // The file as the server sent it. (msw's XMLHttpRequest stand-in builds the Blob from the decoded text, which
      // drops the BOM; a browser keeps the bytes, as the end-to-end test checks.)
      expect([...new Uint8Array(await bytesOf(files[0]))]).toEqual([...new TextEncoder().encode(csv.slice(1))]);
    });

    it('says so when the file cannot be made', async () => {
      server.use(http.get('*/api/v1/orders/export.csv', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
      const { user } = renderList();
      await screen.findByRole('article', { name: 'طلب رقم #7' });
      await user.click(screen.getByRole('button', { name: 'تصدير الطلبات (CSV)' }));
      expect(await screen.findByText('حدثت مشكلة في الخادم، حاول مرة أخرى بعد قليل')).toBeInTheDocument();
      expect(saved).toEqual([]);
    });
  });
});
