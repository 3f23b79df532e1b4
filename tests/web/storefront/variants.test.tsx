import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { cart, customer, listOf, products } from '../mocks/fixtures';
import { filterProducts, optionValuesOf } from '../mocks/handlers/catalog';
import { server } from '../mocks/server';
import { shirtWithSizes } from '../mocks/variantFixtures';
import { renderApp, storeSession } from '../utils/renderWithProviders';

const page = `/products/${shirtWithSizes._id}`;

function serveShirt() {
  server.use(
    http.get(`*/api/v1/products/${shirtWithSizes._id}`, () => HttpResponse.json({ data: shirtWithSizes })),
    http.get('*/api/v1/products', () =>
      HttpResponse.json({ results: 0, paginationResult: { currentPage: 1, limit: 5, numberOfPages: 0 }, data: [] }),
    ),
  );
}

const group = (name: string) => screen.getByRole('group', { name });
const value = (option: string, name: RegExp | string) => within(group(option)).getByRole('button', { name });

describe('a product with options (sizes × colours)', () => {
  beforeEach(serveShirt);

  it('shows each option as a group of buttons, colours as named swatches, and the lowest price as "من"', async () => {
    renderApp(page);
    await screen.findByRole('heading', { level: 1, name: shirtWithSizes.title });
    const sizes = within(group('المقاس')).getAllByRole('button');
    // In the options' order, which the page's dir="rtl" lays out from the right (the Chromium test looks).
    expect(sizes.map((b) => b.textContent)).toEqual(['M', 'L', 'XL']);
    expect(value('اللون', 'أزرق')).toHaveAttribute('aria-pressed', 'false');
    expect(value('اللون', 'أحمر')).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent('من 299 جنيه');
    // No colour radio of a product without options.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('strikes a value with no stock in the current choice, and does not let it be added', async () => {
    const { user } = renderApp(page);
    await screen.findByRole('heading', { level: 1, name: shirtWithSizes.title });
    await user.click(value('اللون', 'أحمر'));
    // XL in red is sold out; L in red is not sold at all.
    expect(value('المقاس', /XL/)).toHaveClass('variant-value--sold-out');
    expect(value('المقاس', /XL/)).toHaveAccessibleName('XL، نفذت الكمية');
    expect(value('المقاس', /^L/)).toHaveClass('variant-value--sold-out');
    expect(value('المقاس', 'M')).not.toHaveClass('variant-value--sold-out');
    await user.click(value('المقاس', /XL/));
    expect(screen.getByTestId('stock-note')).toHaveTextContent('نفذت الكمية');
    expect(screen.getByRole('button', { name: 'نفذت الكمية' })).toBeDisabled();
  });

  it('choosing XL / أزرق shows its price, struck price, stock, SKU and photo at once, and puts it in the URL', async () => {
    const { user, router } = renderApp(page);
    await screen.findByRole('heading', { level: 1, name: shirtWithSizes.title });
    await user.click(value('المقاس', 'XL'));
    await user.click(value('اللون', 'أزرق'));
    const price = screen.getByTestId('product-price');
    expect(price).toHaveTextContent('329 جنيه');
    expect(within(price).getByText('349 جنيه', { exact: false }).closest('del')).not.toBeNull();
    expect(screen.getByTestId('stock-count')).toHaveTextContent('3');
    expect(screen.getByTestId('stock-note')).toHaveTextContent('متبقي 3 قطع فقط');
    expect(screen.getByTestId('product-sku')).toHaveTextContent('SH-XL-BL');
    expect(value('المقاس', 'XL')).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?variant=var-4');
    // The gallery opens on the variant's own photo.
    const first = await screen.findAllByRole('img', { name: `${shirtWithSizes.title} - صورة 1` });
    expect(first.some((img) => img.getAttribute('src')?.includes('classic-shirt-blue'))).toBe(true);
  }, 20_000);

  it('keeps the quantity within what the variant chosen since has left', async () => {
    const { user } = renderApp(`${page}?variant=var-1`);
    await screen.findByRole('heading', { level: 1, name: shirtWithSizes.title });
    const quantity = screen.getByLabelText('الكمية');
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'زيادة الكمية' }));
    expect(quantity).toHaveValue('6');
    await user.click(value('المقاس', 'XL'));
    // XL in blue has 3 left.
    expect(quantity).toHaveValue('3');
  });

  it('opens a shared link on its variant', async () => {
    renderApp(`${page}?variant=var-2`);
    await screen.findByRole('heading', { level: 1, name: shirtWithSizes.title });
    expect(value('المقاس', 'M')).toHaveAttribute('aria-pressed', 'true');
    expect(value('اللون', 'أحمر')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('product-price')).toHaveTextContent('299 جنيه');
    expect(screen.getByTestId('product-sku')).toHaveTextContent('SH-M-RD');
    expect(screen.getByTestId('stock-note')).toHaveTextContent('متبقي 5 قطع فقط');
  });

  it('says which option to pick next to it and moves focus there; then sends the variant to the cart', async () => {
    storeSession(customer);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/cart', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...cart, message: 'Product added successfully to your cart' });
      }),
    );
    const { user } = renderApp(page);
    await screen.findByRole('heading', { level: 1, name: shirtWithSizes.title });
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    expect(within(group('المقاس')).getByRole('alert')).toHaveTextContent('من فضلك اختر المقاس');
    await waitFor(() => expect(value('المقاس', 'M')).toHaveFocus());
    await user.click(value('المقاس', 'L'));
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    expect(within(group('اللون')).getByRole('alert')).toHaveTextContent('من فضلك اختر اللون');
    await waitFor(() => expect(value('اللون', 'أزرق')).toHaveFocus());
    expect(bodies).toEqual([]);
    await user.click(value('اللون', 'أزرق'));
    await user.click(screen.getByRole('button', { name: 'اضف للعربة' }));
    await waitFor(() => expect(bodies).toEqual([{ productId: shirtWithSizes._id, variant: 'var-3' }]));
  });
});

