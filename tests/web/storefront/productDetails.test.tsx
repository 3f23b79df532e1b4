import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import { IMAGE_SIZES, uploadSrcSet } from '../../../common/images';
import { admin, cart, customer, listOf, productRef, products } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { reviews } from '../mocks/handlers/reviews';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';

const phone = products[0]; // two colours, a discount, category cat-1, brand brand-1
const shirt = products[1]; // no colours, no discount

function recordCartAdds(
  answer: () => Response = () => HttpResponse.json({ ...cart, message: 'Product added successfully to your cart' }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/cart', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('product details', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the product: names, price with the old one struck through, colours, stock, description', async () => {
    renderApp(`/products/${phone._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: phone.title })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('الكترونيات')).toBeInTheDocument();
    expect(await within(main).findByText('سامسونج')).toBeInTheDocument();
    expect(screen.getByText(phone.description)).toBeInTheDocument();
    expect(screen.getByText(String(phone.quantity))).toBeInTheDocument();
    expect(screen.getAllByText('11,999 جنيه').length).toBeGreaterThan(0);
    expect(screen.getAllByText('12,500 جنيه')[0].closest('del')).not.toBeNull();
    expect(screen.getAllByRole('radio', { name: /اللون/ })).toHaveLength(2);
    expect(await screen.findByRole('img', { name: `${phone.title} - صورة 1` })).toBeInTheDocument();
  });

  it('pages through several photos with Arabic arrows and dots, the first photo on the right', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const images = [1, 2, 3].map((n) => `http://api.test/uploads/products/phone-${n}.webp`);
    server.use(http.get('*/api/v1/products/:id', () => HttpResponse.json({ data: { ...phone, images } })));
    const { user } = renderApp(`/products/${phone._id}`);
    const dots = await screen.findAllByRole('button', { name: /^الصورة \d من 3$/ });
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'الصورة 1 من 3',
      'الصورة 2 من 3',
      'الصورة 3 من 3',
    ]);
    expect(screen.getByRole('button', { name: 'الصورة 1 من 3' })).toHaveAttribute('aria-current', 'true');
    // The gallery lays itself out left to right (its own RTL mode misplaces the slides): next lies to the left.
    const next = screen.getByRole('button', { name: 'الصورة التالية' });
    expect(next).toHaveClass('image-gallery-left-nav');
    expect(next.closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'الصورة السابقة' })).toHaveClass('image-gallery-right-nav');
    expect(screen.queryByRole('button', { name: /Slide/ })).not.toBeInTheDocument();

    await user.click(next);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'الصورة 2 من 3' })).toHaveAttribute('aria-current', 'true'),
    );
    // A dot chosen while a slide is still moving is ignored, as in the package's own carousel.
    act(() => vi.advanceTimersByTime(1000));
    await user.click(screen.getByRole('button', { name: 'الصورة 1 من 3' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'الصورة 1 من 3' })).toHaveAttribute('aria-current', 'true'),
    );
  }, 20_000); // The gallery's chunk compiles on first use.

  it('fetches the first photo first, in the size its slot needs (what the server preloads for this page)', async () => {
    // Our own uploads (the API shares the page's origin in tests) have responsive copies.
    const images = [1, 2].map((n) => `${window.location.origin}/uploads/products/phone-${n}.webp`);
    server.use(http.get('*/api/v1/products/:id', () => HttpResponse.json({ data: { ...phone, images } })));
    renderApp(`/products/${phone._id}`);
    // The gallery may render a slide more than once (its infinite loop clones the ends): every copy counts.
    const firsts = await screen.findAllByRole('img', { name: `${phone.title} - صورة 1` });
    for (const first of firsts) {
      expect(first).toHaveAttribute('fetchpriority', 'high');
      expect(first).toHaveAttribute('loading', 'eager');
      expect(first).toHaveAttribute('srcset', uploadSrcSet(images[0]));
      expect(first).toHaveAttribute('sizes', IMAGE_SIZES.productGallery);
    }
    for (const second of screen.queryAllByRole('img', { name: `${phone.title} - صورة 2` }))
      expect(second).not.toHaveAttribute('fetchpriority');
  }, 20_000);

  it('says there are no photos when the product has none', async () => {
    server.use(
      http.get('*/api/v1/products/:id', () => HttpResponse.json({ data: { ...shirt, imageCover: '', images: [] } })),
    );
    renderApp(`/products/${shirt._id}`);
    expect(await screen.findByText('لا توجد صور متاحة')).toBeInTheDocument();
    expect(screen.getByText('450 جنيه').closest('del')).toBeNull();
  });

  it('asks visitors to log in before adding to the cart', async () => {
    const adds = recordCartAdds();
    const { user } = renderApp(`/products/${shirt._id}`);
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText('قم بتسجيل الدخول اولا لاضافة المنتج للعربة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(adds).toHaveLength(0);
  });

  it('asks for a colour, then adds with it and refreshes the cart badge after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(customer);
    const adds = recordCartAdds();
    let cartCalls = 0;
    server.use(
      http.get('*/api/v1/cart', () => {
        cartCalls += 1;
        return HttpResponse.json(
          cartCalls === 1
            ? { ...cart, numOfCartItems: 0, data: { ...cart.data, products: [] } }
            : { ...cart, numOfCartItems: 3 },
        );
      }),
    );
    const { user } = renderApp(`/products/${phone._id}`);
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('0'));
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText('من فضلك اختر لون اولا للمنتج')).toBeInTheDocument();
    expect(adds).toHaveLength(0);

    const swatch = screen.getByRole('radio', { name: 'اللون رمادي غامق' });
    // The colour's Arabic name shows on hover too, never its code.
    expect(swatch.closest('label')).toHaveAttribute('title', 'رمادي غامق');
    await user.click(swatch);
    expect(swatch).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText('تمت اضافة المنتج للعربه بنجاح')).toBeInTheDocument();
    expect(adds).toEqual([{ productId: phone._id, color: '#4d4d4d' }]);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'));
  });

  it('sends an empty colour for a product without colours and explains a stock refusal', async () => {
    storeSession(customer);
    const adds = recordCartAdds(() =>
      HttpResponse.json({ status: 'fail', message: `Not enough stock for product: ${shirt.title}` }, { status: 409 }),
    );
    const { user } = renderApp(`/products/${shirt._id}`);
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText('الكمية المتاحة من هذا المنتج لا تكفي لاضافة قطعة اخرى')).toBeInTheDocument();
    expect(adds).toEqual([{ productId: shirt._id, color: '' }]);
  });

  it('adds the quantity chosen with the picker, which stays between 1 and the stock', async () => {
    storeSession(customer);
    const few = { ...shirt, quantity: 3 };
    server.use(http.get(`*/api/v1/products/${shirt._id}`, () => HttpResponse.json({ data: few })));
    const line = { _id: 'line-shirt', product: productRef(few), count: 1, color: '', price: few.price };
    const adds = recordCartAdds(() => HttpResponse.json(cartWith([line])));
    const counts: unknown[] = [];
    server.use(
      http.put('*/api/v1/cart/line-shirt', async ({ request }) => {
        counts.push(await request.json());
        return HttpResponse.json(cartWith([{ ...line, count: 3 }]));
      }),
    );
    const { user } = renderApp(`/products/${shirt._id}`);
    const fewer = await screen.findByRole('button', { name: 'انقاص الكمية' });
    const more = screen.getByRole('button', { name: 'زيادة الكمية' });
    const quantity = screen.getByLabelText('الكمية');
    expect(quantity).toHaveValue('1');
    expect(fewer).toBeDisabled();
    await user.click(more);
    await user.click(more);
    expect(quantity).toHaveValue('3');
    // Not above the 3 pieces in stock.
    expect(more).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText('تمت اضافة المنتج للعربه بنجاح')).toBeInTheDocument();
    expect(adds).toEqual([{ productId: shirt._id, color: '' }]);
    expect(counts).toEqual([{ count: 3 }]);
  });

  it("says the shop's limit per order when the 11th unit of a product is refused", async () => {
    storeSession(customer);
    recordCartAdds(() =>
      HttpResponse.json(
        { status: 'fail', message: `You can order at most 10 of one product: ${shirt.title}` },
        { status: 409 },
      ),
    );
    const { user } = renderApp(`/products/${shirt._id}`);
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText(`الحد الأقصى في الطلب الواحد 10 قطع من "${shirt.title}"`)).toBeInTheDocument();
  });

  it('says the cart is for customers when the cart refuses (an admin account), not to log in', async () => {
    storeSession(admin);
    recordCartAdds(() =>
      HttpResponse.json({ status: 'fail', message: 'You are not allowed to perform this action' }, { status: 403 }),
    );
    const { user } = renderApp(`/products/${shirt._id}`);
    await user.click(await screen.findByRole('button', { name: 'اضف للعربة' }));
    expect(await screen.findByText('العربة متاحة لحسابات العملاء فقط')).toBeInTheDocument();
    expect(screen.queryByText(/تسجيل الدخول اولا/)).not.toBeInTheDocument();
  });

  it('lists up to 4 products of the same category, without the product itself', async () => {
    const sameCategory = Array.from({ length: 5 }, (_, i) => ({ ...phone, _id: `p-${i}`, title: `منتج ${i}` }));
    let query = '';
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(listOf([phone, ...sameCategory]));
      }),
    );
    renderApp(`/products/${phone._id}`);
    const section = (await screen.findByRole('heading', { name: 'منتجات قد تعجبك' })).closest('section')!;
    expect(query).toContain('category=cat-1');
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(within(section).queryByText(phone.title)).not.toBeInTheDocument();
  });
});

