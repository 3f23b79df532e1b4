import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import AdminAddProductPage from '../../../src/pages/admin/AdminAddProductPage';
import AdminAllProductsPage from '../../../src/pages/admin/AdminAllProductsPage';
import AdminEditProductPage from '../../../src/pages/admin/AdminEditProductPage';
import type { Product } from '../../../src/api/types';
import { API_ORIGIN, listOf, products } from '../mocks/fixtures';
import { adminHandlers } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { renderWithProviders } from '../utils/renderWithProviders';
import { CROPPED_JPEG, imageFile, imageStubsForEachTest } from './imageStubs';
import { holdUploadAt } from './uploadProgress';

const COMPLETE_DATA = 'من فضلك اكمل البيانات';

imageStubsForEachTest();
beforeEach(() => {
  server.use(...adminHandlers);
});

function manyProducts(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => ({
    ...products[i % 2],
    _id: `prod-x${i}`,
    title: `منتج رقم ${i + 1}`,
  }));
}

describe('admin: all products', () => {
  it('asks for 10 products per page and shows cards with remove, edit and shop links', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json(listOf(products, 10, 1));
      }),
    );
    renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: products[0].title })).closest('article')!;
    expect(requests[0].searchParams.get('limit')).toBe('10');
    expect(requests[0].searchParams.get('page')).toBe('1');
    expect(within(card).getByRole('link', { name: `تعديل ${products[0].title}` })).toHaveAttribute(
      'href',
      '/admin/editproduct/prod-1',
    );
    expect(within(card).getByRole('link', { name: new RegExp(`^${products[0].title}`) })).toHaveAttribute(
      'href',
      '/products/prod-1',
    );
    expect(within(card).getByRole('button', { name: `ازالة ${products[0].title}` })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).toBeNull();
  });

  it("says on each card how many units unpaid cash orders hold, asking the server for the page's products only", async () => {
    const asked: Array<string | null> = [];
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json(listOf(products, 10, 1))),
      http.get('*/api/v1/inventory/held', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('products'));
        return HttpResponse.json({ data: [{ product: products[0]._id, heldByUnpaidCash: 3 }] });
      }),
    );
    renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    const held = (await screen.findByRole('heading', { name: products[0].title })).closest('article')!;
    expect(await within(held).findByText('محجوز لطلبات لم تُدفع: 3 قطع')).toBeVisible();
    const none = screen.getByRole('heading', { name: products[1].title }).closest('article')!;
    expect(within(none).queryByText(/محجوز/)).toBeNull();
    expect(asked).toEqual([products.map((p) => p._id).join(',')]);
  });

  it('still lists the products when the server cannot say what unpaid orders hold', async () => {
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json(listOf(products, 10, 1))),
      http.get('*/api/v1/inventory/held', () => HttpResponse.json({ status: 'error' }, { status: 500 })),
    );
    renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    expect(await screen.findByRole('heading', { name: products[0].title })).toBeInTheDocument();
    expect(screen.queryByText(/محجوز/)).toBeNull();
  });

  it('shows the pager with 2+ pages and loads the chosen page', async () => {
    const all = manyProducts(12);
    const pages: string[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        pages.push(String(page));
        return HttpResponse.json(listOf(all, 10, page));
      }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    await screen.findByText('منتج رقم 1');
    const pager = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    await user.click(within(pager).getByText('2'));
    expect(await screen.findByText('منتج رقم 11')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });

  it('takes the admin to the top of the list when the page changes', async () => {
    const scrolled: Element[] = [];
    // jsdom does not scroll; record which element was brought into view.
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const all = manyProducts(12);
    server.use(
      http.get('*/api/v1/products', ({ request }) =>
        HttpResponse.json(listOf(all, 10, Number(new URL(request.url).searchParams.get('page')))),
      ),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    await screen.findByText('منتج رقم 1');
    expect(scrolled).toEqual([]);
    await user.click(within(screen.getByRole('navigation', { name: 'التنقل بين الصفحات' })).getByText('2'));
    await screen.findByText('منتج رقم 11');
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]).toContainElement(screen.getByRole('heading', { name: 'ادارة جميع المنتجات', level: 1 }));
  });

  it('says so when there are no products, and when loading failed', async () => {
    server.use(http.get('*/api/v1/products', () => HttpResponse.json(listOf([]))));
    renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    expect(await screen.findByText('لا يوجد منتجات حتى الان')).toBeInTheDocument();
  });

  it('shows the failure text when the list cannot be loaded, and loads it again on retry', async () => {
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect((await screen.findAllByText(products[0].title)).length).toBeGreaterThan(0);
  });

  it('removes a product only after confirmation, then loads the list again', async () => {
    let remaining = [...products];
    const deleted: string[] = [];
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json(listOf(remaining, 10))),
      http.delete('*/api/v1/products/:id', ({ params }) => {
        deleted.push(String(params.id));
        remaining = remaining.filter((p) => p._id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    await user.click(await screen.findByRole('button', { name: `ازالة ${products[0].title}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: `ازالة ${products[0].title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('تم حذف المنتج بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: products[0].title })).toBeNull());
    expect(deleted).toEqual(['prod-1']);
  });

  it.each([
    [400, 'هناك مشكلة في عملية الحذف'],
    [403, 'غير مسموح لك بهذه العملية'],
    [500, FAILURE_TEXTS.server],
  ])('tells the admin when removing failed (%i): %s', async (status, text) => {
    server.use(http.delete('*/api/v1/products/:id', () => HttpResponse.json({ message: 'no' }, { status })));
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    await user.click(await screen.findByRole('button', { name: `ازالة ${products[0].title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

type Sent = Map<string, FormDataEntryValue[]>;

function collect(form: FormData): Sent {
  const sent: Sent = new Map();
  form.forEach((value, key) => sent.set(key, [...(sent.get(key) ?? []), value]));
  return sent;
}

/** Answers the product form's create (post) or update (put) with success; returns the fields it sent. */
function captureProductForm(method: 'post' | 'put'): () => Sent {
  let sent: Sent | undefined;
  server.use(
    http[method](method === 'post' ? '*/api/v1/products' : '*/api/v1/products/:id', async ({ request }) => {
      sent = collect(await request.formData());
      return HttpResponse.json({ data: products[0] }, { status: method === 'post' ? 201 : 200 });
    }),
  );
  return () => {
    if (!sent) throw new Error('the product form was not sent');
    return sent;
  };
}

async function fillRequiredFields(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('اسم المنتج'), 'سماعة لاسلكية');
  await user.type(screen.getByLabelText('وصف المنتج'), 'سماعة بلوتوث بعزل للضوضاء');
  await user.type(screen.getByLabelText('السعر قبل الخصم'), '١٥٠٠');
  await screen.findByRole('option', { name: 'الكترونيات' });
  await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-1');
}

describe('admin: add product', () => {
  it('lists the subcategories of the chosen main category only after it is chosen', async () => {
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    expect(screen.getByText('اختر التصنيف الرئيسي اولا')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'الكترونيات' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-1');
    expect(await screen.findByRole('checkbox', { name: 'هواتف ذكية' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'حواسيب محمولة' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'قمصان' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-3');
    expect(await screen.findByText('لا يوجد تصنيفات فرعية لهذا التصنيف')).toBeInTheDocument();
  });

  it('offers 5 image slots and the brands', async () => {
    renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(5);
    expect(await screen.findByRole('option', { name: 'سامسونج' })).toBeInTheDocument();
  });

  it.each([
    ['no image', { image: false }],
    ['an empty title', { title: '' }],
    ['an empty description', { description: '' }],
    ['a price of 0', { price: '0' }],
    ['no main category', { category: '' }],
  ])('is blocked with "please complete the data" for %s', async (_, override) => {
    const posted = vi.fn();
    server.use(
      http.post('*/api/v1/products', () => {
        posted();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const values = { image: true, title: 'سماعة', description: 'وصف', price: '100', category: 'cat-1', ...override };
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    if (values.image) {
      await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('a.png'));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'اغلاق' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    if (values.title) await user.type(screen.getByLabelText('اسم المنتج'), values.title);
    if (values.description) await user.type(screen.getByLabelText('وصف المنتج'), values.description);
    await user.type(screen.getByLabelText('السعر قبل الخصم'), values.price);
    await screen.findByRole('option', { name: 'الكترونيات' });
    if (values.category) await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), values.category);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText(COMPLETE_DATA)).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('adds colours with the picker and removes one by clicking its swatch', async () => {
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    await user.click(screen.getByRole('button', { name: 'اضافة لون' }));
    const hex = screen.getByDisplayValue(/^#?000000$/i);
    await user.clear(hex);
    await user.type(hex, '#ff0000');
    await waitFor(() => expect(hex).toHaveValue('#ff0000'));
    // Enter in the hex field must not submit the product form.
    await user.type(hex, '{Enter}');
    // At once: the picker's colour is the one typed, without waiting for react-color's debounced report.
    await user.click(screen.getByRole('button', { name: 'اضف اللون' }));
    const swatch = await screen.findByRole('button', { name: 'حذف اللون أحمر' });
    await user.click(swatch);
    expect(screen.queryByRole('button', { name: 'حذف اللون أحمر' })).toBeNull();
    expect(screen.queryByText(COMPLETE_DATA)).toBeNull();
  });

  it('sends the multipart form, says so, then empties and re-enables the form after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = captureProductForm('post');
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), [
      imageFile('a.png', 800, 600),
      imageFile('b.png', 1024, 768),
    ]);
    // Each photo goes through the crop dialog in turn.
    for (const position of [1, 2]) {
      await user.click(
        within(await screen.findByRole('dialog', { name: 'قص الصورة' })).getByRole('button', { name: 'قص' }),
      );
      await waitFor(() =>
        expect(screen.getByRole('img', { name: `الصورة ${position}` })).toHaveAttribute('src', CROPPED_JPEG),
      );
    }

    await fillRequiredFields(user);
    await user.type(screen.getByLabelText('السعر بعد الخصم'), '1200');
    await user.type(screen.getByLabelText('الكمية المتاحة'), '١٠');
    await user.click(await screen.findByRole('checkbox', { name: 'هواتف ذكية' }));
    await user.click(screen.getByRole('checkbox', { name: 'حواسيب محمولة' }));
    await user.selectOptions(screen.getByLabelText('الماركة'), 'brand-1');
    await user.click(screen.getByRole('button', { name: 'اضافة لون' }));
    await user.click(screen.getByRole('button', { name: 'اضف اللون' }));
    expect(screen.getByRole('button', { name: 'حذف اللون أسود' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تمت الاضافة بنجاح')).toBeInTheDocument();
    expect(sent()).toBeDefined();
    const field = (key: string) => sent().get(key) ?? [];
    expect(field('title')).toEqual(['سماعة لاسلكية']);
    expect(field('description')).toEqual(['سماعة بلوتوث بعزل للضوضاء']);
    expect(field('price')).toEqual(['1500']);
    expect(field('priceAfterDiscount')).toEqual(['1200']);
    expect(field('quantity')).toEqual(['10']);
    expect(field('category')).toEqual(['cat-1']);
    expect(field('brand')).toEqual(['brand-1']);
    expect(field('subcategory')).toEqual(['sub-1', 'sub-2']);
    expect(field('availableColors')).toEqual(['#000000']);
    const cover = field('imageCover');
    expect(cover).toHaveLength(1);
    // Both photos as the owner cropped them.
    expect((cover[0] as File).type).toBe('image/jpeg');
    const images = field('images') as File[];
    expect(images.map((f) => f.type)).toEqual(['image/jpeg', 'image/jpeg']);
    expect(await images[0].text()).toBe('cropped');
    expect(await images[1].text()).toBe('cropped');

    expect(screen.getByLabelText('اسم المنتج')).toBeDisabled();
    expect(screen.getByLabelText('اسم المنتج')).toHaveValue('سماعة لاسلكية');
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(screen.getByLabelText('اسم المنتج')).toBeEnabled());
    expect(screen.getByLabelText('اسم المنتج')).toHaveValue('');
    expect(screen.getByLabelText('التصنيف الرئيسي')).toHaveValue('');
    expect(screen.getAllByRole('button', { name: 'اضف صورة' })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'حذف اللون أسود' })).toBeNull();
  });

  it('leaves out the discount and the brand when they are not set', async () => {
    const sent = captureProductForm('post');
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('a.png'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'اغلاق' }));
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByText('تمت الاضافة بنجاح');
    expect(sent().has('priceAfterDiscount')).toBe(false);
    expect(sent().has('brand')).toBe(false);
    expect(sent().has('availableColors')).toBe(false);
    expect(sent().get('images')).toHaveLength(1);
  });

  it('says "something went wrong" when the server refuses without a reason we know', async () => {
    server.use(
      http.post('*/api/v1/products', () =>
        HttpResponse.json({ status: 'fail', message: 'Something unforeseen' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('a.png'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'اغلاق' }));
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('هناك خطأ ما')).toBeInTheDocument();
  });
});

describe('admin: edit product', () => {
  const renderEdit = () =>
    renderWithProviders(<AdminEditProductPage />, {
      path: '/admin/editproduct/:id',
      route: '/admin/editproduct/prod-1',
    });

  it('is prefilled from the product, with its images shown from their URLs', async () => {
    renderEdit();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByLabelText('اسم المنتج')).toHaveValue(products[0].title);
    expect(screen.getByLabelText('وصف المنتج')).toHaveValue(products[0].description);
    expect(screen.getByLabelText('السعر قبل الخصم')).toHaveValue('12500');
    expect(screen.getByLabelText('السعر بعد الخصم')).toHaveValue('11999');
    expect(screen.getByLabelText('الكمية المتاحة')).toHaveValue('12');
    await waitFor(() => expect(screen.getByLabelText('التصنيف الرئيسي')).toHaveValue('cat-1'));
    await waitFor(() => expect(screen.getByLabelText('الماركة')).toHaveValue('brand-1'));
    expect(screen.getByRole('img', { name: 'الصورة 1' })).toHaveAttribute('src', products[0].images[0]);
    expect(screen.getByRole('button', { name: 'حذف اللون رمادي غامق' })).toBeInTheDocument();
  });

  it('says how many units unpaid cash orders hold of the product', async () => {
    server.use(
      http.get('*/api/v1/inventory/held', ({ request }) =>
        HttpResponse.json({
          data:
            new URL(request.url).searchParams.get('products') === 'prod-1'
              ? [{ product: 'prod-1', heldByUnpaidCash: 2 }]
              : [],
        }),
      ),
    );
    renderEdit();
    expect(await screen.findByText('محجوز لطلبات لم تُدفع: قطعتان')).toBeVisible();
  });

  it('sends PUT without images when they were not changed, and says it was edited', async () => {
    let sent: Sent | undefined;
    server.use(
      http.put('*/api/v1/products/:id', async ({ request, params }) => {
        expect(params.id).toBe('prod-1');
        sent = collect(await request.formData());
        return HttpResponse.json({ data: products[0] });
      }),
    );
    const { user } = renderEdit();
    const title = await screen.findByLabelText('اسم المنتج');
    await user.clear(title);
    await user.type(title, 'هاتف جديد');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التعديل بنجاح')).toBeInTheDocument();
    expect(sent!.get('title')).toEqual(['هاتف جديد']);
    expect(sent!.get('price')).toEqual(['12500']);
    expect(sent!.get('availableColors')).toEqual(['#000000', '#4d4d4d']);
    expect(sent!.has('imageCover')).toBe(false);
    expect(sent!.has('images')).toBe(false);
    expect(title).toBeEnabled();
  });

  it('sends the whole gallery (kept ones downloaded again) but not the cover when a later slot changed', async () => {
    const sent = captureProductForm('put');
    const { user } = renderEdit();
    await screen.findByLabelText('اسم المنتج');
    await user.upload(screen.getByLabelText('اختيار صور للخانة 2'), imageFile('new.png'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'قص' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'الصورة 2' })).toHaveAttribute('src', CROPPED_JPEG));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التعديل بنجاح')).toBeInTheDocument();
    const images = sent().get('images') as File[];
    expect(images.map((f) => f.type)).toEqual(['image/jpeg', 'image/jpeg']);
    expect(sent().has('imageCover')).toBe(false);
  });

  it('clears the discount when the admin empties it', async () => {
    const sent = captureProductForm('put');
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText('السعر بعد الخصم'));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await screen.findByText('تم التعديل بنجاح');
    expect(sent().get('priceAfterDiscount')).toEqual(['']);
  });

  it('says "something went wrong" when the update fails', async () => {
    server.use(http.put('*/api/v1/products/:id', () => HttpResponse.json({ message: 'x' }, { status: 400 })));
    const { user } = renderEdit();
    await screen.findByLabelText('اسم المنتج');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('هناك خطأ ما')).toBeInTheDocument();
  });

  it('validates like the add form', async () => {
    const { user } = renderEdit();
    await user.clear(await screen.findByLabelText('اسم المنتج'));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText(COMPLETE_DATA)).toBeInTheDocument();
  });

  it('shows the failure text for an unknown product', async () => {
    const { user } = renderWithProviders(<AdminEditProductPage />, {
      path: '/admin/editproduct/:id',
      route: '/admin/editproduct/nope',
    });
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
  });
});

describe('admin: a refused product save', () => {
  const DISCOUNT_TOO_HIGH = 'السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم';

  it('keeps the whole form, shows the reason in Arabic beside its field, and a second save sends it all again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies: Sent[] = [];
    server.use(
      http.post('*/api/v1/products', async ({ request }) => {
        const sent = collect(await request.formData());
        bodies.push(sent);
        if (Number(sent.get('priceAfterDiscount')?.[0]) >= Number(sent.get('price')?.[0])) {
          return HttpResponse.json(
            {
              errors: [
                {
                  type: 'field',
                  value: '2000',
                  msg: 'priceAfterDiscount must be lower than price',
                  path: 'priceAfterDiscount',
                  param: 'priceAfterDiscount',
                  location: 'body',
                },
              ],
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ data: products[0] }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('a.png'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'قص' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await fillRequiredFields(user);
    await user.type(screen.getByLabelText('السعر بعد الخصم'), '2000');
    await user.click(screen.getByRole('button', { name: 'اضافة لون' }));
    await user.click(screen.getByRole('button', { name: 'اضف اللون' }));

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const discount = screen.getByLabelText('السعر بعد الخصم');
    await waitFor(() => expect(discount).toHaveAccessibleDescription(DISCOUNT_TOO_HIGH));
    expect(discount).toHaveAttribute('aria-invalid', 'true');
    // The toast names the reason too, not just "something went wrong".
    expect(screen.getAllByText(DISCOUNT_TOO_HIGH)).toHaveLength(2);
    expect(screen.queryByText('هناك خطأ ما')).toBeNull();

    // Well past SPEC's 500 ms reset: nothing is lost, and the form can be used at once.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByLabelText('اسم المنتج')).toHaveValue('سماعة لاسلكية');
    expect(screen.getByLabelText('اسم المنتج')).toBeEnabled();
    expect(screen.getByLabelText('وصف المنتج')).toHaveValue('سماعة بلوتوث بعزل للضوضاء');
    expect(screen.getByLabelText('التصنيف الرئيسي')).toHaveValue('cat-1');
    expect(screen.getByRole('img', { name: 'الصورة 1' })).toHaveAttribute('src', CROPPED_JPEG);
    expect(screen.getByRole('button', { name: 'حذف اللون أسود' })).toBeInTheDocument();

    // Correcting the refused field clears its message; the second save needs nothing retyped.
    await user.clear(discount);
    expect(discount).not.toHaveAccessibleDescription(DISCOUNT_TOO_HIGH);
    await user.type(discount, '1200');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تمت الاضافة بنجاح')).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
    const [first, second] = bodies;
    for (const key of ['title', 'description', 'price', 'category', 'availableColors'])
      expect(second.get(key)).toEqual(first.get(key));
    expect(second.get('priceAfterDiscount')).toEqual(['1200']);
    expect(await (second.get('imageCover')![0] as File).text()).toBe('cropped');

    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(screen.getByLabelText('اسم المنتج')).toHaveValue(''));
  });

  it.each([
    ['title', 'Too long product title', 'اسم المنتج', 'اسم المنتج طويل جدا (الحد الاقصى 100 حرف)'],
    ['category', 'No category exist for this id: cat-1', 'التصنيف الرئيسي', 'التصنيف الرئيسي المختار لم يعد موجودا'],
    ['brand', 'No brand exist for this id: brand-1', 'الماركة', 'الماركة المختارة لم تعد موجودة'],
  ])('names the refused %s in Arabic beside it', async (path, msg, label, arabic) => {
    server.use(
      http.put('*/api/v1/products/:id', () =>
        HttpResponse.json({ errors: [{ type: 'field', msg, path, param: path, location: 'body' }] }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<AdminEditProductPage />, {
      path: '/admin/editproduct/:id',
      route: '/admin/editproduct/prod-1',
    });
    await screen.findByLabelText('اسم المنتج');
    await waitFor(() => expect(screen.getByLabelText('الماركة')).toHaveValue('brand-1'));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(arabic));
    expect(screen.getByLabelText('اسم المنتج')).toHaveValue(products[0].title);
  });

  it('shows an image refusal under the images (413 with the 5 MB limit)', async () => {
    server.use(
      http.put('*/api/v1/products/:id', () =>
        HttpResponse.json({ status: 'fail', message: 'File too large' }, { status: 413 }),
      ),
    );
    const { user } = renderWithProviders(<AdminEditProductPage />, {
      path: '/admin/editproduct/:id',
      route: '/admin/editproduct/prod-1',
    });
    await screen.findByLabelText('اسم المنتج');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findAllByText('حجم الصورة كبير جدا، الحد الاقصى 5 ميجابايت للصورة')).toHaveLength(2);
  });
});

describe('admin: product images on edit', () => {
  const renderEdit = () =>
    renderWithProviders(<AdminEditProductPage />, {
      path: '/admin/editproduct/:id',
      route: '/admin/editproduct/prod-1',
    });
  const stored = (names: string[]) => names.map((name) => `${API_ORIGIN}/products/${name}.webp`);

  it('after a save shows the images the server answered with, and the next save sends no image at all', async () => {
    const bodies: Sent[] = [];
    const answered = stored(['new-1', 'new-2']);
    server.use(
      http.put('*/api/v1/products/:id', async ({ request }) => {
        bodies.push(collect(await request.formData()));
        return HttpResponse.json({
          data: { ...products[0], images: answered, imageCover: `${API_ORIGIN}/products/new-cover.webp` },
        });
      }),
    );
    const { user } = renderEdit();
    await screen.findByLabelText('اسم المنتج');
    await user.upload(screen.getByLabelText('اختيار صور للخانة 2'), imageFile('new.png'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'قص' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'الصورة 2' })).toHaveAttribute('src', CROPPED_JPEG));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'الصورة 2' })).toHaveAttribute('src', answered[1]));
    expect(screen.getByRole('img', { name: 'الصورة 1' })).toHaveAttribute('src', answered[0]);
    expect(bodies[0].get('images')).toHaveLength(2);

    const title = screen.getByLabelText('اسم المنتج');
    await user.clear(title);
    await user.type(title, 'اسم بعد تغيير الصور');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].get('title')).toEqual(['اسم بعد تغيير الصور']);
    expect(bodies[1].has('images')).toBe(false);
    expect(bodies[1].has('imageCover')).toBe(false);
  });

  it('sends a new cover when the first slot changed', async () => {
    const sent = captureProductForm('put');
    const { user } = renderEdit();
    await screen.findByLabelText('اسم المنتج');
    await user.click(screen.getByRole('button', { name: 'تعديل الصورة 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.load(within(dialog).getByRole('img', { name: 'الصورة المراد قصها' }));
    await user.click(within(dialog).getByRole('button', { name: 'قص' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'الصورة 1' })).toHaveAttribute('src', CROPPED_JPEG));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التعديل بنجاح')).toBeInTheDocument();
    expect(await (sent().get('imageCover')![0] as File).text()).toBe('cropped');
    expect(sent().get('images')).toHaveLength(1);
  });
});

describe('admin: product form details', () => {
  it('shows the upload progress of a save', async () => {
    const upload = holdUploadAt(0.25);
    server.use(
      http.put('*/api/v1/products/:id', async () => {
        await upload.answered;
        return HttpResponse.json({ data: products[0] });
      }),
    );
    const { user } = renderWithProviders(<AdminEditProductPage />, {
      path: '/admin/editproduct/:id',
      route: '/admin/editproduct/prod-1',
    });
    await screen.findByLabelText('اسم المنتج');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    const bar = await screen.findByRole('progressbar', { name: 'تقدم رفع البيانات' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    upload.answer();
    expect(await screen.findByText('تم التعديل بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'تقدم رفع البيانات' })).toBeNull());
  });

  it('says "حفظ" on the add form, and opens the 652 px colour picker under its button on the start side', async () => {
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حفظ التعديلات' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'اضافة لون' }));
    const picker = document.querySelector('.chrome-picker') as HTMLElement;
    expect(picker.style.width).toBe('100%');
    const panel = picker.parentElement!.parentElement!;
    expect(panel.style.maxWidth).toBe('652px');
    // Only the picker is left to right; the panel follows the form's right-to-left start side.
    expect(picker.parentElement).toHaveAttribute('dir', 'ltr');
    expect(panel).not.toHaveAttribute('dir');
    expect(panel).toHaveClass('align-items-start');
  });
});
