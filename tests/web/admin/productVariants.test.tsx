import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import AdminAddProductPage from '../../../src/pages/admin/AdminAddProductPage';
import AdminAllProductsPage from '../../../src/pages/admin/AdminAllProductsPage';
import AdminEditProductPage from '../../../src/pages/admin/AdminEditProductPage';
import AdminOrderDetailsPage from '../../../src/pages/admin/AdminOrderDetailsPage';
import type { Order, Product } from '../../../src/api/types';
import { API_ORIGIN, listOf, products } from '../mocks/fixtures';
import { adminHandlers, orders } from '../mocks/handlers/admin';
import { server } from '../mocks/server';
import { BLUE, RED, shirtWithSizes, variantLine } from '../mocks/variantFixtures';
import { renderWithProviders } from '../utils/renderWithProviders';
import { CROPPED_JPEG, imageFile, imageStubsForEachTest } from './imageStubs';

// The owner's options and variants on the product form (variants.md): the fixture is the shirt of
// variantFixtures.ts, المقاس M/L/XL × اللون أزرق/أحمر with L in red left out.

imageStubsForEachTest();
beforeEach(() => {
  server.use(
    ...adminHandlers,
    http.get('*/api/v1/products/prod-10', () => HttpResponse.json({ data: shirtWithSizes })),
  );
});

/** The fields a save sent: `options` and `variants` read back from their JSON. */
interface Sent {
  form: Map<string, FormDataEntryValue[]>;
  options?: unknown;
  variants?: unknown;
}

function captureSave(method: 'post' | 'put', answer: Product = shirtWithSizes) {
  let sent: Sent | undefined;
  server.use(
    http[method](method === 'post' ? '*/api/v1/products' : '*/api/v1/products/:id', async ({ request }) => {
      const form = new Map<string, FormDataEntryValue[]>();
      (await request.formData()).forEach((value, key) => form.set(key, [...(form.get(key) ?? []), value]));
      const json = (key: string) => (form.has(key) ? JSON.parse(String(form.get(key)![0])) : undefined);
      sent = { form, options: json('options'), variants: json('variants') };
      return HttpResponse.json({ data: answer }, { status: method === 'post' ? 201 : 200 });
    }),
  );
  return () => {
    if (!sent) throw new Error('the product form was not sent');
    return sent;
  };
}

const renderEdit = (id = 'prod-10') =>
  renderWithProviders(<AdminEditProductPage />, { path: '/admin/editproduct/:id', route: `/admin/editproduct/${id}` });

/** The fields of one kept combination ("المقاس: XL، اللون: أزرق"). */
const variantRow = (label: string) => screen.getByRole('group', { name: label });

