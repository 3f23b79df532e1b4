import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customer, products } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';

const heartOf = async (title: string) => {
  const card = (await screen.findByRole('link', { name: title })).closest('.card')!;
  return card.querySelector<HTMLButtonElement>('button[aria-label="اضافة للمفضلة"]')!;
};

/** An answer the test holds back until it calls `release`. */
function heldAnswer() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

/** The shopper's list, as the server read it when the page asked, answered only when the test says. */
function listAnsweredLater(readAtLoad: typeof products) {
  const { held, release } = heldAnswer();
  server.use(
    http.get('*/api/v1/wishlist', async () => {
      await held;
      return HttpResponse.json({ status: 'success', results: readAtLoad.length, data: readAtLoad });
    }),
  );
  return release;
}

describe('favourite hearts', () => {
  it("starts from the shopper's list and fills or clears at once", async () => {
    storeSession(customer);
    const calls: string[] = [];
    const { held, release } = heldAnswer();
    server.use(
      http.post('*/api/v1/wishlist', async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        await held;
        return HttpResponse.json({
          status: 'success',
          message: 'Product added successfully to your wishlist',
          data: [],
        });
      }),
      http.delete('*/api/v1/wishlist/:id', ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        return HttpResponse.json({
          status: 'success',
          message: 'Product removed successfully to your wishlist',
          data: [],
        });
      }),
    );
    const { user } = renderApp('/products');
    const phoneHeart = await heartOf(products[0].title);
    await waitFor(() => expect(phoneHeart).toHaveAttribute('aria-pressed', 'true'));
    const shirtHeart = await heartOf(products[1].title);
    expect(shirtHeart).toHaveAttribute('aria-pressed', 'false');

    await user.click(shirtHeart);
    // Filled before the server answers.
    expect(shirtHeart).toHaveAttribute('aria-pressed', 'true');
    release();
    expect(await screen.findByText('تمت اضافة المنتج للمفضلة بنجاح')).toBeInTheDocument();
    expect(calls).toEqual([`POST ${JSON.stringify({ productId: products[1]._id })}`]);

    await user.click(phoneHeart);
    expect(phoneHeart).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('تم حذف المنتج من المفضلة بنجاح')).toBeInTheDocument();
    expect(calls.at(-1)).toBe(`DELETE ${products[0]._id}`);
  });

  it('keeps a heart clicked while the list is still loading, as the server saved it', async () => {
    storeSession(customer);
    // The list the page asks for on load is read before the click is saved, and answers only after the click's call.
    const answerList = listAnsweredLater([products[0]]);
    const saved: string[] = [];
    server.use(
      http.post('*/api/v1/wishlist', async ({ request }) => {
        saved.push(((await request.json()) as { productId: string }).productId);
        return HttpResponse.json({
          status: 'success',
          message: 'Product added successfully to your wishlist',
          data: [products[0]._id, products[1]._id],
        });
      }),
    );
    const { user } = renderApp('/products');
    const shirtHeart = await heartOf(products[1].title);
    await user.click(shirtHeart);
    expect(await screen.findByText('تمت اضافة المنتج للمفضلة بنجاح')).toBeInTheDocument();
    expect(saved).toEqual([products[1]._id]);

    answerList();
    const phoneHeart = await heartOf(products[0].title);
    await waitFor(() => expect(phoneHeart).toHaveAttribute('aria-pressed', 'true'));
    expect(shirtHeart).toHaveAttribute('aria-pressed', 'true');
  });

  it('empties a heart whose call failed while the list was loading, even after the list arrives', async () => {
    storeSession(customer);
    const answerList = listAnsweredLater([products[0]]);
    server.use(
      http.post('*/api/v1/wishlist', () => HttpResponse.json({ status: 'error', message: 'down' }, { status: 503 })),
    );
    const { user } = renderApp('/products');
    const shirtHeart = await heartOf(products[1].title);
    await user.click(shirtHeart);
    await waitFor(() => expect(shirtHeart).toHaveAttribute('aria-pressed', 'false'));
    answerList();
    const phoneHeart = await heartOf(products[0].title);
    await waitFor(() => expect(phoneHeart).toHaveAttribute('aria-pressed', 'true'));
    expect(shirtHeart).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts the heart back and says to log in when the server answers 401', async () => {
    storeSession(customer);
    server.use(
      http.post('*/api/v1/wishlist', () =>
        HttpResponse.json({ status: 'fail', message: 'You are not logged in' }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/products');
    const heart = await heartOf(products[1].title);
    await user.click(heart);
    expect(await screen.findByText('قم بتسجيل الدخول اولا')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('makes no wishlist call for visitors and tells them to log in', async () => {
    let called = false;
    server.use(
      http.get('*/api/v1/wishlist', () => {
        called = true;
        return HttpResponse.json({ data: [] });
      }),
      http.post('*/api/v1/wishlist', () => {
        called = true;
        return HttpResponse.json({ data: [] });
      }),
    );
    const { user } = renderApp('/products');
    await user.click(await heartOf(products[0].title));
    expect(await screen.findByText('قم بتسجيل الدخول اولا لاضافة المنتج للمفضلة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(called).toBe(false);
  });
});