describe('reviews', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the average, count and the reviews; the author alone can edit and delete', async () => {
    storeSession(customer);
    renderApp(`/products/${phone._id}`);
    const section = (await screen.findByRole('heading', { name: 'التقييمات' })).closest('section')!;
    // Counted in Arabic: 'تقييمان' for 2, never '(2 تقييم)'.
    expect(phone.ratingsQuantity).toBe(2);
    expect(within(section).getByText('(تقييمان)')).toBeInTheDocument();
    expect(await within(section).findByText(reviews[0].review)).toBeInTheDocument();
    expect(within(section).getByText(reviews[1].review)).toBeInTheDocument();
    expect(within(section).getAllByRole('button', { name: 'تعديل التقييم' })).toHaveLength(1);
    expect(within(section).getAllByRole('button', { name: 'حذف التقييم' })).toHaveLength(1);
  });

  it("going on to another product never lists the first one's reviews under it, even while its own load", async () => {
    const { router } = renderApp(`/products/${phone._id}`);
    const phoneReview = await screen.findByText(reviews[0].review);
    let answer: (response: Response) => void = () => undefined;
    server.use(
      http.get(`*/api/v1/products/${shirt._id}/reviews`, () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await act(() => router.navigate(`/products/${shirt._id}`));
    expect(await screen.findByRole('heading', { level: 1, name: shirt.title })).toBeInTheDocument();
    expect(phoneReview).not.toBeInTheDocument();
    expect(screen.queryByText(reviews[1].review)).not.toBeInTheDocument();
    answer(HttpResponse.json(listOf([{ ...reviews[1], _id: 'rev-shirt', product: shirt._id, review: 'قماش جيد' }])));
    expect(await screen.findByText('قماش جيد')).toBeInTheDocument();
    expect(screen.queryByText(reviews[0].review)).not.toBeInTheDocument();
  });

  it('says when there are no reviews and pages them 5 at a time', async () => {
    const pages: string[] = [];
    server.use(
      http.get('*/api/v1/products/:id/reviews', ({ request }) => {
        pages.push(new URL(request.url).search);
        return HttpResponse.json(listOf([]));
      }),
    );
    renderApp(`/products/${shirt._id}`);
    expect(await screen.findByText('لا يوجد تقيمات الان')).toBeInTheDocument();
    expect(pages[0]).toBe('?page=1&limit=5');
  });

  it('checks the new review, adds it and re-fetches the reviews after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(customer);
    let posted: unknown;
    let listCalls = 0;
    server.use(
      http.get('*/api/v1/products/:id/reviews', () => {
        listCalls += 1;
        return HttpResponse.json(listOf(reviews));
      }),
      http.post('*/api/v1/products/:id/reviews', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ data: { ...reviews[0], _id: 'rev-new' } }, { status: 201 });
      }),
    );
    const { user } = renderApp(`/products/${phone._id}`);
    const submit = await screen.findByRole('button', { name: 'اضف تعليق' });
    await user.click(submit);
    expect(await screen.findByText('من فضلك اكتب تعليق')).toBeInTheDocument();
    await user.type(screen.getByLabelText('اكتب تعليقك'), 'رائع');
    await user.click(submit);
    expect(await screen.findByText('من فضلك اختر تقييمًا للمنتج')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'تقييمك للمنتج' })).getByRole('radio', { name: '3.5 من 5' }),
    );
    await user.click(submit);
    expect(await screen.findByText('تمت الاضافه بنجاح')).toBeInTheDocument();
    expect(posted).toEqual({ review: 'رائع', rating: 3.5 });
    const before = listCalls;
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() => expect(listCalls).toBe(before + 1));
  });

  it.each([
    [403, { status: 'fail', message: 'You are not allowed to perform this action' }, 'غير مسموح للمسؤول بإضافة تقييم'],
    [
      400,
      { errors: [{ msg: 'You already added review on this product', path: 'review' }] },
      'لقد قمت بإضافة تقييم لهذا المنتج من قبل',
    ],
    [400, { status: 'fail', message: 'x' }, 'هناك مشكله في اضافه تعليقات في الوقت الحالي'],
    [500, { status: 'error', message: 'x' }, FAILURE_TEXTS.server],
  ])('explains a refused review (%i)', async (status, body, message) => {
    storeSession(customer);
    server.use(http.post('*/api/v1/products/:id/reviews', () => HttpResponse.json(body, { status })));
    const { user } = renderApp(`/products/${phone._id}`);
    await user.type(await screen.findByLabelText('اكتب تعليقك'), 'رائع');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'تقييمك للمنتج' })).getByRole('radio', { name: '5 من 5' }),
    );
    await user.click(screen.getByRole('button', { name: 'اضف تعليق' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('offers no review form to an admin, saying reviews are for customers', async () => {
    storeSession(admin);
    renderApp(`/products/${phone._id}`);
    expect(await screen.findByText('التقييمات للعملاء فقط، حسابات الادارة لا تضيف تقييمات')).toBeVisible();
    expect(screen.queryByLabelText('اكتب تعليقك')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'اضف تعليق' })).not.toBeInTheDocument();
  });

  it('edits the own review in a modal, checking its fields', async () => {
    storeSession(customer);
    let body: unknown;
    server.use(
      http.put('*/api/v1/reviews/:id', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: reviews[0] });
      }),
    );
    const { user } = renderApp(`/products/${phone._id}`);
    await user.click(await screen.findByRole('button', { name: 'تعديل التقييم' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('نص التقييم');
    await user.clear(text);
    await user.click(within(dialog).getByRole('button', { name: 'تعديل' }));
    expect(await screen.findByText('يرجى إدخال نص التقييم وقيمة أكبر من 0')).toBeInTheDocument();
    await user.type(text, 'تغير رأيي');
    await user.click(within(dialog).getByRole('radio', { name: '2 من 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'تعديل' }));
    expect(await screen.findByText('تم تعديل التقييم بنجاح')).toBeInTheDocument();
    expect(body).toEqual({ review: 'تغير رأيي', rating: 2 });
  });

  it.each([
    [400, 'هناك مشكله فى عملية التعديل'],
    [403, FAILURE_TEXTS.forbidden],
    [503, FAILURE_TEXTS.server],
  ])('reports a failed edit (%i)', async (status, text) => {
    storeSession(customer);
    server.use(http.put('*/api/v1/reviews/:id', () => HttpResponse.json({ status: 'fail', message: 'x' }, { status })));
    const { user } = renderApp(`/products/${phone._id}`);
    await user.click(await screen.findByRole('button', { name: 'تعديل التقييم' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'تعديل' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('deletes the own review after confirmation', async () => {
    storeSession(customer);
    const { user } = renderApp(`/products/${phone._id}`);
    await user.click(await screen.findByRole('button', { name: 'حذف التقييم' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('تأكيد الحذف')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تراجع' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('تم حذف التقييم بنجاح')).toBeInTheDocument();
  });

  it('reports a failed delete', async () => {
    storeSession(customer);
    server.use(
      http.delete('*/api/v1/reviews/:id', () => HttpResponse.json({ status: 'fail', message: 'x' }, { status: 400 })),
    );
    const { user } = renderApp(`/products/${phone._id}`);
    await user.click(await screen.findByRole('button', { name: 'حذف التقييم' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('هناك مشكله فى عملية المسح')).toBeInTheDocument();
  });
});