describe('admin product form: options and variants', () => {
  it('shows the stored options, the grid with the left-out combination, and each variant as stored', async () => {
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'الانواع: 5 من 6' })).toBeVisible();
    // The product's stock is its variants' sum, not a field of its own; its colours are the colour option's.
    expect(screen.queryByLabelText('الكمية المتاحة')).toBeNull();
    expect(screen.getByText('مجموع مخزون الانواع: 21')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'اضافة لون' })).toBeNull();

    expect(screen.getByLabelText('اسم الخيار', { selector: '#option-o0-name' })).toHaveValue('المقاس');
    expect(screen.getByLabelText('اسم الخيار', { selector: '#option-o1-name' })).toHaveValue('اللون');
    const colourSwitches = screen.getAllByRole('checkbox', { name: /القيم الوان/ });
    expect(colourSwitches.map((box) => (box as HTMLInputElement).checked)).toEqual([false, true]);
    for (const value of ['M', 'L', 'XL', 'أزرق', 'أحمر'])
      expect(screen.getByRole('button', { name: new RegExp(`^حذف ${value} من`) })).toBeInTheDocument();

    const xlBlue = within(variantRow('المقاس: XL، اللون: أزرق'));
    expect(xlBlue.getByLabelText('المخزون')).toHaveValue('3');
    expect(xlBlue.getByLabelText('السعر قبل الخصم')).toHaveValue('349');
    expect(xlBlue.getByLabelText('السعر بعد الخصم')).toHaveValue('329');
    expect(xlBlue.getByLabelText('رمز SKU')).toHaveValue('SH-XL-BL');
    expect(xlBlue.getByLabelText('الصورة')).toHaveDisplayValue('الصورة 2');
    // A variant at the product's price shows it as the field's hint, and follows the product's price.
    const mBlue = within(variantRow('المقاس: M، اللون: أزرق'));
    expect(mBlue.getByLabelText('السعر قبل الخصم')).toHaveValue('');
    expect(mBlue.getByLabelText('السعر قبل الخصم')).toHaveAttribute('placeholder', '299');
    expect(within(variantRow('المقاس: M، اللون: أحمر')).getByLabelText('الصورة')).toHaveDisplayValue('الصورة 3');

    expect(screen.queryByRole('group', { name: 'المقاس: L، اللون: أحمر' })).toBeNull();
    expect(screen.getByRole('button', { name: 'ارجاع المقاس: L، اللون: أحمر' })).toBeVisible();
  });

  it('saves what the owner changed: a combination brought back, one left out, price and stock for all', async () => {
    const sent = captureSave('put');
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'الانواع: 5 من 6' });

    const bringBack = screen.getByRole('button', { name: 'ارجاع المقاس: L، اللون: أحمر' });
    await user.click(bringBack);
    // The focus stays on the same combination's button, which now leaves it out again.
    expect(screen.getByRole('button', { name: 'استبعاد المقاس: L، اللون: أحمر' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'استبعاد المقاس: M، اللون: أحمر' }));
    expect(screen.getByRole('heading', { name: 'الانواع: 5 من 6' })).toBeVisible();

    await user.type(screen.getByLabelText('المخزون لكل الانواع'), '7');
    await user.click(screen.getByRole('button', { name: 'تطبيق على الكل: المخزون لكل الانواع' }));
    await user.type(screen.getByLabelText('السعر لكل الانواع'), '٣١٠');
    await user.click(screen.getByRole('button', { name: 'تطبيق على الكل: السعر لكل الانواع' }));
    const xlBlue = within(variantRow('المقاس: XL، اللون: أزرق'));
    expect(xlBlue.getByLabelText('المخزون')).toHaveValue('7');
    const lRed = within(variantRow('المقاس: L، اللون: أحمر'));
    await user.clear(lRed.getByLabelText('المخزون'));
    await user.type(lRed.getByLabelText('المخزون'), '2');
    await user.type(lRed.getByLabelText('رمز SKU'), 'SH-L-RD');
    await user.selectOptions(lRed.getByLabelText('الصورة'), 'الصورة 3');
    await user.clear(xlBlue.getByLabelText('السعر بعد الخصم'));
    expect(screen.getByText('مجموع مخزون الانواع: 30')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التعديل بنجاح')).toBeInTheDocument();
    const body = sent();
    expect(body.options).toEqual([
      { name: 'المقاس', values: [{ value: 'M' }, { value: 'L' }, { value: 'XL' }] },
      {
        name: 'اللون',
        values: [
          { value: 'أزرق', hex: BLUE },
          { value: 'أحمر', hex: RED },
        ],
      },
    ]);
    // The gallery is not sent again, so a photo is named by its stored URL.
    expect(body.form.has('images')).toBe(false);
    expect(body.variants).toEqual([
      { _id: 'var-1', options: ['M', 'أزرق'], quantity: 7, price: 310, sku: 'SH-M-BL' },
      { _id: 'var-3', options: ['L', 'أزرق'], quantity: 7, price: 310, sku: 'SH-L-BL' },
      { options: ['L', 'أحمر'], quantity: 2, price: 310, sku: 'SH-L-RD', image: shirtWithSizes.images[2] },
      {
        _id: 'var-4',
        options: ['XL', 'أزرق'],
        quantity: 7,
        price: 310,
        sku: 'SH-XL-BL',
        image: shirtWithSizes.images[1],
      },
      { _id: 'var-5', options: ['XL', 'أحمر'], quantity: 7, price: 310, sku: 'SH-XL-RD' },
    ]);
    expect(body.form.get('quantity')).toEqual(['30']);
    expect(body.form.has('availableColors')).toBe(false);
  });

  it('builds the options of a new product from the keyboard, naming a picked colour in Arabic', async () => {
    // The server stores the uploaded photo and answers the variants it made; a photo chosen among the uploads is then
    // set on its variant by the URL the server gave it.
    const stored = `${API_ORIGIN}/products/linen-1.webp`;
    const answer: Product = {
      ...shirtWithSizes,
      _id: 'prod-new',
      images: [stored],
      variants: [
        { _id: 'var-m', options: ['M', 'أزرق'], quantity: 5, sold: 0, price: 400 },
        { _id: 'var-s', options: ['S', 'أزرق'], quantity: 5, sold: 0, price: 450 },
      ],
    };
    const sent = captureSave('post', answer);
    const patched: { url: string; body: unknown }[] = [];
    server.use(
      http.patch('*/api/v1/products/:id/variants/:variantId', async ({ request }) => {
        patched.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ data: answer });
      }),
    );
    const { user } = renderWithProviders(<AdminAddProductPage />, { path: '/admin/addproduct' });
    await user.upload(screen.getByLabelText('اختيار صور للخانة 1'), imageFile('a.png'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'قص الصورة' })).getByRole('button', { name: 'قص' }),
    );
    await waitFor(() => expect(screen.getByRole('img', { name: 'الصورة 1' })).toHaveAttribute('src', CROPPED_JPEG));
    await user.type(screen.getByLabelText('اسم المنتج'), 'قميص كتان');
    await user.type(screen.getByLabelText('وصف المنتج'), 'قميص كتان صيفي');
    await user.type(screen.getByLabelText('السعر قبل الخصم'), '400');
    await screen.findByRole('option', { name: 'ملابس رجالي' });
    await user.selectOptions(screen.getByLabelText('التصنيف الرئيسي'), 'cat-2');

    await user.click(screen.getByRole('button', { name: 'اضافة خيار' }));
    await waitFor(() => expect(screen.getByLabelText('اسم الخيار')).toHaveFocus());
    await user.keyboard('المقاس');
    // Enter adds the value (it does not send the form).
    await user.type(screen.getByLabelText('قيمة جديدة لـ المقاس'), 'S{Enter}');
    await user.type(screen.getByLabelText('قيمة جديدة لـ المقاس'), 'M{Enter}');
    await user.type(screen.getByLabelText('قيمة جديدة لـ المقاس'), 'S{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('القيمة S موجودة بالفعل');
    await user.click(screen.getByRole('button', { name: 'اضافة خيار' }));
    await user.type(screen.getAllByLabelText('اسم الخيار')[1], 'اللون');
    // "اللون" makes it a colour option: a picker beside the value, whose colour names the value.
    fireEvent.change(screen.getByLabelText('اللون'), { target: { value: BLUE } });
    expect(screen.getByLabelText('قيمة جديدة لـ اللون')).toHaveValue('أزرق');
    await user.click(screen.getByRole('button', { name: 'اضافة القيمة الى اللون' }));
    await user.click(screen.getByRole('button', { name: 'تأخير S' }));
    await user.clear(screen.getByLabelText('قيمة جديدة لـ المقاس'));
    await user.type(screen.getByLabelText('قيمة جديدة لـ المقاس'), 'XL{Enter}');
    await user.click(screen.getByRole('button', { name: 'حذف XL من المقاس' }));
    expect(screen.getByLabelText('قيمة جديدة لـ المقاس')).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'الانواع: 2 من 2' })).toBeVisible();
    expect(screen.queryByLabelText('الكمية المتاحة')).toBeNull();

    // Saving without the stock of each variant is refused beside the first one.
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const stock = within(variantRow('المقاس: M، اللون: أزرق')).getByLabelText('المخزون');
    expect(stock).toHaveFocus();
    expect(stock).toHaveAccessibleDescription('اكتب كمية المقاس: M، اللون: أزرق (عدد صحيح لا يقل عن 0)');

    await user.type(screen.getByLabelText('المخزون لكل الانواع'), '5{Enter}');
    await user.type(within(variantRow('المقاس: S، اللون: أزرق')).getByLabelText('السعر قبل الخصم'), '450');
    await user.selectOptions(within(variantRow('المقاس: S، اللون: أزرق')).getByLabelText('الصورة'), 'الصورة 1');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تمت الاضافة بنجاح')).toBeInTheDocument();
    const body = sent();
    expect(body.options).toEqual([
      { name: 'المقاس', values: [{ value: 'M' }, { value: 'S' }] },
      { name: 'اللون', values: [{ value: 'أزرق', hex: BLUE }] },
    ]);
    expect(body.variants).toEqual([
      { options: ['M', 'أزرق'], quantity: 5 },
      { options: ['S', 'أزرق'], quantity: 5, price: 450 },
    ]);
    expect(patched).toEqual([{ url: '/api/v1/products/prod-new/variants/var-s', body: { image: stored } }]);
    expect(body.form.get('quantity')).toEqual(['10']);
    expect(body.form.get('price')).toEqual(['400']);
  });

  it.each([
    [
      'product_sku_taken',
      'Another product has this sku: SH-M-BL',
      'variants[0].sku',
      'المقاس: M، اللون: أزرق: رمز المنتج SH-M-BL مستخدم لمنتج اخر',
    ],
    [
      'product_variant_discount_invalid',
      'Variant priceAfterDiscount must be lower than its price',
      'variants[3].priceAfterDiscount',
      'المقاس: XL، اللون: أزرق: السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم',
    ],
  ])("shows the server's %s in Arabic above the grid, naming the variant", async (code, msg, path, shown) => {
    server.use(
      http.put('*/api/v1/products/:id', () =>
        HttpResponse.json({ errors: [{ type: 'field', msg, path, location: 'body', code }] }, { status: 400 }),
      ),
    );
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'الانواع: 5 من 6' });
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    const grid = screen.getByRole('region', { name: 'الانواع: 5 من 6' });
    expect(await within(grid).findByRole('alert')).toHaveTextContent(shown);
    // Nothing the owner typed is lost.
    expect(within(variantRow('المقاس: XL، اللون: أزرق')).getByLabelText('السعر قبل الخصم')).toHaveValue('349');
  });

  it("keeps the sizes' stock and ids when the owner adds colours to a product sold by size", async () => {
    const bySize: Product = {
      ...shirtWithSizes,
      _id: 'prod-11',
      options: [{ name: 'المقاس', values: [{ value: 'M' }, { value: 'L' }] }],
      variants: [
        { _id: 'var-a', options: ['M'], quantity: 4, sold: 0, price: 299 },
        { _id: 'var-b', options: ['L'], quantity: 6, sold: 0, price: 299 },
      ],
      priceRange: undefined,
    };
    server.use(http.get('*/api/v1/products/prod-11', () => HttpResponse.json({ data: bySize })));
    const sent = captureSave('put', bySize);
    const { user } = renderEdit('prod-11');
    await screen.findByRole('heading', { name: 'الانواع: 2 من 2' });
    await user.click(screen.getByRole('button', { name: 'اضافة خيار' }));
    await user.type(screen.getAllByLabelText('اسم الخيار')[1], 'اللون');
    fireEvent.change(screen.getByLabelText('اللون'), { target: { value: '#000000' } });
    await user.click(screen.getByRole('button', { name: 'اضافة القيمة الى اللون' }));
    expect(within(variantRow('المقاس: L، اللون: أسود')).getByLabelText('المخزون')).toHaveValue('6');
    fireEvent.change(screen.getByLabelText('اللون'), { target: { value: BLUE } });
    await user.click(screen.getByRole('button', { name: 'اضافة القيمة الى اللون' }));
    expect(screen.getByRole('heading', { name: 'الانواع: 4 من 4' })).toBeVisible();
    await user.type(within(variantRow('المقاس: M، اللون: أزرق')).getByLabelText('المخزون'), '1');
    await user.type(within(variantRow('المقاس: L، اللون: أزرق')).getByLabelText('المخزون'), '2');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await screen.findByText('تم التعديل بنجاح');
    expect(sent().variants).toEqual([
      { _id: 'var-a', options: ['M', 'أسود'], quantity: 4 },
      { options: ['M', 'أزرق'], quantity: 1 },
      { _id: 'var-b', options: ['L', 'أسود'], quantity: 6 },
      { options: ['L', 'أزرق'], quantity: 2 },
    ]);
  });

  it('keeps a product without options as before: no options or variants are sent', async () => {
    const sent = captureSave('put');
    server.use(http.get('*/api/v1/products/prod-1', () => HttpResponse.json({ data: products[0] })));
    const { user } = renderEdit('prod-1');
    expect(await screen.findByLabelText('الكمية المتاحة')).toHaveValue('12');
    expect(screen.queryByRole('heading', { name: /الانواع/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await screen.findByText('تم التعديل بنجاح');
    expect(sent().form.has('options')).toBe(false);
    expect(sent().form.has('variants')).toBe(false);
    expect(sent().form.get('availableColors')).toEqual(products[0].availableColors);
  });

  it('takes all options off a product that had them: options [] and its own stock again', async () => {
    const sent = captureSave('put');
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: 'الانواع: 5 من 6' });
    await user.click(screen.getByRole('button', { name: 'حذف الخيار المقاس' }));
    await user.click(screen.getByRole('button', { name: 'حذف الخيار اللون' }));
    await user.type(screen.getByLabelText('الكمية المتاحة'), '0');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await screen.findByText('تم التعديل بنجاح');
    expect(sent().options).toEqual([]);
    expect(sent().form.has('variants')).toBe(false);
  });
});

