import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '../../../src/api/types';
import OrderCard from '../../../src/components/OrderCard';
import { formatDateTime } from '../../../common/format';
import AdminAllOrdersPage from '../../../src/pages/admin/AdminAllOrdersPage';
import AdminOrderDetailsPage from '../../../src/pages/admin/AdminOrderDetailsPage';
import UserOrderDetailsPage from '../../../src/pages/user/UserOrderDetailsPage';
import { customer, listOf, products } from '../mocks/fixtures';
import { adminHandlers, orders as adminOrders } from '../mocks/handlers/admin';
import { makeOrder, myOrders } from '../mocks/handlers/orders';
import { server } from '../mocks/server';
import { renderApp, renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';

const renderOrder = (id: string) =>
  renderWithProviders(<UserOrderDetailsPage />, { path: '/user/orders/:id', route: `/user/orders/${id}` });

/** Serves `order` as the customer's order (GET /orders/:id). */
const serve = (order: Order) =>
  server.use(http.get(`*/api/v1/orders/${order._id}`, () => HttpResponse.json({ data: order })));

beforeEach(() => storeSession(customer));

describe('order page', () => {
  it('shows number, date and time, status, address, payment method, every line, subtotal, coupon saving, total and the timeline', async () => {
    const order = makeOrder(21, {
      cartItems: [
        { _id: 'l1', count: 2, color: '#000000', price: 11999, product: { ...makeOrder(1).cartItems[0].product } },
        {
          _id: 'l2',
          count: 1,
          color: '',
          price: 99.5,
          product: {
            _id: products[1]._id,
            title: products[1].title,
            imageCover: products[1].imageCover,
            ratingsAverage: 0,
            ratingsQuantity: 0,
          },
        },
      ],
      coupon: 'SALE10',
      totalOrderPrice: 21687.75,
      statusHistory: [{ status: 'placed', at: '2024-03-28T10:15:00.000Z' }],
    });
    serve(order);
    renderOrder(order._id);
    expect(screen.getByRole('status')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'طلب رقم #21' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('قيد التنفيذ');
    expect(screen.getByText(/تاريخ الطلب/)).toHaveTextContent(formatDateTime(order.createdAt));
    expect(formatDateTime(order.createdAt)).toMatch(/2024.*\d{1,2}:15/);

    // The delivery address, whole.
    const address = screen.getByRole('heading', { name: 'عنوان التوصيل' }).closest('.card') as HTMLElement;
    for (const text of ['المنزل', 'مدينة نصر، شارع عباس العقاد 12', 'القاهرة', '01012345678', '11765'])
      expect(within(address).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'طريقة الدفع' }).closest('.card')).toHaveTextContent(
      'الدفع عند الاستلام',
    );

    // Each line: image, title linking to the product, colour, count, unit price and line total.
    const first = screen.getByRole('listitem', { name: products[0].title });
    expect(first.querySelector('img')).toHaveAttribute('src', products[0].imageCover);
    expect(within(first).getByRole('link', { name: products[0].title })).toHaveAttribute(
      'href',
      `/products/${products[0]._id}`,
    );
    expect(within(first).getByRole('img', { name: 'اللون أسود' })).toBeInTheDocument();
    expect(first).toHaveTextContent('الكمية: 2');
    expect(first).toHaveTextContent('سعر القطعة: 11,999 جنيه');
    expect(within(first).getByTestId('line-total')).toHaveTextContent('23,998 جنيه');
    const second = screen.getByRole('listitem', { name: products[1].title });
    expect(second).toHaveTextContent('سعر القطعة: 99.50 جنيه');
    expect(within(second).getByTestId('line-total')).toHaveTextContent('99.50 جنيه');
    expect(within(second).queryByRole('img', { name: /اللون/ })).toBeNull();

    // Subtotal, the coupon with its name and what it saved, and the total.
    const summary = screen.getByText('المجموع الفرعي').closest('dl') as HTMLElement;
    expect(within(summary).getByText('المجموع الفرعي').nextSibling).toHaveTextContent('24,097.50 جنيه');
    expect(within(summary).getByText('SALE10')).toBeInTheDocument();
    expect(within(summary).getByText('- 2,409.75 جنيه')).toBeInTheDocument();
    expect(within(summary).getByText('الاجمالي').nextSibling).toHaveTextContent('21,687.75 جنيه');

    // The timeline: placed with its time, the steps ahead muted.
    const steps = within(screen.getByRole('list', { name: 'مراحل الطلب' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      `تم تقديم الطلب${formatDateTime(order.createdAt)}`,
      'تم الدفعلم يتم بعد',
      'تم التوصيللم يتم بعد',
    ]);
    expect(steps[1]).toHaveClass('order-timeline__step--ahead');
    expect(screen.getByRole('button', { name: 'الغاء الطلب' })).toBeEnabled();
  });

  it('a cash order to Giza, confirmed and shipped: its fees, the VAT it includes, the governorate, the courier and tracking', async () => {
    const order = makeOrder(22, {
      shippingAddress: {
        alias: 'العمل',
        details: 'شارع التحرير 5',
        phone: '01198765432',
        city: 'الدقي',
        postalCode: '',
        governorate: 'EG-GZ',
        governorateName: 'الجيزة',
      },
      shippingPrice: 50,
      cashFee: 10,
      totalOrderPrice: 24058,
      taxPrice: 2954.49,
      isConfirmed: true,
      confirmedAt: '2024-03-28T11:00:00.000Z',
      isShipped: true,
      shippedAt: '2024-03-29T09:30:00.000Z',
      shipment: { courier: 'بوسطة', trackingNumber: 'BST-889123', trackingUrl: 'https://bosta.co/tracking/889123' },
      statusHistory: [
        { status: 'placed', at: '2024-03-28T10:15:00.000Z' },
        { status: 'confirmed', at: '2024-03-28T11:00:00.000Z' },
        { status: 'shipped', at: '2024-03-29T09:30:00.000Z' },
      ],
    });
    serve(order);
    renderOrder(order._id);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('تم الشحن');

    const summary = screen.getByText('المجموع الفرعي').closest('dl') as HTMLElement;
    expect(within(summary).getByText('المجموع الفرعي').nextSibling).toHaveTextContent('23,998 جنيه');
    expect(within(summary).queryByText(/كوبون الخصم/)).toBeNull();
    expect(within(summary).getByTestId('order-shipping')).toHaveTextContent('50 جنيه');
    expect(within(summary).getByTestId('order-cash-fee')).toHaveTextContent('10 جنيه');
    expect(within(summary).getByText('الاجمالي').nextSibling).toHaveTextContent('24,058 جنيه');
    expect(within(summary).getByText('منها ضريبة القيمة المضافة').nextSibling).toHaveTextContent('2,954.49 جنيه');

    const address = screen.getByRole('heading', { name: 'عنوان التوصيل' }).closest('.card') as HTMLElement;
    expect(within(address).getByText('الدقي، الجيزة')).toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: 'مراحل الطلب' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.textContent)).toEqual([
      'تم تقديم الطلب',
      'تم تأكيد الطلب',
      'تم الشحن',
      'تم الدفع',
      'تم التوصيل',
    ]);
    expect(steps[1]).toHaveTextContent(formatDateTime('2024-03-28T11:00:00.000Z'));
    expect(steps[2]).toHaveTextContent('شركة الشحن: بوسطة');
    expect(steps[2]).toHaveTextContent('رقم التتبع: BST-889123');
    const tracking = within(steps[2]).getByRole('link', { name: 'تتبع الشحنة' });
    expect(tracking).toHaveAttribute('href', 'https://bosta.co/tracking/889123');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking).toHaveAttribute('rel', 'noopener noreferrer');
    expect(steps[3]).toHaveClass('order-timeline__step--ahead');
    // Shipped: too late to cancel.
    expect(screen.queryByRole('button', { name: 'الغاء الطلب' })).toBeNull();
    expect(screen.getByRole('link', { name: 'الفاتورة' })).toHaveAttribute('href', '/user/orders/my-order-22/invoice');
  });

  it('a new cash order from a server with delivery steps: confirmation and shipping ahead, free shipping said', async () => {
    const order = makeOrder(23, {
      cashFee: 0,
      isConfirmed: false,
      isShipped: false,
      statusHistory: [{ status: 'placed', at: '2024-03-28T10:15:00.000Z' }],
    });
    serve(order);
    renderOrder(order._id);
    const timeline = await screen.findByRole('list', { name: 'مراحل الطلب' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.firstChild?.textContent),
    ).toEqual(['تم تقديم الطلب', 'تم تأكيد الطلب', 'تم الشحن', 'تم الدفع', 'تم التوصيل']);
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('شحن مجاني');
    expect(screen.queryByTestId('order-cash-fee')).toBeNull();
    expect(screen.queryByText('منها ضريبة القيمة المضافة')).toBeNull();
    expect(screen.getByRole('button', { name: 'الغاء الطلب' })).toBeEnabled();
  });

  it('a paid and delivered order: the whole history with times, no cancel button', async () => {
    const order = makeOrder(16, {
      paymentMethodType: 'card',
      isPaid: true,
      paidAt: '2024-03-28T10:15:00.000Z',
      isDelivered: true,
      deliveredAt: '2024-03-30T08:05:00.000Z',
    });
    serve(order);
    renderOrder(order._id);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('تم التوصيل');
    expect(screen.getByRole('heading', { name: 'طريقة الدفع' }).closest('.card')).toHaveTextContent('بطاقة ائتمانية');
    const timeline = screen.getByRole('list', { name: 'مراحل الطلب' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((s) => s.firstChild?.textContent),
    ).toEqual(['تم تقديم الطلب', 'تم الدفع', 'تم التوصيل']);
    expect(within(timeline).getByText(formatDateTime(order.deliveredAt))).toBeInTheDocument();
    expect(within(timeline).queryByText('لم يتم بعد')).toBeNull();
    expect(screen.queryByRole('button', { name: 'الغاء الطلب' })).toBeNull();
  });

  it('cancels after confirmation: one PUT, says so, shows it cancelled; going back in the dialog sends nothing', async () => {
    const seen = recordRequests();
    const { user } = renderOrder('my-order-17');
    await user.click(await screen.findByRole('button', { name: 'الغاء الطلب' }));
    let dialog = await screen.findByRole('dialog', { name: 'الغاء طلب رقم #17؟' });
    await user.click(within(dialog).getByRole('button', { name: 'رجوع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(count(seen, 'PUT', '/orders/my-order-17/cancel')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'الغاء الطلب' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'الغاء الطلب' }));
    expect(await screen.findByText('تم الغاء طلبك بنجاح')).toBeInTheDocument();
    expect(count(seen, 'PUT', '/orders/my-order-17/cancel')).toBe(1);
    expect(screen.getByTestId('order-status')).toHaveTextContent('ملغي');
    const timeline = screen.getByRole('list', { name: 'مراحل الطلب' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((s) => s.firstChild?.textContent),
    ).toEqual(['تم تقديم الطلب', 'تم الغاء الطلب']);
    expect(within(timeline).getByText(formatDateTime('2024-03-28T12:00:00.000Z'))).toBeInTheDocument();
    // Neither the page's button nor the dialog's, once the dialog has finished closing.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'الغاء الطلب' })).toBeNull());
  });

  it('a refused cancel (paid meanwhile, 409) says so and shows the order as it is now', async () => {
    let paid = false;
    server.use(
      http.put('*/api/v1/orders/:id/cancel', () => {
        paid = true;
        return HttpResponse.json({ status: 'fail', message: 'This order can no longer be cancelled' }, { status: 409 });
      }),
      http.get('*/api/v1/orders/my-order-17', () =>
        HttpResponse.json({
          data: paid ? { ...myOrders[0], isPaid: true, paidAt: '2024-03-28T11:00:00.000Z' } : myOrders[0],
        }),
      ),
    );
    const { user } = renderOrder('my-order-17');
    await user.click(await screen.findByRole('button', { name: 'الغاء الطلب' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'الغاء الطلب' }));
    expect(await screen.findByText('لم يعد من الممكن الغاء هذا الطلب')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('تم الدفع'));
    expect(screen.queryByRole('button', { name: 'الغاء الطلب' })).toBeNull();
  });

  it('offers no cancel against the original backend, which has no such call', async () => {
    vi.stubEnv('VITE_API_FLAVOR', 'original');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    renderOrder('my-order-17');
    expect(await screen.findByRole('list', { name: 'مراحل الطلب' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'الغاء الطلب' })).toBeNull();
  });

  it('someone else’s or an unknown order: the Arabic not-found page', async () => {
    renderOrder('their-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'هذا الطلب غير موجود' })).toBeInTheDocument();
    expect(screen.getByText('ربما تغير الرابط او ان الطلب ليس من طلباتك.')).toBeInTheDocument();
  });

  it('a failed load offers a retry', async () => {
    server.use(
      http.get('*/api/v1/orders/:id', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderOrder('my-order-17');
    await user.click(await screen.findByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'طلب رقم #17' })).toBeInTheDocument();
  });

  it('is reached from its card on the orders page (lazy route under /user)', async () => {
    const { user, router } = renderApp('/user/allorders');
    const card = await screen.findByRole('article', { name: 'طلب رقم #17' });
    await user.click(within(card).getByRole('link', { name: 'طلب رقم #17' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'طلب رقم #17' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/orders/my-order-17');
  });
});

describe('cancelled orders are marked', () => {
  const cancelled = (order: Order): Order => ({ ...order, isCancelled: true, cancelledAt: '2024-03-28T12:00:00.000Z' });

  it('on the order card', () => {
    renderWithProviders(<OrderCard order={cancelled(myOrders[0])} to="/user/orders/my-order-17" />);
    expect(within(screen.getByRole('article')).getByText('ملغي')).toBeInTheDocument();
  });

  it('not on an order that is not cancelled', () => {
    renderWithProviders(<OrderCard order={myOrders[0]} />);
    expect(screen.queryByText('ملغي')).toBeNull();
  });

  it('in the admin list and detail page, which then offers no pay/deliver controls', async () => {
    server.use(...adminHandlers);
    const order = cancelled(adminOrders[0]);
    server.use(
      http.get('*/api/v1/orders', () => HttpResponse.json(listOf([order]))),
      http.get(`*/api/v1/orders/${order._id}`, () => HttpResponse.json({ data: order })),
    );
    const list = renderWithProviders(<AdminAllOrdersPage />, { path: '/admin/allorders' });
    expect(within(await screen.findByRole('article')).getByText('ملغي')).toBeInTheDocument();
    list.unmount();

    renderWithProviders(<AdminOrderDetailsPage />, { path: '/admin/orders/:id', route: `/admin/orders/${order._id}` });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('ملغي');
    expect(screen.getByText('هذا الطلب ملغي من العميل، لا يمكن تغيير حالة الدفع او التوصيل.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /حفظ/ })).toBeNull();
  });
});

describe('order page of a refunded order', () => {
  it('says the money was given back, and its timeline ends with the cancellation and the refund, in Arabic', async () => {
    const at = '2024-04-02T12:30:00.000Z';
    const order = makeOrder(31, {
      paymentMethodType: 'card',
      isPaid: true,
      paidAt: '2024-03-28T10:15:00.000Z',
      isCancelled: true,
      cancelledAt: at,
      isRefunded: true,
      refundedAt: at,
      totalOrderPrice: 300,
      statusHistory: [
        { status: 'placed', at: '2024-03-28T10:15:00.000Z' },
        { status: 'paid', at: '2024-03-28T10:15:00.000Z' },
        { status: 'cancelled', at },
        { status: 'refunded', at },
      ],
    });
    serve(order);
    renderOrder(order._id);
    expect(await screen.findByRole('heading', { level: 1, name: 'طلب رقم #31' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('تم استرداد المبلغ');
    expect(screen.getByTestId('refund-notice')).toHaveTextContent(/رددنا المبلغ المدفوع كاملاً/);
    const steps = within(screen.getByRole('list', { name: 'مراحل الطلب' })).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'تم تقديم الطلب',
      'تم الدفع',
      'تم الغاء الطلب',
      'تم استرداد المبلغ',
    ]);
    expect(steps[3]).toHaveTextContent(formatDateTime(at));
    // Nothing is ahead of a cancelled order, and it cannot be cancelled again.
    expect(screen.queryByText('لم يتم بعد')).toBeNull();
    expect(screen.queryByRole('button', { name: 'الغاء الطلب' })).toBeNull();
  });
});
