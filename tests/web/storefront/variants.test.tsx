import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { cart, customer } from '../mocks/fixtures';
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
