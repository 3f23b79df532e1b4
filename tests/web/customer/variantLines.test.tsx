import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customer } from '../mocks/fixtures';
import { cartWith } from '../mocks/handlers/cart';
import { makeOrder } from '../mocks/handlers/orders';
import { makeQuote } from '../mocks/handlers/delivery';
import { server } from '../mocks/server';
import { shirtWithSizes, variantLine, variantOrderItem } from '../mocks/variantFixtures';
import { renderApp, storeSession } from '../utils/renderWithProviders';

// Two variants of one product in one cart, and in one order: every screen names each line's variant.
const xlBlue = 'المقاس: XL، اللون: أزرق';
const mBlue = 'المقاس: M، اللون: أزرق';

const order = makeOrder(41, {
  cartItems: [variantOrderItem('oi-1', 'var-4', 1), variantOrderItem('oi-2', 'var-1', 2)],
  totalOrderPrice: 329 + 2 * 299,
});

beforeEach(() => storeSession(customer));

describe('lines of a product with options', () => {
  it('the cart names each line by its variant, with its photo', async () => {
    server.use(
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(cartWith([variantLine('line-1', 'var-4', 1), variantLine('line-2', 'var-1', 2)])),
      ),
    );
    renderApp('/cart');
    const lines = await screen.findAllByRole('listitem', { name: shirtWithSizes.title });
    expect(lines.map((line) => within(line).getByTestId('line-variant').textContent)).toEqual([xlBlue, mBlue]);
    expect(within(lines[0]!).getByRole('img', { name: shirtWithSizes.title })).toHaveAttribute(
      'src',
      shirtWithSizes.variants![3]!.image,
    );
    expect(within(lines[0]!).getByTestId('line-price')).toHaveTextContent('329 جنيه');
    expect(within(lines[1]!).getByTestId('line-price')).toHaveTextContent('299 جنيه');
    expect(screen.queryByTestId('line-stock')).not.toBeInTheDocument();
  });

  it('marks a line whose variant was removed and one sold out, and holds checkout until they go', async () => {
    server.use(
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(
          cartWith([
            variantLine('line-1', 'var-1', 1),
            variantLine('line-2', 'var-3', 1, false),
            variantLine('line-3', 'var-5', 1),
          ]),
        ),
      ),
    );
    const { user } = renderApp('/cart');
    const lines = await screen.findAllByRole('listitem', { name: shirtWithSizes.title });
    expect(within(lines[0]!).queryByTestId('line-stock')).not.toBeInTheDocument();
    expect(within(lines[1]!).getByTestId('line-stock')).toHaveTextContent(
      'هذا الاختيار لم يعد متاحا، احذفه من العربة لاتمام الشراء',
    );
    expect(within(lines[2]!).getByTestId('line-stock')).toHaveTextContent('نفذت الكمية');
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(
      await screen.findByText('بعض المنتجات لم تعد متوفرة بالكمية المطلوبة: قلل الكمية او احذفها لاتمام الشراء'),
    ).toBeInTheDocument();
  });

  it('the orders list, the order page and the invoice name each line by its variant', async () => {
    server.use(
      http.get('*/api/v1/orders', () =>
        HttpResponse.json({
          results: 1,
          paginationResult: { currentPage: 1, limit: 10, numberOfPages: 1 },
          data: [order],
        }),
      ),
      http.get(`*/api/v1/orders/${order._id}`, () => HttpResponse.json({ data: order })),
    );
    const { router } = renderApp('/user/allorders');
    const card = await screen.findByRole('article', { name: `طلب رقم #${order.id}` });
    expect(card).toHaveTextContent(xlBlue);
    expect(card).toHaveTextContent(mBlue);

    await router.navigate(`/user/orders/${order._id}`);
    const items = await screen.findAllByRole('listitem', { name: shirtWithSizes.title });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(xlBlue),
      expect.stringContaining(mBlue),
    ]);

    await router.navigate(`/user/orders/${order._id}/invoice`);
    const invoice = await screen.findByTestId('invoice');
    const rows = within(invoice).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[0]!.textContent)).toEqual([
      `${shirtWithSizes.title} (${xlBlue})`,
      `${shirtWithSizes.title} (${mBlue})`,
    ]);
  });

  it('says in Arabic why checkout refused a variant, and keeps the rest of the cart', async () => {
    let refused = false;
    const before = [variantLine('line-1', 'var-4', 1), variantLine('line-2', 'var-1', 2)];
    server.use(
      http.post('*/api/v1/orders/:cartId', () => {
        refused = true;
        return HttpResponse.json(
          { status: 'fail', message: `لا تكفي كمية «${shirtWithSizes.title}» (${xlBlue}): المتبقي 0` },
          { status: 409 },
        );
      }),
      http.get('*/api/v1/cart', () =>
        HttpResponse.json(
          cartWith(
            refused ? [{ ...before[0]!, variant: { ...before[0]!.variant!, quantity: 0 } }, before[1]!] : before,
          ),
        ),
      ),
      http.get('*/api/v1/delivery/quote', () => HttpResponse.json({ data: makeQuote('EG-C') })),
    );
    const { user, router } = renderApp('/order/paymethoud');
    await screen.findByRole('option', { name: 'المنزل' });
    await user.selectOptions(screen.getByLabelText('عنوان الشحن'), 'المنزل');
    await user.click(screen.getByRole('radio', { name: /الدفع عند الاستلام/ }));
    await user.click(screen.getByRole('button', { name: 'اتمام الشراء' }));
    expect(
      await screen.findByText(`لا تكفي كمية «${shirtWithSizes.title}» (${xlBlue}): المتبقي 0`),
    ).toBeInTheDocument();
    await router.navigate('/cart');
    const lines = await screen.findAllByRole('listitem', { name: shirtWithSizes.title });
    expect(lines).toHaveLength(2);
    await waitFor(() => expect(within(lines[0]!).getByTestId('line-stock')).toHaveTextContent('نفذت الكمية'));
    expect(within(lines[1]!).getByTestId('line-variant')).toHaveTextContent(mBlue);
  });
});
