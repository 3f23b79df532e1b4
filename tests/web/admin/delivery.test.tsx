import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ShippingZone } from '../../../src/api/admin/delivery';
import AdminDeliveryPage from '../../../src/pages/admin/AdminDeliveryPage';
import { deliveryAdminHandlers, governorates, zones } from '../mocks/handlers/deliveryAdmin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';

beforeEach(() => {
  server.use(...deliveryAdminHandlers);
});

const renderPage = (route = '/admin/delivery') =>
  renderWithProviders(<AdminDeliveryPage />, { path: '/admin/delivery', route });

/** Records the bodies sent to one zone route and answers with the zones list `after` on the next GET. */
function watchZoneWrites(method: 'post' | 'put' | 'delete', after: ShippingZone[], status = 200) {
  const sent: Array<{ id?: string; body: unknown }> = [];
  let current = zones;
  const path = method === 'post' ? '*/api/v1/delivery/zones' : '*/api/v1/delivery/zones/:id';
  server.use(
    http[method](path, async ({ request, params }) => {
      const body = method === 'delete' ? null : await request.json();
      sent.push({ id: params.id as string | undefined, body });
      if (status >= 400)
        return HttpResponse.json({ status: 'fail', message: 'A zone with this name already exists' }, { status });
      current = after;
      return method === 'delete'
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json(
            { data: { _id: 'zone-x', ...(body as object) } },
            { status: method === 'post' ? 201 : 200 },
          );
    }),
    http.get('*/api/v1/delivery/zones', () => HttpResponse.json({ results: current.length, data: current })),
  );
  return sent;
}

