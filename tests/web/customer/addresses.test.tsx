import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import UserAddAddressPage from '../../../src/pages/user/UserAddAddressPage';
import UserAddressesPage from '../../../src/pages/user/UserAddressesPage';
import UserEditAddressPage from '../../../src/pages/user/UserEditAddressPage';
import { customer } from '../mocks/fixtures';
import { addresses } from '../mocks/handlers/addresses';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';

beforeEach(() => storeSession(customer));
afterEach(() => vi.useRealTimers());

describe('addresses page', () => {
  const renderList = () => renderWithProviders(<UserAddressesPage />, { path: '/user/addresses' });

  it('shows each address with alias, city and governorate, details, phone and an edit link, and an add button', async () => {
    renderList();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'المنزل' });
    expect(within(card).getByTestId('address-place')).toHaveTextContent('مدينة نصر، القاهرة');
    expect(within(card).getByText(addresses[0].details)).toBeInTheDocument();
    expect(within(card).getByText(addresses[0].phone)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'تعديل المنزل' })).toHaveAttribute(
      'href',
      '/user/edit-address/addr-1',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'اضافة عنوان جديد' })).toHaveAttribute('href', '/user/add-address');
  });

  it('shows an empty state', async () => {
    server.use(
      http.get('*/api/v1/addresses', () => HttpResponse.json({ status: 'success', results: 0, data: [] }), {
        once: true,
      }),
    );
    renderList();
    expect(await screen.findByText('لا توجد عناوين محفوظة حتى الان')).toBeInTheDocument();
  });

  it('shows the load error with a retry that loads the addresses again', async () => {
    server.use(
      http.get('*/api/v1/addresses', () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderList();
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('listitem', { name: 'المنزل' })).toBeInTheDocument();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const seen = recordRequests();
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'حذف العمل' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('تأكيد الحذف')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes after confirmation and re-fetches the list', async () => {
    let deleted = false;
    server.use(
      http.delete('*/api/v1/addresses/:id', () => {
        deleted = true;
        return HttpResponse.json({ status: 'success', data: [addresses[0]] });
      }),
      http.get('*/api/v1/addresses', () =>
        HttpResponse.json({ status: 'success', data: deleted ? [addresses[0]] : addresses }),
      ),
    );
    const seen = recordRequests();
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'حذف العمل' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('تم حذف العنوان بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'العمل' })).not.toBeInTheDocument());
    expect(count(seen, 'DELETE', '/addresses/addr-2')).toBe(1);
    expect(count(seen, 'GET', '/addresses')).toBe(2);
  });

  it.each([
    [400, 'فشل في عملية الحذف'],
    [500, FAILURE_TEXTS.server],
  ])('says so when deleting fails (%i)', async (status, text) => {
    server.use(
      http.delete('*/api/v1/addresses/:id', () => HttpResponse.json({ status: 'fail', message: 'x' }, { status })),
    );
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'حذف العمل' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'العمل' })).toBeInTheDocument();
  });
});

