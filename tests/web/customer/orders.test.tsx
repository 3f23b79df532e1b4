import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '../../../src/api/types';
import OrderCard from '../../../src/components/OrderCard';
import { formatDate } from '../../../common/format';
import UserAllOrdersPage from '../../../src/pages/user/UserAllOrdersPage';
import { customer, listOf, products } from '../mocks/fixtures';
import { makeOrder, myOrders } from '../mocks/handlers/orders';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { recordRequests } from './helpers';

const renderOrders = () => renderWithProviders(<UserAllOrdersPage />, { path: '/user/allorders' });

describe('OrderCard', () => {
  it('shows number, date, items, total, paid/delivered state and payment method', () => {
    renderWithProviders(<OrderCard order={myOrders[0]} />);
    const card = screen.getByRole('article', { name: 'طلب رقم #17' });
    expect(within(card).getByText(formatDate(myOrders[0].createdAt))).toBeInTheDocument();
    const image = within(card).getByRole('img', { name: products[0].title });
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(within(card).getByRole('link', { name: products[0].title })).toHaveAttribute('href', '/products/prod-1');
    expect(within(card).getByText('الكمية: 2')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'اللون أسود' })).toHaveAttribute('title', 'أسود');
    expect(within(card).getByText('لم يتم الدفع')).toBeInTheDocument();
    expect(within(card).getByText('لم يتم التوصيل')).toBeInTheDocument();
    expect(within(card).getByText('طريقة الدفع: الدفع عند الاستلام')).toBeInTheDocument();
    expect(within(card).getByText('الاجمالي: 23,998 جنيه')).toBeInTheDocument();
    expect(within(card).queryByText(customer.email)).not.toBeInTheDocument();
  });

  it('links the whole card and shows the customer for the admin list', () => {
    renderWithProviders(<OrderCard order={myOrders[1]} to="/admin/orders/my-order-16" showCustomer />);
    const card = screen.getByRole('article', { name: 'طلب رقم #16' });
    expect(within(card).getByRole('link', { name: 'طلب رقم #16' })).toHaveAttribute(
      'href',
      '/admin/orders/my-order-16',
    );
    // One link per card: item titles are plain text inside a linked card.
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(within(card).getByText(customer.name)).toBeInTheDocument();
    expect(within(card).getByText(customer.email)).toBeInTheDocument();
    expect(within(card).getByText('تم الدفع')).toBeInTheDocument();
    expect(within(card).getByText('تم التوصيل')).toBeInTheDocument();
    expect(within(card).getByText('طريقة الدفع: بطاقة ائتمانية')).toBeInTheDocument();
  });
});

describe('my orders page', () => {
  it('loads 5 per page and shows the count and the cards', async () => {
    storeSession(customer);
    const seen = recordRequests();
    renderOrders();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('عدد الطلبات 2')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(new URLSearchParams(seen[0].search).get('limit')).toBe('5');
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).not.toBeInTheDocument();
  });

  it('pages through 2 or more pages', async () => {
    storeSession(customer);
    const many: Order[] = Array.from({ length: 7 }, (_, i) => makeOrder(i + 1));
    server.use(
      http.get('*/api/v1/orders', ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json(
          listOf(many, Number(url.searchParams.get('limit')), Number(url.searchParams.get('page'))),
        );
      }),
    );
    const { user } = renderOrders();
    expect(await screen.findByText('عدد الطلبات 7')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: /الصفحة 2/ }));
    expect(await screen.findByRole('article', { name: 'طلب رقم #6' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says there are no orders yet', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json(listOf([]))));
    renderOrders();
    expect(await screen.findByText('لا يوجد طلبات حتى الان')).toBeInTheDocument();
    expect(screen.getByText('عدد الطلبات 0')).toBeInTheDocument();
  });

  it('shows the load error with a retry that loads the orders again', async () => {
    storeSession(customer);
    server.use(
      http.get('*/api/v1/orders', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderOrders();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText(/^عدد الطلبات \d+$/)).toBeInTheDocument();
    expect(screen.queryByText('تعذر تحميل البيانات')).not.toBeInTheDocument();
  });
});