describe('admin: shipping zones', () => {
  it('lists each zone with its fee, free shipping, cash on delivery and its governorates by Arabic name', async () => {
    renderPage();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const cairo = await screen.findByRole('article', { name: 'القاهرة الكبرى' });
    const facts = (card: HTMLElement) =>
      [...card.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts(cairo)).toEqual([
      'رسوم الشحن: 45 جنيه',
      'شحن مجاني من: 1,500 جنيه',
      'الدفع عند الاستلام: متاح',
      'رسوم الدفع عند الاستلام: رسوم المتجر',
      'المحافظات (3): القاهرة، الجيزة، القليوبية',
    ]);
    const south = screen.getByRole('article', { name: 'الصعيد' });
    expect(facts(south)).toEqual([
      'رسوم الشحن: 85.50 جنيه',
      'شحن مجاني من: لا يوجد',
      'الدفع عند الاستلام: غير متاح',
      'المحافظات (5): أسيوط، سوهاج، قنا، الأقصر، أسوان',
    ]);
    expect(within(south).getByRole('button', { name: 'تعديل منطقة الصعيد' })).toBeInTheDocument();
    expect(within(south).getByRole('button', { name: 'حذف منطقة الصعيد' })).toBeInTheDocument();
    // The other 19 governorates pay the default fee.
    expect(screen.getByText('محافظات خارج المناطق (19):')).toBeInTheDocument();
  });

  it('adds a zone: governorates of another zone say where they are and move when chosen', async () => {
    const added: ShippingZone = {
      _id: 'zone-3',
      name: 'الدلتا',
      fee: 60,
      freeShippingFrom: null,
      cashOnDelivery: true,
      cashFee: 15,
      governorates: ['EG-GZ', 'EG-DK'],
    };
    const sent = watchZoneWrites('post', [{ ...zones[0], governorates: ['EG-C', 'EG-KB'] }, zones[1], added]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'اضافة منطقة شحن' }));
    const dialog = await screen.findByRole('dialog', { name: 'اضافة منطقة شحن' });
    await user.type(within(dialog).getByLabelText('اسم المنطقة'), 'الدلتا');
    await user.type(within(dialog).getByLabelText('رسوم الشحن (جنيه)'), '٦٠');
    await user.type(within(dialog).getByLabelText('رسوم الدفع عند الاستلام (جنيه)'), '15');
    const giza = within(dialog).getByRole('checkbox', { name: /^الجيزة/ });
    expect(giza.closest('.form-check')).toHaveTextContent('الجيزةفي القاهرة الكبرى');
    await user.click(giza);
    expect(giza.closest('.form-check')).toHaveTextContent('الجيزةستنتقل من القاهرة الكبرى');
    await user.click(within(dialog).getByRole('checkbox', { name: 'الدقهلية' }));
    const list = within(dialog).getByRole('group', { name: 'المحافظات (2)' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(27);
    await user.click(within(dialog).getByRole('button', { name: 'اضافة المنطقة' }));

    expect(await screen.findByText('تمت اضافة منطقة الشحن بنجاح')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: undefined,
        body: {
          name: 'الدلتا',
          fee: 60,
          freeShippingFrom: null,
          cashOnDelivery: true,
          cashFee: 15,
          // In the shop's order.
          governorates: ['EG-GZ', 'EG-DK'],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'الدلتا' })).toHaveTextContent('المحافظات (2)الجيزة، الدقهلية');
    expect(screen.getByRole('article', { name: 'القاهرة الكبرى' })).toHaveTextContent(
      'المحافظات (2)القاهرة، القليوبية',
    );
  });

  it('edits a zone from its current values', async () => {
    const sent = watchZoneWrites('put', [{ ...zones[0], fee: 50 }, zones[1]]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'تعديل منطقة القاهرة الكبرى' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل منطقة القاهرة الكبرى' });
    expect(within(dialog).getByLabelText('اسم المنطقة')).toHaveValue('القاهرة الكبرى');
    expect(within(dialog).getByLabelText('شحن مجاني للطلبات من (جنيه)')).toHaveValue('1500');
    expect(within(dialog).getByRole('checkbox', { name: 'القاهرة' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^أسوان/ })).not.toBeChecked();
    const fee = within(dialog).getByLabelText('رسوم الشحن (جنيه)');
    await user.clear(fee);
    await user.type(fee, '50');
    await user.clear(within(dialog).getByLabelText('شحن مجاني للطلبات من (جنيه)'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'الدفع عند الاستلام متاح' }));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم حفظ منطقة الشحن بنجاح')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: 'zone-1',
        body: {
          name: 'القاهرة الكبرى',
          fee: 50,
          freeShippingFrom: null,
          cashOnDelivery: false,
          cashFee: null,
          governorates: ['EG-C', 'EG-GZ', 'EG-KB'],
        },
      },
    ]);
  });

  it("says what is missing before sending, and the server's refusal in Arabic", async () => {
    const sent = watchZoneWrites('post', zones, 400);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'اضافة منطقة شحن' }));
    const dialog = await screen.findByRole('dialog', { name: 'اضافة منطقة شحن' });
    await user.click(within(dialog).getByRole('button', { name: 'اضافة المنطقة' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('من فضلك ادخل اسم المنطقة');
    await user.type(within(dialog).getByLabelText('اسم المنطقة'), 'الصعيد');
    await user.type(within(dialog).getByLabelText('رسوم الشحن (جنيه)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'اضافة المنطقة' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('رسوم الشحن يجب ان تكون رقما لا يقل عن 0');
    await user.clear(within(dialog).getByLabelText('رسوم الشحن (جنيه)'));
    await user.type(within(dialog).getByLabelText('رسوم الشحن (جنيه)'), '70');
    await user.type(within(dialog).getByLabelText('شحن مجاني للطلبات من (جنيه)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'اضافة المنطقة' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'حد الشحن المجاني يجب ان يكون اكبر من 0، او اتركه فارغا',
    );
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('شحن مجاني للطلبات من (جنيه)'));
    await user.click(within(dialog).getByRole('button', { name: 'اضافة المنطقة' }));
    expect(await within(dialog).findByText('توجد منطقة شحن بهذا الاسم، اختر اسما اخر')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    // The form keeps what was typed.
    expect(within(dialog).getByLabelText('اسم المنطقة')).toHaveValue('الصعيد');
  });

  it('deletes a zone only after confirmation', async () => {
    const sent = watchZoneWrites('delete', [zones[0]]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'حذف منطقة الصعيد' }));
    let dialog = await screen.findByRole('dialog', { name: 'تأكيد الحذف' });
    expect(dialog).toHaveTextContent('هل انت متأكد من حذف منطقة الصعيد؟');
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'حذف منطقة الصعيد' }));
    dialog = await screen.findByRole('dialog', { name: 'تأكيد الحذف' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('تم حذف منطقة الشحن')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'zone-2', body: null }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'الصعيد' })).toBeNull());
  });

  it('shows the failure text when the zones cannot be loaded, and loads them again on retry', async () => {
    server.use(
      http.get('*/api/v1/delivery/zones', () => HttpResponse.json({ message: 'x' }, { status: 500 }), { once: true }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('article', { name: 'القاهرة الكبرى' })).toBeInTheDocument();
  });
});

