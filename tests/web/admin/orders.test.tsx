import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AdminAllOrdersPage from '../../../src/pages/admin/AdminAllOrdersPage';
import AdminOrderDetailsPage from '../../../src/pages/admin/AdminOrderDetailsPage';
import type { Order } from '../../../src/api/types';
import { formatEGP } from '../../../common/format';
import { listOf } from '../mocks/fixtures';
import { adminHandlers, orders } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';

beforeEach(() => {
  server.use(...adminHandlers);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('admin: all orders', () => {
  const renderList = () => renderWithProviders(<AdminAllOrdersPage />, { path: '/admin/allorders' });

  it('asks for 5 orders per page and shows number, customer, paid, delivered, method and total', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('*/api/v1/orders', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(listOf(orders, 5));
      }),
    );
    renderList();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'طلب رقم #7' });
    expect(requests[0].searchParams.get('limit')).toBe('5');
    expect(requests[0].searchParams.get('page')).toBe('1');
    expect(within(first).getByRole('link', { name: 'طلب رقم #7' })).toHaveAttribute('href', '/admin/orders/order-1');
    expect(within(first).getByText(orders[0].user.name)).toBeInTheDocument();
    expect(within(first).getByText(orders[0].user.email)).toBeInTheDocument();
    expect(within(first).getByText('لم يتم الدفع')).toBeInTheDocument();
    expect(within(first).getByText('لم يتم التوصيل')).toBeInTheDocument();
    expect(within(first).getByText(/الدفع عند الاستلام/)).toBeInTheDocument();
    // The total, and here also the one line's total.
    expect(within(first).getAllByText(new RegExp(formatEGP(23998))).length).toBeGreaterThan(0);
    const second = screen.getByRole('article', { name: 'طلب رقم #8' });
    // The state badges (the card's timeline names the same steps, with their times).
    expect(within(second).getByText('تم الدفع', { selector: '.badge' })).toBeInTheDocument();
    expect(within(second).getByText('تم التوصيل', { selector: '.badge' })).toBeInTheDocument();
    expect(within(second).getByText(/بطاقة ائتمانية/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).toBeNull();
  });

  it('shows the pager from 2 pages on and loads the chosen page', async () => {
    const many: Order[] = Array.from({ length: 7 }, (_, i) => ({ ...orders[0], _id: `o-${i}`, id: 100 + i }));
    server.use(
      http.get('*/api/v1/orders', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(listOf(many, 5, page));
      }),
    );
    const { user } = renderList();
    await screen.findByRole('article', { name: 'طلب رقم #100' });
    await user.click(within(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).getByText('2'));
    expect(await screen.findByRole('article', { name: 'طلب رقم #106' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'طلب رقم #100' })).toBeNull();
  });

  it('counts the orders, and says "more than" when the server stopped counting at its cap', async () => {
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json(listOf(orders, 5))));
    const first = renderList();
    expect(await screen.findByText(`عدد الطلبات: ${orders.length}`)).toBeInTheDocument();
    first.unmount();
    server.use(
      http.get('*/api/v1/orders', () =>
        HttpResponse.json({
          ...listOf(orders, 5),
          results: 1000,
          resultsCapped: true,
          paginationResult: { currentPage: 1, limit: 5, numberOfPages: 200, nextPage: 2 },
        }),
      ),
    );
    renderList();
    expect(await screen.findByText('عدد الطلبات: أكثر من 1000')).toBeInTheDocument();
  });

  it('says there are no orders yet', async () => {
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json(listOf([]))));
    renderList();
    expect(await screen.findByText('لا يوجد طلبات حتى الان')).toBeInTheDocument();
  });

  it('shows the failure text when the orders cannot be loaded, and loads them again on retry', async () => {
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }));
    const { user } = renderList();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('article', { name: 'طلب رقم #7' })).toBeInTheDocument();
  });
});

