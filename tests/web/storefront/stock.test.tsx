import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import CartPage from '../../../src/pages/storefront/CartPage';
import { cart, customer, listOf, products } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { server } from '../mocks/server';
import { renderApp, renderWithProviders, storeSession } from '../utils/renderWithProviders';

const [phone, shirt] = products;

const withQuantity = (quantity: number) =>
  server.use(
    http.get('*/api/v1/products/:id', ({ params }) =>
      params.id === phone._id ? HttpResponse.json({ data: { ...phone, quantity } }) : undefined,
    ),
  );

describe('stock on the product page', () => {
  it('a sold-out product says so and its add-to-cart button is disabled with that text', async () => {
    withQuantity(0);
    storeSession(customer);
    renderApp(`/products/${phone._id}`);
    await screen.findByRole('heading', { level: 1, name: phone.title });
    expect(screen.getByTestId('stock-note')).toHaveTextContent('نفذت الكمية');
    const button = screen.getByRole('button', { name: 'نفذت الكمية' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'اضف للعربة' })).not.toBeInTheDocument();
  });

  it.each([
    [1, 'متبقي قطعة واحدة فقط'],
    [2, 'متبقي قطعتان فقط'],
    [3, 'متبقي 3 قطع فقط'],
    [5, 'متبقي 5 قطع فقط'],
  ])('with %i left it says "%s" and still sells', async (quantity, text) => {
    withQuantity(quantity);
    renderApp(`/products/${phone._id}`);
    await screen.findByRole('heading', { level: 1, name: phone.title });
    expect(screen.getByTestId('stock-note')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'اضف للعربة' })).toBeEnabled();
  });

  it('says nothing about stock from 6 pieces up', async () => {
    withQuantity(6);
    renderApp(`/products/${phone._id}`);
    await screen.findByRole('heading', { level: 1, name: phone.title });
    expect(screen.queryByTestId('stock-note')).not.toBeInTheDocument();
    expect(screen.queryByText(/نفذت الكمية|متبقي/)).not.toBeInTheDocument();
  });
});

describe('stock on product cards', () => {
  it('a sold-out product card carries the label; others do not', async () => {
    server.use(http.get('*/api/v1/products', () => HttpResponse.json(listOf([{ ...phone, quantity: 0 }, shirt]))));
    renderApp('/products');
    const soldOutTitle = await screen.findByRole('link', { name: phone.title });
    const soldOutCard = soldOutTitle.closest('.product-card') as HTMLElement;
    expect(within(soldOutCard).getByText('نفذت الكمية')).toBeInTheDocument();
    expect(soldOutCard).toHaveClass('product-card--sold-out');
    const otherCard = screen.getByRole('link', { name: shirt.title }).closest('.product-card') as HTMLElement;
    expect(within(otherCard).queryByText('نفذت الكمية')).not.toBeInTheDocument();
  });
});

describe('cart lines over stock', () => {
  const [phoneLine, shirtLine] = cart.data.products;

  it('marks each line that asks for more than is left, and checkout waits until it is fixed', async () => {
    server.use(
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(
          cartWith([
            { ...phoneLine, count: 3, product: { ...phoneLine.product, quantity: 2 } },
            { ...shirtLine, count: 2, product: { ...shirtLine.product, quantity: 30 } },
          ]),
        ),
      ),
    );
    storeSession(customer);
    renderWithProviders(<CartPage />, { path: '/cart' });
    const over = await screen.findByRole('listitem', { name: phoneLine.product.title });
    expect(within(over).getByTestId('line-stock')).toHaveTextContent('متوفر قطعتان فقط');
    expect(within(over).getByLabelText('الكمية')).toHaveAccessibleDescription('متوفر قطعتان فقط');
    const fine = screen.getByRole('listitem', { name: shirtLine.product.title });
    expect(within(fine).queryByTestId('line-stock')).not.toBeInTheDocument();

    const checkout = screen.getByRole('button', { name: 'اتمام الشراء' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(/قلل الكمية او احذفها لاتمام الشراء/);
  });

  it('a sold-out line says so', async () => {
    server.use(
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(cartWith([{ ...phoneLine, count: 1, product: { ...phoneLine.product, quantity: 0 } }])),
      ),
    );
    storeSession(customer);
    renderWithProviders(<CartPage />, { path: '/cart' });
    const line = await screen.findByRole('listitem', { name: phoneLine.product.title });
    expect(within(line).getByTestId('line-stock')).toHaveTextContent('نفذت الكمية');
    expect(screen.getByRole('button', { name: 'اتمام الشراء' })).toBeDisabled();
  });

  it('a cart without stock figures (the original backend) offers checkout as before', async () => {
    storeSession(customer);
    renderWithProviders(<CartPage />, { path: '/cart' });
    await screen.findByRole('listitem', { name: phoneLine.product.title });
    expect(screen.queryByTestId('line-stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اتمام الشراء' })).toBeEnabled();
  });
});