describe('the listing with products that have options', () => {
  const all = [...products, shirtWithSizes];
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get('*/api/v1/products', ({ request }) => HttpResponse.json(listOf(filterProducts(request, all), 8))),
      http.get('*/api/v1/products/optionValues', ({ request }) => optionValuesOf(request, all)),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('prices a product whose variants differ "من 299 جنيه" on its card, others as before', async () => {
    renderApp('/products');
    const card = (await screen.findByRole('link', { name: shirtWithSizes.title })).closest(
      '.product-card',
    ) as HTMLElement;
    expect(within(card).getByText('من 299 جنيه')).toBeInTheDocument();
    const phoneCard = screen.getByRole('link', { name: products[0].title }).closest('.product-card') as HTMLElement;
    expect(within(phoneCard).getByText('11,999 جنيه')).toBeInTheDocument();
  });

  it('filters by an option value beside the other filters, and keeps it in the address', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/products', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json(listOf(filterProducts(request, all), 8));
      }),
    );
    const { user, router } = renderApp('/products');
    const filter = await screen.findByRole('complementary', { name: 'تصفية النتائج' });
    const sizes = await within(filter).findByRole('group', { name: 'المقاس' });
    // Sizes the in-stock variants have; the colours with their swatches.
    expect(
      within(sizes)
        .getAllByRole('checkbox')
        .map((box) => box.closest('.form-check')!.textContent),
    ).toEqual(['الكل', 'M', 'L', 'XL']);
    expect(within(filter).getByRole('group', { name: 'اللون' })).toBeInTheDocument();
    await user.click(within(sizes).getByRole('checkbox', { name: 'XL' }));
    act(() => vi.advanceTimersByTime(1100));
    await waitFor(() => expect(searches.at(-1)!.get('options')).toBe('المقاس:XL'));
    expect(new URLSearchParams(router.state.location.search).get('options')).toBe('المقاس:XL');
    await waitFor(() => expect(screen.queryByRole('link', { name: products[0].title })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: shirtWithSizes.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ازالة المقاس: XL' })).toBeInTheDocument();
  });

  it('opens an address with the filter on it', async () => {
    renderApp(`/products?options=${encodeURIComponent('اللون:أحمر')}&page=1`);
    const filter = await screen.findByRole('complementary', { name: 'تصفية النتائج' });
    const colours = await within(filter).findByRole('group', { name: 'اللون' });
    expect(within(colours).getByRole('checkbox', { name: 'أحمر' })).toBeChecked();
    expect(await screen.findByRole('link', { name: shirtWithSizes.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: products[0].title })).not.toBeInTheDocument();
  });
});