describe('admin: order details', () => {
  const renderDetails = (id = 'order-1') =>
    renderWithProviders(<AdminOrderDetailsPage />, { path: '/admin/orders/:id', route: `/admin/orders/${id}` });

  it('shows the items (image linking to the product, title, rating, count, quantity, colour) and the customer', async () => {
    renderDetails();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'تفاصيل الطلب رقم #7' })).toBeInTheDocument();
    const item = orders[0].cartItems[0];
    expect(screen.getByRole('link', { name: item.product.title })).toHaveAttribute('href', '/products/prod-1');
    expect(screen.getByText(item.product.title, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'التقييم 4.5 من 5' })).toBeInTheDocument();
    expect(screen.getByText('(تقييمان)')).toBeInTheDocument();
    expect(screen.getByText('الكمية: 2')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'اللون أسود' })).toBeInTheDocument();
    expect(screen.getByText(orders[0].user.name)).toBeInTheDocument();
    // The customer's phone (the fixture's delivery phone is the same number).
    expect(screen.getAllByText('01012345678').length).toBeGreaterThan(0);
    expect(screen.getByText(orders[0].user.email)).toBeInTheDocument();
  });

  it('shows the failure text for an unknown order', async () => {
    renderDetails('nope');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  describe.each([
    { change: 'pay', label: 'حالة الدفع', success: 'تم تغيير حالة الدفع بنجاح' },
    { change: 'deliver', label: 'حالة التوصيل', success: 'تم تغيير حالة التوصيل بنجاح' },
  ])('$label', ({ change, label, success }) => {
    function watchCalls(status = 200) {
      const calls: string[] = [];
      let gets = 0;
      server.use(
        http.put(`*/api/v1/orders/:id/${change}`, ({ params }) => {
          calls.push(String(params.id));
          return HttpResponse.json({ status: 'Success', data: orders[0] }, { status });
        }),
        http.get('*/api/v1/orders/:id', () => {
          gets += 1;
          return HttpResponse.json({ data: orders[0] });
        }),
      );
      return { calls, gets: () => gets };
    }

    it('starts on the current state "no", offers only "yes", and saves nothing until "yes" is chosen', async () => {
      const { calls } = watchCalls();
      const { user } = renderDetails();
      const select = await screen.findByLabelText(label);
      expect(select).toHaveValue('false');
      expect(select).toBeEnabled();
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['لا', 'نعم']);
      expect(within(select).getByRole('option', { name: 'لا' })).toBeDisabled();
      const save = screen.getByRole('button', { name: `حفظ ${label}` });
      expect(save).toBeDisabled();
      await user.selectOptions(select, 'true');
      expect(save).toBeEnabled();
      expect(calls).toEqual([]);
    });

    it('shows an order already changed as "yes", with the select and its save button disabled', async () => {
      server.use(
        http.get('*/api/v1/orders/:id', () =>
          HttpResponse.json({ data: { ...orders[0], isPaid: true, isDelivered: true } }),
        ),
      );
      renderDetails();
      const select = await screen.findByLabelText(label);
      expect(select).toHaveValue('true');
      expect(select).toBeDisabled();
      expect(screen.getByRole('button', { name: `حفظ ${label}` })).toBeDisabled();
    });

    it('cannot say "changed" twice: after a success the save button is disabled until the order is fetched again', async () => {
      const watch = watchCalls();
      const { user } = renderDetails();
      await user.selectOptions(await screen.findByLabelText(label), 'true');
      const save = screen.getByRole('button', { name: `حفظ ${label}` });
      await user.click(save);
      expect(await screen.findByText(success)).toBeInTheDocument();
      expect(save).toBeDisabled();
      expect(screen.getByLabelText(label)).toBeDisabled();
      await user.click(save);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getAllByText(success)).toHaveLength(1);
      expect(watch.calls).toEqual(['order-1']);
    });

    it(`calls ${change} for "yes", says so, and fetches the order again after 1 s`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const watch = watchCalls();
      const { user } = renderDetails();
      await user.selectOptions(await screen.findByLabelText(label), 'true');
      await user.click(screen.getByRole('button', { name: `حفظ ${label}` }));
      expect(await screen.findByText(success)).toBeInTheDocument();
      expect(watch.calls).toEqual(['order-1']);
      expect(watch.gets()).toBe(1);
      act(() => vi.advanceTimersByTime(900));
      expect(watch.gets()).toBe(1);
      act(() => vi.advanceTimersByTime(150));
      await waitFor(() => expect(watch.gets()).toBe(2));
    });

    it('reports a failed change', async () => {
      const watch = watchCalls(403);
      const { user } = renderDetails();
      await user.selectOptions(await screen.findByLabelText(label), 'true');
      await user.click(screen.getByRole('button', { name: `حفظ ${label}` }));
      expect(await screen.findByText('هناك مشكلة في عملية التغيير')).toBeInTheDocument();
      expect(watch.calls).toEqual(['order-1']);
    });
  });
});