describe('add address', () => {
  const renderAdd = () => renderWithProviders(<UserAddAddressPage />, { path: '/user/add-address' });

  async function fill(
    user: ReturnType<typeof renderAdd>['user'],
    values: { alias?: string; governorate?: string; city?: string; details?: string; phone?: string },
  ) {
    if (values.alias) await user.type(screen.getByLabelText('تسمية العنوان'), values.alias);
    if (values.governorate) {
      await screen.findByRole('option', { name: values.governorate });
      await user.selectOptions(screen.getByLabelText('المحافظة'), values.governorate);
    }
    if (values.city) await user.type(screen.getByLabelText('المدينة / المنطقة'), values.city);
    if (values.details) await user.type(screen.getByLabelText('العنوان بالتفصيل'), values.details);
    if (values.phone) await user.type(screen.getByLabelText('رقم الهاتف'), values.phone);
    await user.click(screen.getByRole('button', { name: 'اضافة عنوان' }));
  }

  it('requires alias, details and phone', async () => {
    const seen = recordRequests();
    const { user } = renderAdd();
    await fill(user, { alias: 'المنزل', governorate: 'القاهرة', details: 'شارع مصطفى النحاس' });
    expect(await screen.findByText('من فضلك اكمل البيانات')).toBeInTheDocument();
    expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it("offers Egypt's 27 governorates by their Arabic names, and requires one", async () => {
    const seen = recordRequests();
    const { user } = renderAdd();
    const select = await screen.findByLabelText('المحافظة');
    await screen.findByRole('option', { name: 'أسوان' });
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(28);
    expect(options.slice(0, 4).map((o) => o.textContent)).toEqual(['اختر المحافظة', 'القاهرة', 'الجيزة', 'الإسكندرية']);
    await fill(user, { alias: 'المنزل', details: 'شارع مصطفى النحاس', phone: '01012345678' });
    expect(await screen.findByText('من فضلك اختر المحافظة')).toBeInTheDocument();
    expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(count(seen, 'GET', '/delivery/governorates')).toBe(1);
  });

  it('without governorates (a backend that has none) shows no select and sends none', async () => {
    server.use(http.get('*/api/v1/delivery/governorates', () => HttpResponse.json({}, { status: 404 })));
    const seen = recordRequests();
    const { user } = renderAdd();
    await waitFor(() => expect(count(seen, 'GET', '/delivery/governorates')).toBe(1));
    await fill(user, { alias: 'البيت', city: 'سموحة', details: 'شارع فوزي معاذ', phone: '01012345678' });
    expect(await screen.findByText('تم اضافة العنوان بنجاح')).toBeInTheDocument();
    expect(screen.queryByLabelText('المحافظة')).not.toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      alias: 'البيت',
      details: 'شارع فوزي معاذ',
      phone: '01012345678',
      city: 'سموحة',
      postalCode: '',
    });
  });

  it('requires an 11-digit Egyptian mobile number', async () => {
    const seen = recordRequests();
    const { user } = renderAdd();
    await fill(user, { alias: 'المنزل', governorate: 'القاهرة', details: 'شارع مصطفى النحاس', phone: '0101234567' });
    expect(await screen.findByText('رقم الهاتف يجب ان يكون 11 رقم لهاتف محمول مصري')).toBeInTheDocument();
    expect(seen.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('adds the address with its governorate and city (Arabic digits accepted) and goes to the list after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = recordRequests();
    const { user, router } = renderAdd();
    await fill(user, {
      alias: 'البيت',
      governorate: 'الإسكندرية',
      city: ' سموحة ',
      details: 'شارع فوزي معاذ 3',
      phone: '٠١٠١٢٣٤٥٦٧٨',
    });
    expect(await screen.findByText('تم اضافة العنوان بنجاح')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      alias: 'البيت',
      details: 'شارع فوزي معاذ 3',
      phone: '01012345678',
      city: 'سموحة',
      governorate: 'EG-ALX',
      postalCode: '',
    });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(router.state.location.pathname).toBe('/user/add-address');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/user/addresses');
  });

  it('reports a failed add and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post('*/api/v1/addresses', () =>
        HttpResponse.json({ errors: [{ msg: 'accept only egypt phone numbers', path: 'phone' }] }, { status: 400 }),
      ),
    );
    const { user, router } = renderAdd();
    await fill(user, { alias: 'البيت', governorate: 'الإسكندرية', details: 'سموحة', phone: '01012345678' });
    expect(await screen.findByText('هناك مشكلة في عملية الاضافة')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(router.state.location.pathname).toBe('/user/add-address');
  });

  it("words the server's refusal of a too long city in Arabic, with the form's own limit, and stays", async () => {
    server.use(
      http.post('*/api/v1/addresses', () =>
        HttpResponse.json(
          { errors: [{ type: 'field', msg: 'Too long city', path: 'city', param: 'city', location: 'body' }] },
          { status: 400 },
        ),
      ),
    );
    const { user, router } = renderAdd();
    await fill(user, { alias: 'البيت', governorate: 'الإسكندرية', details: 'سموحة', phone: '01012345678' });
    expect(await screen.findByText('اسم المدينة او المنطقة طويل جدا (الحد الاقصى 50 حرفا)')).toBeVisible();
    expect(screen.queryByText('هناك مشكلة في عملية الاضافة')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/add-address');
  });

  it('says why when the city contradicts the chosen governorate (the server names both), and stays', async () => {
    const reason = 'المدينة «الدقي» في محافظة الجيزة وليست في محافظة القاهرة، راجع المحافظة أو المدينة';
    server.use(
      http.post('*/api/v1/addresses', () =>
        HttpResponse.json(
          {
            errors: [
              {
                type: 'field',
                msg: reason,
                path: 'governorate',
                location: 'body',
                code: 'governorate_contradicts_city',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user, router } = renderAdd();
    await fill(user, {
      alias: 'البيت',
      governorate: 'القاهرة',
      city: 'الدقي',
      details: 'شارع التحرير',
      phone: '01012345678',
    });
    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByText('هناك مشكلة في عملية الاضافة')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/add-address');
  });

  it.each([
    ['the network is down', () => HttpResponse.error(), FAILURE_TEXTS.offline],
    [
      'the server fails',
      () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }),
      FAILURE_TEXTS.server,
    ],
  ])('says what happened when %s (not a problem with the address), and its retry adds it', async (_, fail, text) => {
    let calls = 0;
    server.use(
      http.post('*/api/v1/addresses', () => {
        calls += 1;
        return calls === 1 ? fail() : HttpResponse.json({ status: 'success', data: [] }, { status: 200 });
      }),
    );
    const { user } = renderAdd();
    await fill(user, { alias: 'البيت', governorate: 'الإسكندرية', details: 'سموحة', phone: '01012345678' });
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.queryByText('هناك مشكلة في عملية الاضافة')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حاول مرة أخرى' }));
    expect(await screen.findByText('تم اضافة العنوان بنجاح')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('edit address', () => {
  const renderEdit = (id = 'addr-1') =>
    renderWithProviders(<UserEditAddressPage />, { path: '/user/edit-address/:id', route: `/user/edit-address/${id}` });

  it('fills the form (its governorate chosen), saves the change and goes to the list after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = recordRequests();
    const { user, router } = renderEdit();
    const alias = await screen.findByLabelText('تسمية العنوان');
    expect(alias).toHaveValue('المنزل');
    expect(screen.getByLabelText('العنوان بالتفصيل')).toHaveValue(addresses[0].details);
    expect(screen.getByLabelText('رقم الهاتف')).toHaveValue(addresses[0].phone);
    expect(screen.getByLabelText('المدينة / المنطقة')).toHaveValue('مدينة نصر');
    await waitFor(() => expect(screen.getByLabelText('المحافظة')).toHaveValue('EG-C'));
    await user.selectOptions(screen.getByLabelText('المحافظة'), 'الجيزة');
    await user.clear(alias);
    await user.type(alias, 'الشقة');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم تعديل العنوان بنجاح')).toBeInTheDocument();
    const put = seen.find((r) => r.method === 'PUT');
    expect(put?.path).toBe('/addresses/addr-1');
    expect(put?.body).toEqual({
      alias: 'الشقة',
      details: addresses[0].details,
      phone: addresses[0].phone,
      city: 'مدينة نصر',
      governorate: 'EG-GZ',
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/user/addresses');
  });

  it.each([
    [
      'refused (400)',
      () => HttpResponse.json({ status: 'fail', message: 'x' }, { status: 400 }),
      'فشل في عملية التعديل',
    ],
    [
      'failing on the server (500)',
      () => HttpResponse.json({ status: 'error', message: 'x' }, { status: 500 }),
      FAILURE_TEXTS.server,
    ],
    ['unreachable', () => HttpResponse.error(), FAILURE_TEXTS.offline],
    [
      'gone (404)',
      () => HttpResponse.json({ status: 'fail', message: 'x' }, { status: 404 }),
      'هذا العنوان غير موجود، ربما حُذف',
    ],
  ])('reports a failed edit as what happened: %s', async (_, fail, text) => {
    server.use(http.put('*/api/v1/addresses/:id', fail));
    const { user } = renderEdit();
    await screen.findByDisplayValue('المنزل');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText(text)).toBeVisible();
  });

  it('checks the fields like the add form', async () => {
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText('العنوان بالتفصيل'));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('من فضلك اكمل البيانات')).toBeInTheDocument();
  });

  it('says when the address cannot be loaded, and why', async () => {
    renderEdit('missing');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'تعذر تحميل هذا العنوان: هذا العنوان غير موجود، ربما حُذف',
    );
    expect(screen.getByRole('link', { name: 'العودة الى العناوين' })).toHaveAttribute('href', '/user/addresses');
  });

  it('says the connection failed when the address cannot be loaded offline', async () => {
    server.use(http.get('*/api/v1/addresses/:id', () => HttpResponse.error()));
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent(`تعذر تحميل هذا العنوان: ${FAILURE_TEXTS.offline}`);
  });
});