describe('admin product list: stock per variant', () => {
  it('edits the stock of one variant of a product with options, leaving the others as they are', async () => {
    const patched: { url: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/v1/products', () => HttpResponse.json(listOf([shirtWithSizes, products[1]], 10, 1))),
      http.patch('*/api/v1/products/:id/variants/:variantId', async ({ request }) => {
        patched.push({ url: new URL(request.url).pathname, body: await request.json() });
        const variants = shirtWithSizes.variants!.map((v) => (v._id === 'var-4' ? { ...v, quantity: 9 } : v));
        return HttpResponse.json({ data: { ...shirtWithSizes, quantity: 27, variants } });
      }),
    );
    const { user } = renderWithProviders(<AdminAllProductsPage />, { path: '/admin/allproducts' });
    const card = (await screen.findByRole('heading', { name: shirtWithSizes.title })).closest('article')!;
    // A product without options keeps its one stock field.
    const plain = screen.getByRole('heading', { name: products[1].title }).closest('article')!;
    expect(within(plain).getByLabelText('المخزون')).toHaveValue('30');

    // Its variants' prices differ: the card says from the lowest paid.
    expect(within(card).getByText('من 299 جنيه')).toBeVisible();
    await user.click(within(card).getByText('المخزون: 21 في 5 انواع'));
    const xlRed = within(card).getByLabelText('المقاس: XL، اللون: أحمر');
    expect(xlRed).toHaveValue('0');
    expect(xlRed.closest('form')).toHaveTextContent('نفد من المخزون');
    const xlBlue = within(card).getByLabelText('المقاس: XL، اللون: أزرق');
    expect(xlBlue).toHaveValue('3');
    await user.clear(xlBlue);
    await user.type(xlBlue, '٩');
    await user.click(
      within(card).getByRole('button', { name: `حفظ مخزون ${shirtWithSizes.title} (المقاس: XL، اللون: أزرق)` }),
    );
    expect(await within(card).findByRole('status')).toHaveTextContent('تم حفظ الكمية');
    expect(patched).toEqual([{ url: '/api/v1/products/prod-10/variants/var-4', body: { quantity: 9 } }]);
    expect(within(card).getByText('المخزون: 27 في 5 انواع')).toBeInTheDocument();
    expect(within(card).getByLabelText('المقاس: XL، اللون: أزرق')).toHaveValue('9');
    expect(within(card).getByLabelText('المقاس: M، اللون: أزرق')).toHaveValue('8');
  });
});