describe('admin: refund of an order paid online', () => {
  /** order-2: paid by card and delivered, not refunded. */
  const paid = orders[1];
  const renderPaid = () =>
    renderWithProviders(<AdminOrderDetailsPage />, { path: '/admin/orders/:id', route: `/admin/orders/${paid._id}` });
  const refunded: Order = {
    ...paid,
    isCancelled: true,
    cancelledAt: '2026-05-02T10:00:00.000Z',
    isRefunded: true,
    refundedAt: '2026-05-02T10:00:00.000Z',
    statusHistory: [
      { status: 'placed', at: paid.createdAt },
      { status: 'paid', at: paid.createdAt },
      { status: 'delivered', at: paid.createdAt },
      { status: 'cancelled', at: '2026-05-02T10:00:00.000Z' },
      { status: 'refunded', at: '2026-05-02T10:00:00.000Z' },
    ],
  };
  function watchRefunds(answer: () => Response) {
    const calls: string[] = [];
    server.use(
      http.post('*/api/v1/orders/:id/refund', ({ params }) => {
        calls.push(String(params.id));
        return answer();
      }),
    );
    return calls;
  }

  it('is offered for a paid online order that is not refunded', async () => {
    renderPaid();
    expect(await screen.findByRole('button', { name: 'استرداد المبلغ' })).toBeVisible();
  });

  it.each([
    ['a cash order', orders[0]],
    ['a cash order marked paid', { ...orders[0], isPaid: true }],
    ['an unpaid card order', { ...paid, isPaid: false }],
    ['a refunded order', refunded],
    ['a cancelled order', { ...paid, isCancelled: true }],
  ])('is not offered for %s', async (_case, order) => {
    server.use(http.get('*/api/v1/orders/:id', () => HttpResponse.json({ data: order })));
    renderPaid();
    await screen.findByRole('heading', { name: new RegExp(`تفاصيل الطلب رقم #${order.id}`) });
    expect(screen.queryByRole('button', { name: 'استرداد المبلغ' })).toBeNull();
  });

  it('asks first, saying the amount; "تراجع" refunds nothing', async () => {
    const calls = watchRefunds(() => HttpResponse.json({ status: 'success', data: refunded }));
    const { user } = renderPaid();
    await user.click(await screen.findByRole('button', { name: 'استرداد المبلغ' }));
    const dialog = await screen.findByRole('dialog', { name: `استرداد مبلغ الطلب رقم #${paid.id}؟` });
    expect(
      within(dialog).getByText(new RegExp(formatEGP(paid.totalOrderPrice).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it('confirmed: refunds once, says so, and shows the order refunded and cancelled with the button gone', async () => {
    const calls = watchRefunds(() => HttpResponse.json({ status: 'success', data: refunded }));
    const { user } = renderPaid();
    await user.click(await screen.findByRole('button', { name: 'استرداد المبلغ' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'استرداد المبلغ' }));
    expect(await screen.findByText('تم استرداد المبلغ وإلغاء الطلب')).toBeInTheDocument();
    expect(calls).toEqual([paid._id]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'استرداد المبلغ' })).toBeNull());
    expect(screen.getByText('تم استرداد المبلغ', { selector: '.badge' })).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'مراحل الطلب' })).getByText('تم استرداد المبلغ')).toBeVisible();
    expect(screen.getByText(/تم استرداد مبلغ هذا الطلب وإلغاؤه/)).toBeVisible();
  });

  it.each([
    [
      502,
      'The payment provider refused the refund',
      'رفضت شركة الدفع استرداد المبلغ، راجع العملية في لوحة تحكم شركة الدفع',
    ],
    [503, 'The payment provider is unavailable, please try again', 'شركة الدفع غير متاحة الآن، حاول مرة أخرى بعد قليل'],
    [409, 'This order has already been refunded', 'تم استرداد مبلغ هذا الطلب من قبل'],
    [
      409,
      'Paymob cannot refund a kiosk payment',
      'لا يمكن استرداد دفعة تمت في منفذ دفع (كشك) إلكترونياً، رد المبلغ للعميل بطريقة أخرى',
    ],
  ])('a %i "%s" is said in Arabic', async (status, message, arabic) => {
    watchRefunds(() => HttpResponse.json({ status: status >= 500 ? 'error' : 'fail', message }, { status }));
    const { user } = renderPaid();
    await user.click(await screen.findByRole('button', { name: 'استرداد المبلغ' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'استرداد المبلغ' }));
    expect(await screen.findByText(arabic)).toBeInTheDocument();
  });
});
