import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AdminAllOrdersPage from '../../../src/pages/admin/AdminAllOrdersPage';
import AdminAllProductsPage from '../../../src/pages/admin/AdminAllProductsPage';
import AdminBrandsPage from '../../../src/pages/admin/AdminBrandsPage';
import AdminCategoriesPage from '../../../src/pages/admin/AdminCategoriesPage';
import AdminDashboardPage from '../../../src/pages/admin/AdminDashboardPage';
import AdminOrderDetailsPage from '../../../src/pages/admin/AdminOrderDetailsPage';
import CouponCard from '../../../src/features/coupon/admin/CouponCard';
import { formatEGP } from '../../../common/format';
import { brands, categories, listOf, products } from '../mocks/fixtures';
import { adminHandlers, coupons, orders } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';

beforeEach(() => {
  server.use(...adminHandlers);
});

describe('admin dashboard', () => {
  it("shows today's, 7 and 30 days' figures, waiting orders and stock linking to their filtered lists, best sellers", async () => {
    renderWithProviders(<AdminDashboardPage />, { path: '/admin' });
    const today = await screen.findByRole('region', { name: 'اليوم' });
    expect(today).toHaveTextContent('1 طلب');
    expect(today).toHaveTextContent(formatEGP(23998));
    expect(screen.getByRole('region', { name: 'اخر 30 يوما' })).toHaveTextContent(formatEGP(52500.5));
    expect(screen.getByRole('link', { name: /تنتظر الدفع\s*4/ })).toHaveAttribute(
      'href',
      '/admin/allorders?isPaid=false&isCancelled=false',
    );
    expect(screen.getByRole('link', { name: /تنتظر التوصيل\s*2/ })).toHaveAttribute(
      'href',
      '/admin/allorders?isDelivered=false&isCancelled=false',
    );
    expect(screen.getByRole('link', { name: /نفدت من المخزون\s*3/ })).toHaveAttribute(
      'href',
      '/admin/allproducts?stock=out',
    );
    expect(screen.getByRole('link', { name: /قاربت على النفاد.*6/ })).toHaveAttribute(
      'href',
      '/admin/allproducts?stock=low',
    );
    expect(screen.getByRole('link', { name: products[0].title })).toHaveAttribute(
      'href',
      `/admin/editproduct/${products[0]._id}`,
    );
    expect(screen.getByText('12 قطعة')).toBeInTheDocument();
  });

  it('draws the 30 days as an accessible SVG with the same figures as a table', async () => {
    renderWithProviders(<AdminDashboardPage />, { path: '/admin' });
    const chart = await screen.findByRole('img', { name: /رسم بياني لقيمة المبيعات اليومية في اخر 30 يوما/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    // Newest first in the table: today's order and its sales.
    expect(rows[0]).toHaveTextContent('20 مايو');
    expect(rows[0]).toHaveTextContent(formatEGP(23998));
  });
});

describe('admin orders: search, filters and what a courier needs', () => {
  it('sends search and filters to the server, and starts from the filters in the address', async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/orders', ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json(listOf(orders, 5));
      }),
    );
    const { user } = renderWithProviders(<AdminAllOrdersPage />, {
      path: '/admin/allorders',
      route: '/admin/allorders?isDelivered=false',
    });
    await screen.findByRole('article', { name: 'طلب رقم #7' });
    expect(requests[0].get('isDelivered')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'التوصيل' })).toHaveValue('false');

    const search = screen.getByRole('searchbox');
    await user.type(search, '01012345678{Enter}');
    await waitFor(() => expect(requests.at(-1)?.get('search')).toBe('01012345678'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'طريقة الدفع' }), 'card');
    await waitFor(() => expect(requests.at(-1)?.get('paymentMethodType')).toBe('card'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'الدفع' }), 'true');
    await waitFor(() => expect(requests.at(-1)?.get('isPaid')).toBe('true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'الالغاء' }), 'true');
    await waitFor(() => expect(requests.at(-1)?.get('isCancelled')).toBe('true'));
    expect(requests.at(-1)?.get('search')).toBe('01012345678');
    expect(requests.at(-1)?.get('page')).toBe('1');
  });

  it('each card shows the delivery address with its alias, unit price and line total, the coupon and what it saved, and a cancelled state', async () => {
    const order = {
      ...orders[0],
      shippingAddress: {
        alias: 'البيت',
        details: 'شارع النيل 5',
        city: 'الجيزة',
        phone: '01198765432',
        postalCode: '',
      },
      coupon: 'SALE10',
      totalOrderPrice: 21598.2,
      isCancelled: true,
      cancelledAt: '2030-05-21T10:00:00.000Z',
      statusHistory: [
        { status: 'placed' as const, at: orders[0].createdAt },
        { status: 'cancelled' as const, at: '2030-05-21T10:00:00.000Z' },
      ],
    };
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json(listOf([order], 5))));
    renderWithProviders(<AdminAllOrdersPage />, { path: '/admin/allorders' });
    const card = await screen.findByRole('article', { name: 'طلب رقم #7' });
    expect(card).toHaveTextContent('البيت: شارع النيل 5، الجيزة');
    expect(within(card).getByRole('link', { name: '01198765432' })).toHaveAttribute('href', 'tel:01198765432');
    expect(card).toHaveTextContent(`سعر القطعة: ${formatEGP(11999)}`);
    expect(card).toHaveTextContent(formatEGP(23998));
    // 2 × 11,999 = 23,998; charged 21,598.20: the coupon saved 2,399.80.
    expect(card).toHaveTextContent(`SALE10 (وفر ${formatEGP(2399.8)})`);
    expect(within(card).getByText('ملغي')).toBeInTheDocument();
    // The steps so far, oldest first, each with its time.
    const steps = within(within(card).getByRole('list', { name: 'مراحل الطلب' })).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.textContent)).toEqual(['تم تقديم الطلب', 'تم الغاء الطلب']);
    expect(steps[1].querySelector('time')).toHaveAttribute('datetime', '2030-05-21T10:00:00.000Z');
  });

  it('an order without an address or the newer fields still shows; the detail page adds the timeline', async () => {
    renderWithProviders(<AdminOrderDetailsPage />, { path: '/admin/orders/:id', route: '/admin/orders/order-2' });
    await screen.findByRole('heading', { name: 'عنوان التوصيل' });
    expect(screen.getByText('لا يوجد عنوان توصيل لهذا الطلب')).toBeInTheDocument();
    const timeline = screen.getByRole('heading', { name: 'مراحل الطلب' }).nextElementSibling as HTMLElement;
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['تم تقديم الطلب', 'تم الدفع', 'تم التوصيل']);
    expect(screen.queryByText('ملغي')).not.toBeInTheDocument();
  });
});

