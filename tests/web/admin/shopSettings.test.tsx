import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AdminShopSettingsPage from '../../../src/pages/admin/AdminShopSettingsPage';
import { deliveryAdminHandlers, shopSettings } from '../mocks/handlers/deliveryAdmin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';

beforeEach(() => {
  server.use(...deliveryAdminHandlers);
});

const renderPage = () => renderWithProviders(<AdminShopSettingsPage />, { path: '/admin/settings' });

function watchSaves(answer?: { status: number; message: string }) {
  const sent: unknown[] = [];
  server.use(
    http.put('*/api/v1/shop/settings', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      if (answer) return HttpResponse.json({ status: 'fail', message: answer.message }, { status: answer.status });
      return HttpResponse.json({ data: { ...shopSettings, ...(body as object) } });
    }),
  );
  return sent;
}

describe('admin: shop settings', () => {
  it('shows every setting as the server has it', async () => {
    renderPage();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByLabelText('اسم المتجر')).toHaveValue('متجر النيل');
    expect(screen.getByLabelText('عنوان المتجر')).toHaveValue('12 شارع التحرير، الدقي، الجيزة');
    expect(screen.getByLabelText('رقم التسجيل الضريبي')).toHaveValue('123-456-789');
    expect(screen.getByLabelText('نسبة ضريبة القيمة المضافة (%)')).toHaveValue('14');
    expect(screen.getByLabelText('رسوم الشحن الافتراضية (جنيه)')).toHaveValue('60');
    expect(screen.getByRole('checkbox', { name: 'الدفع عند الاستلام متاح في المتجر' })).toBeChecked();
    expect(screen.getByLabelText('رسوم الدفع عند الاستلام (جنيه)')).toHaveValue('10');
    expect(screen.getByLabelText('الحد الاقصى لاجمالي طلب الدفع عند الاستلام (جنيه)')).toHaveValue('5000');
    expect(screen.getByLabelText('بريد فريق المتجر لتنبيهات الطلبات')).toHaveValue('orders@nile.example.eg');
    expect(screen.getByLabelText('حد المخزون المنخفض')).toHaveValue('5');
  });

  it('saves them all (Arabic-Indic digits accepted, an empty cash limit is no limit) and says so', async () => {
    const sent = watchSaves();
    const { user } = renderPage();
    const vat = await screen.findByLabelText('نسبة ضريبة القيمة المضافة (%)');
    await user.clear(vat);
    await user.type(vat, '٠');
    await user.clear(screen.getByLabelText('الحد الاقصى لاجمالي طلب الدفع عند الاستلام (جنيه)'));
    await user.click(screen.getByRole('checkbox', { name: 'الدفع عند الاستلام متاح في المتجر' }));
    await user.clear(screen.getByLabelText('بريد فريق المتجر لتنبيهات الطلبات'));
    await user.click(screen.getByRole('button', { name: 'حفظ الاعدادات' }));
    expect(await screen.findByText('تم حفظ اعدادات المتجر بنجاح')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        ...shopSettings,
        vatRate: 0,
        cashOnDelivery: false,
        cashMaxTotal: null,
        staffEmail: '',
      },
    ]);
    expect(screen.getByLabelText('الحد الاقصى لاجمالي طلب الدفع عند الاستلام (جنيه)')).toHaveValue('');
  });

  it.each([
    ['نسبة ضريبة القيمة المضافة (%)', '114', 'نسبة ضريبة القيمة المضافة يجب ان تكون بين 0 و 100'],
    ['رسوم الشحن الافتراضية (جنيه)', 'abc', 'رسوم الشحن الافتراضية يجب ان تكون رقما لا يقل عن 0'],
    ['بريد فريق المتجر لتنبيهات الطلبات', 'orders', 'البريد الالكتروني لفريق المتجر غير صحيح'],
    ['حد المخزون المنخفض', '2.5', 'حد المخزون المنخفض يجب ان يكون عددا صحيحا لا يقل عن 0'],
  ])('refuses %s = %s before sending', async (label, value, message) => {
    const sent = watchSaves();
    const { user } = renderPage();
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
    await user.click(screen.getByRole('button', { name: 'حفظ الاعدادات' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(sent).toEqual([]);
  });

  it('shows a refusal of the server in Arabic', async () => {
    watchSaves({ status: 403, message: 'You are not allowed to perform this action' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'حفظ الاعدادات' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('غير مسموح لك بهذه العملية');
  });

  it('shows the failure text when the settings cannot be loaded, and loads them again on retry', async () => {
    server.use(
      http.get('*/api/v1/shop/settings', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByLabelText('اسم المتجر')).toHaveValue('متجر النيل');
  });
});
