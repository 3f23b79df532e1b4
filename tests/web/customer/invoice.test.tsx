import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '../../../src/api/types';
import { formatDate } from '../../../common/format';
import { customer, products } from '../mocks/fixtures';
import { makeOrder } from '../mocks/handlers/orders';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';

/** A cash order to Giza: two lines, the coupon SALE10, shipping 50, the cash fee 10, VAT 14 % included. */
const gizaOrder = makeOrder(31, {
  _id: 'my-order-31',
  cartItems: [
    { ...makeOrder(1).cartItems[0], _id: 'l1', count: 2, price: 11999 },
    {
      _id: 'l2',
      count: 1,
      color: '',
      price: 450,
      product: {
        _id: products[1]._id,
        title: products[1].title,
        imageCover: '',
        ratingsAverage: 0,
        ratingsQuantity: 0,
      },
    },
  ],
  coupon: 'SALE10',
  shippingAddress: {
    alias: 'العمل',
    details: 'شارع التحرير 5',
    phone: '01198765432',
    city: 'الدقي',
    postalCode: '',
    governorate: 'EG-GZ',
    governorateName: 'الجيزة',
  },
  // Items 24,448 less 10 % = 22,003.20; + 50 shipping + 10 cash fee.
  totalOrderPrice: 22063.2,
  shippingPrice: 50,
  cashFee: 10,
  taxPrice: 2709.52,
});

const serve = (order: Order) =>
  server.use(http.get(`*/api/v1/orders/${order._id}`, () => HttpResponse.json({ data: order })));

beforeEach(() => storeSession(customer));

describe('invoice page', () => {
  it('is reached from the order page by its "الفاتورة" link, on a page of its own', async () => {
    serve(gizaOrder);
    const { user, router } = renderApp(`/user/orders/${gizaOrder._id}`);
    // The first lazy pages of the whole app take a while to compile on a busy machine.
    const slow = { timeout: 20_000 };
    await user.click(await screen.findByRole('link', { name: 'الفاتورة' }, slow));
    expect(await screen.findByRole('heading', { level: 1, name: 'فاتورة' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/orders/my-order-31/invoice');
    // No shop bars: printing it prints the invoice alone.
    expect(screen.queryByRole('navigation', { name: 'حسابي' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة الى الطلب' })).toHaveAttribute('href', '/user/orders/my-order-31');
  });

  it('shows the shop, the invoice number and date, the customer, the address with its governorate, the lines and every total', async () => {
    serve(gizaOrder);
    renderApp(`/user/orders/${gizaOrder._id}/invoice`);
    const invoice = await screen.findByTestId('invoice');
    await waitFor(() => expect(invoice).toHaveTextContent('متجر النيل للإلكترونيات'));
    expect(invoice).toHaveTextContent('15 شارع طلعت حرب، وسط البلد، القاهرة');
    expect(invoice).toHaveTextContent('الرقم الضريبي: 512-345-678');
    expect(within(invoice).getByTestId('invoice-number')).toHaveTextContent('31');
    expect(invoice).toHaveTextContent(`التاريخ: ${formatDate(gizaOrder.createdAt)}`);
    expect(invoice).toHaveTextContent(customer.name);
    const address = within(invoice).getByRole('heading', { name: 'عنوان التوصيل' }).parentElement!;
    expect(address).toHaveTextContent('الدقي، الجيزة');
    expect(address).toHaveTextContent('شارع التحرير 5');
    expect(address).toHaveTextContent('01198765432');

    const rows = within(invoice).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((c) => c.textContent))).toEqual([
      ['المنتج', 'الكمية', 'سعر الوحدة', 'الاجمالي'],
      [`${products[0].title} (أسود)`, '2', '11,999 جنيه', '23,998 جنيه'],
      [products[1].title, '1', '450 جنيه', '450 جنيه'],
    ]);
    const total = (label: string) => within(invoice).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(total('المجموع الفرعي')).toHaveTextContent('24,448 جنيه');
    expect(total('الخصم (كوبون SALE10)')).toHaveTextContent('- 2,444.80 جنيه');
    expect(total('الشحن')).toHaveTextContent('50 جنيه');
    expect(total('رسوم الدفع عند الاستلام')).toHaveTextContent('10 جنيه');
    expect(total('الاجمالي')).toHaveTextContent('22,063.20 جنيه');
    expect(total('شامل ضريبة القيمة المضافة')).toHaveTextContent('2,709.52 جنيه');
    expect(invoice).toHaveTextContent('طريقة الدفع: الدفع عند الاستلام');
    expect(within(invoice).getByTestId('invoice-payment-state')).toHaveTextContent(
      'حالة الدفع: غير مدفوع بعد، يدفع عند الاستلام',
    );
  });

  it('a paid card order with free shipping: no cash fee, shipping free, paid with its date', async () => {
    const order = makeOrder(32, {
      _id: 'my-order-32',
      paymentMethodType: 'card',
      isPaid: true,
      paidAt: '2024-03-28T10:20:00.000Z',
      shippingPrice: 0,
      cashFee: 0,
      taxPrice: 2947.12,
    });
    serve(order);
    renderApp(`/user/orders/${order._id}/invoice`);
    const invoice = await screen.findByTestId('invoice');
    expect(within(invoice).getByTestId('invoice-shipping')).toHaveTextContent('مجاني');
    expect(within(invoice).queryByTestId('invoice-cash-fee')).not.toBeInTheDocument();
    expect(within(invoice).queryByTestId('invoice-discount')).not.toBeInTheDocument();
    expect(within(invoice).getByTestId('invoice-vat')).toHaveTextContent('2,947.12 جنيه');
    expect(invoice).toHaveTextContent('طريقة الدفع: بطاقة ائتمانية');
    expect(within(invoice).getByTestId('invoice-payment-state')).toHaveTextContent('حالة الدفع: مدفوع في');
  });

  it('prints with the button, on A4 or an 80 mm receipt', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    serve(gizaOrder);
    const { user } = renderApp(`/user/orders/${gizaOrder._id}/invoice`);
    const invoice = await screen.findByTestId('invoice');
    expect(invoice).toHaveClass('invoice--a4');
    await user.click(screen.getByRole('radio', { name: 'إيصال 80 مم' }));
    expect(invoice).toHaveClass('invoice--receipt');
    await user.click(screen.getByRole('button', { name: 'طباعة / حفظ PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('a shop not registered for VAT: the invoice says nothing of VAT', async () => {
    const order = makeOrder(33, { _id: 'my-order-33', taxPrice: 0 });
    serve(order);
    renderApp(`/user/orders/${order._id}/invoice`);
    const invoice = await screen.findByTestId('invoice');
    expect(invoice).not.toHaveTextContent('ضريبة القيمة المضافة');
  });

  it("says so for an order that is not the customer's", async () => {
    renderApp('/user/orders/someone-elses/invoice');
    expect(await screen.findByRole('heading', { name: 'هذا الطلب غير موجود' })).toBeInTheDocument();
    expect(screen.queryByTestId('invoice')).not.toBeInTheDocument();
  });

  it('sends a visitor to log in', async () => {
    localStorage.clear();
    const { router } = renderApp(`/user/orders/${gizaOrder._id}/invoice`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