describe('admin order page: the variant of each item', () => {
  it('names each variant of the same product in one order, with its SKU and its own photo', async () => {
    const m = variantLine('oi-m', 'var-1', 2);
    const xl = variantLine('oi-xl', 'var-4', 1);
    const order: Order = {
      ...orders[0],
      _id: 'order-variants',
      // An order item keeps the variant's ref (its id, named values, SKU and photo), not the cart's stock.
      cartItems: [m, xl].map(({ _id, count, color, price, product, variant }) => ({
        _id,
        count,
        color,
        price,
        product,
        variant: {
          _id: variant!._id,
          options: variant!.options,
          sku: variant!.sku,
          image: shirtWithSizes.variants!.find((v) => v._id === variant!._id)!.image,
        },
      })),
      totalOrderPrice: 2 * 299 + 329,
    };
    server.use(http.get('*/api/v1/orders/order-variants', () => HttpResponse.json({ data: order })));
    renderWithProviders(<AdminOrderDetailsPage />, {
      path: '/admin/orders/:id',
      route: '/admin/orders/order-variants',
    });
    const mLine = (await screen.findByText('المقاس: M، اللون: أزرق')).closest('li')!;
    const xlLine = screen.getByText('المقاس: XL، اللون: أزرق').closest('li')!;
    expect(mLine).toHaveTextContent('رمز: SH-M-BL');
    expect(mLine).toHaveTextContent('الكمية: 2');
    expect(xlLine).toHaveTextContent('رمز: SH-XL-BL');
    expect(xlLine).toHaveTextContent('الكمية: 1');
    expect(within(xlLine).getByRole('link', { name: shirtWithSizes.title }).querySelector('img')).toHaveAttribute(
      'src',
      shirtWithSizes.variants![3].image,
    );
  });
});