describe('admin: governorates', () => {
  it('lists the 27 governorates with their names, code and zone', async () => {
    renderPage('/admin/delivery?tab=governorates');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(27);
    expect(rows[1]).toHaveTextContent(/^الجيزةGizaEG-GZالقاهرة الكبرىتعديل$/);
    expect(rows[2]).toHaveTextContent(/^الإسكندريةAlexandriaEG-ALXبدون منطقةتعديل$/);
  });

  it('renames a governorate (Arabic and English names; the code stays)', async () => {
    const sent: Array<{ code: unknown; body: unknown }> = [];
    server.use(
      http.patch('*/api/v1/delivery/governorates/:code', async ({ params, request }) => {
        const body = await request.json();
        sent.push({ code: params.code, body });
        return HttpResponse.json({ data: { code: params.code, ...(body as object) } });
      }),
    );
    const { user } = renderPage('/admin/delivery?tab=governorates');
    await user.click(await screen.findByRole('button', { name: 'تعديل اسم الجيزة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل اسم الجيزة' });
    expect(within(dialog).getByLabelText('الكود')).toHaveValue('EG-GZ');
    expect(within(dialog).getByLabelText('الكود')).toHaveAttribute('readonly');
    const name = within(dialog).getByLabelText('الاسم بالعربية');
    await user.clear(name);
    await user.type(name, 'محافظة الجيزة');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الاسم' }));
    expect(await screen.findByText('تم تعديل اسم المحافظة بنجاح')).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'EG-GZ', body: { name: 'محافظة الجيزة', nameEn: 'Giza' } }]);
  });

  it('adds a governorate split off another, checking its code first', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/delivery/governorates', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return HttpResponse.json({ data: body }, { status: 201 });
      }),
    );
    const { user } = renderPage('/admin/delivery?tab=governorates');
    const form = await screen.findByRole('form', { name: 'اضافة محافظة' });
    await user.type(within(form).getByLabelText('الاسم بالعربية'), 'العاصمة الإدارية');
    await user.type(within(form).getByLabelText('الاسم بالانجليزية'), 'New Capital');
    await user.click(within(form).getByRole('button', { name: 'اضافة المحافظة' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('الكود يبدأ بـ EG- ثم من 1 الى 4 حروف انجليزية كبيرة');
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('الكود'), 'nc');
    await user.click(within(form).getByRole('button', { name: 'اضافة المحافظة' }));
    expect(await screen.findByText('تمت اضافة المحافظة بنجاح')).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'EG-NC', name: 'العاصمة الإدارية', nameEn: 'New Capital' }]);
    expect(within(form).getByLabelText('الكود')).toHaveValue('EG-');
  });

  it('shows a refused governorate in Arabic', async () => {
    server.use(
      http.post('*/api/v1/delivery/governorates', () =>
        HttpResponse.json({ status: 'fail', message: 'Invalid governorate' }, { status: 400 }),
      ),
    );
    const { user } = renderPage('/admin/delivery?tab=governorates');
    const form = await screen.findByRole('form', { name: 'اضافة محافظة' });
    await user.type(within(form).getByLabelText('الكود'), 'X');
    await user.type(within(form).getByLabelText('الاسم بالعربية'), 'س');
    await user.type(within(form).getByLabelText('الاسم بالانجليزية'), 'X');
    await user.click(within(form).getByRole('button', { name: 'اضافة المحافظة' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('المحافظة المختارة غير موجودة');
    expect(governorates).toHaveLength(27);
  });
});