describe('admin products: filters and stock in place', () => {
  it('filters by stock from the address and by category, brand, search and sort', async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json(listOf(products, 10));
      }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, {
      path: '/admin/allproducts',
      route: '/admin/allproducts?stock=low',
    });
    await screen.findAllByRole('article');
    expect(requests[0].get('quantity[gte]')).toBe('1');
    expect(requests[0].get('quantity[lte]')).toBe('5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'المخزون' }), 'out');
    await waitFor(() => expect(requests.at(-1)?.get('quantity')).toBe('0'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'التصنيف' }), categories[1]._id);
    await waitFor(() => expect(requests.at(-1)?.get('category')).toBe(categories[1]._id));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'الماركة' }), brands[1]._id);
    await waitFor(() => expect(requests.at(-1)?.get('brand')).toBe(brands[1]._id));
    await user.selectOptions(screen.getByRole('combobox', { name: 'الترتيب' }), 'quantity');
    await waitFor(() => expect(requests.at(-1)?.get('sort')).toBe('quantity'));
    await user.type(screen.getByRole('searchbox', { name: 'بحث باسم المنتج' }), 'هاتف{Enter}');
    await waitFor(() => expect(requests.at(-1)?.get('keyword')).toBe('هاتف'));
    expect(requests.at(-1)?.get('quantity')).toBe('0');
  });

  it('saves a new stock with PUT {quantity}, keeps the card in step, and shows a refusal', async () => {
    const sent: unknown[] = [];
    let refuse = false;
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json(listOf([products[0]], 10))),
      http.put('*/api/v1/products/:id', async ({ request }) => {
        const body = (await request.json()) as { quantity: number };
        sent.push(body);
        if (refuse)
          return HttpResponse.json(
            { errors: [{ msg: 'Product quantity must be a non-negative integer', path: 'quantity' }] },
            { status: 400 },
          );
        return HttpResponse.json({ data: { ...products[0], quantity: body.quantity } });
      }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    const stock = await screen.findByRole('textbox', { name: 'المخزون' });
    await user.clear(stock);
    await user.type(stock, '٣');
    await user.click(screen.getByRole('button', { name: `حفظ مخزون ${products[0].title}` }));
    expect(await screen.findByRole('status')).toHaveTextContent('تم حفظ الكمية');
    expect(sent).toEqual([{ quantity: 3 }]);
    expect(stock).toHaveValue('3');
    expect(screen.getByText('قارب على النفاد')).toBeInTheDocument();

    refuse = true;
    await user.clear(stock);
    await user.type(stock, '7');
    await user.click(screen.getByRole('button', { name: `حفظ مخزون ${products[0].title}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('الكمية المتاحة يجب ان تكون عددا صحيحا لا يقل عن 0');

    await user.clear(stock);
    await user.type(stock, '-2');
    await user.click(screen.getByRole('button', { name: `حفظ مخزون ${products[0].title}` }));
    expect(sent).toHaveLength(2);
  });
});

describe('catalogue lists', () => {
  it('asks for product counts; the brand confirmation says its products stay without a brand', async () => {
    const requests: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/brands', ({ request }) => {
        requests.push(new URL(request.url).searchParams);
        return HttpResponse.json(listOf(brands.map((b, i) => ({ ...b, productCount: i + 2 }))));
      }),
    );
    const { user } = renderWithProviders(<AdminBrandsPage />, { path: '/admin/brands' });
    const card = await screen.findByRole('article', { name: `الماركة ${brands[0].name}` });
    expect(requests[0].get('withCounts')).toBe('1');
    expect(within(card).getByRole('link', { name: 'عدد المنتجات: 2' })).toHaveAttribute(
      'href',
      `/admin/allproducts?brand=${brands[0]._id}`,
    );
    await user.click(within(card).getByRole('button', { name: `حذف ${brands[0].name}` }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('ستبقى منتجاتها (2) في المتجر بدون ماركة');
  });

  it('a category that still has products: the dialog says why it cannot be deleted and offers no delete', async () => {
    let deletes = 0;
    server.use(
      http.get('*/api/v1/categories', () => HttpResponse.json(listOf([{ ...categories[0], productCount: 4 }]))),
      http.delete('*/api/v1/categories/:id', () => {
        deletes += 1;
        return HttpResponse.json({ status: 'fail', message: 'Category still has products' }, { status: 409 });
      }),
    );
    const { user } = renderWithProviders(<AdminCategoriesPage />, { path: '/admin/categories' });
    await user.click(await screen.findByRole('button', { name: `حذف ${categories[0].name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('لا يمكن حذفه الان لانه يحتوي على 4 منتجات');
    expect(within(dialog).getByRole('button', { name: 'حذف' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    expect(deletes).toBe(0);
  });

  it('a category that got products since the list was shown: the server refuses (409) and the screen says why', async () => {
    server.use(
      http.get('*/api/v1/categories', () => HttpResponse.json(listOf([{ ...categories[0], productCount: 0 }]))),
      http.delete('*/api/v1/categories/:id', () =>
        HttpResponse.json({ status: 'fail', message: 'Category still has products' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<AdminCategoriesPage />, { path: '/admin/categories' });
    await user.click(await screen.findByRole('button', { name: `حذف ${categories[0].name}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(
      await screen.findByText(
        'لا يمكن حذف التصنيف لانه ما زال يحتوي على منتجات: انقل منتجاته الى تصنيف اخر او احذفها اولا',
      ),
    ).toBeInTheDocument();
  });

  it('renames a subcategory-free entry in place and sends only the name when the image is unchanged', async () => {
    const sent: FormData[] = [];
    server.use(
      http.put('*/api/v1/categories/:id', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ data: categories[0] });
      }),
    );
    const { user } = renderWithProviders(<AdminCategoriesPage />, { path: '/admin/categories' });
    await user.click(await screen.findByRole('button', { name: `تعديل ${categories[0].name}` }));
    const name = screen.getByRole('textbox', { name: 'الاسم' });
    await user.clear(name);
    await user.type(name, 'اجهزة ذكية');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([...sent[0].keys()]).toEqual(['name']);
    expect(sent[0].get('name')).toBe('اجهزة ذكية');
  });

  it('shows the other names search knows a brand by, and sends the edited names as the form field the server reads', async () => {
    const sent: FormData[] = [];
    server.use(
      http.get('*/api/v1/brands', () => HttpResponse.json(listOf([{ ...brands[0], aliases: ['Samsung'] }]))),
      http.put('*/api/v1/brands/:id', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json({ data: brands[0] });
      }),
    );
    const { user } = renderWithProviders(<AdminBrandsPage />, { path: '/admin/brands' });
    const card = await screen.findByRole('article', { name: `الماركة ${brands[0].name}` });
    expect(card).toHaveTextContent('اسماء اخرى: Samsung');
    await user.click(within(card).getByRole('button', { name: `تعديل ${brands[0].name}` }));
    const field = screen.getByRole('textbox', { name: 'اسماء اخرى للبحث' });
    expect(field).toHaveValue('Samsung');
    await user.type(field, '، Galaxy، سامسونغ');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([...sent[0].keys()]).toEqual(['aliases']);
    expect(sent[0].get('aliases')).toBe('Samsung,Galaxy,سامسونغ');
  });

  it('refuses more than 10 other names, or one over 32 letters, in Arabic and sends nothing', async () => {
    let puts = 0;
    server.use(
      http.get('*/api/v1/brands', () => HttpResponse.json(listOf([brands[0]]))),
      http.put('*/api/v1/brands/:id', () => {
        puts += 1;
        return HttpResponse.json({ data: brands[0] });
      }),
    );
    const { user } = renderWithProviders(<AdminBrandsPage />, { path: '/admin/brands' });
    await user.click(await screen.findByRole('button', { name: `تعديل ${brands[0].name}` }));
    const field = screen.getByRole('textbox', { name: 'اسماء اخرى للبحث' });
    await user.type(field, 'a,b,c,d,e,f,g,h,i,j,k');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('اكتب 10 اسماء على الاكثر');
    await user.clear(field);
    await user.type(field, 'x'.repeat(33));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('كل اسم 32 حرفا على الاكثر');
    expect(puts).toBe(0);
  });

  it("reads the shop's categories again after a rename or a deletion, so the top strip shows what exists", async () => {
    let current = categories.map((c) => ({ ...c, productCount: 0 }));
    server.use(
      http.get('*/api/v1/categories', () => HttpResponse.json(listOf(current))),
      http.put('*/api/v1/categories/:id', () => {
        current = current.map((c) => (c._id === categories[0]._id ? { ...c, name: 'اجهزة ذكية' } : c));
        return HttpResponse.json({ data: current[0] });
      }),
      http.delete('*/api/v1/categories/:id', ({ params }) => {
        current = current.filter((c) => c._id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store } = renderWithProviders(<AdminCategoriesPage />, { path: '/admin/categories' });
    const names = () => store.getState().category.items.map((c) => c.name);
    await user.click(await screen.findByRole('button', { name: `تعديل ${categories[0].name}` }));
    const name = screen.getByRole('textbox', { name: 'الاسم' });
    await user.clear(name);
    await user.type(name, 'اجهزة ذكية');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(names()).toContain('اجهزة ذكية'));
    await user.click(await screen.findByRole('button', { name: `حذف ${categories[1].name}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(names()).not.toContain(categories[1].name));
    expect(names()).toContain('اجهزة ذكية');
  });
});

describe('coupons', () => {
  it('marks an expired coupon "منتهي" and leaves a valid one unmarked', () => {
    renderWithProviders(
      <>
        <CouponCard coupon={{ ...coupons[0], expire: '2020-01-01T00:00:00.000Z' }} onDelete={() => undefined} />
        <CouponCard coupon={coupons[1]} onDelete={() => undefined} />
      </>,
    );
    const [expired, valid] = screen.getAllByRole('article');
    expect(within(expired).getByText('منتهي')).toBeInTheDocument();
    expect(within(valid).queryByText('منتهي')).not.toBeInTheDocument();
  });
});
