import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import PayMethodPage from '../../../src/pages/storefront/PayMethodPage';
import { customer } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp, renderWithProviders, storeSession } from '../utils/renderWithProviders';

const NOTICE = 'متجر تجريبي — لا توجد مدفوعات حقيقية';
const CARD = 'الدفع عن طريق البطاقة الائتمانية';
const CASH = 'الدفع عند الاستلام';

/** Answers GET /shop with `data`, or with a failure (another backend has no such route); counts the calls. */
function shopAnswers(answer: { demo: boolean; cardPayment: boolean } | 'not-found' | 'network') {
  const calls = { n: 0 };
  server.use(
    http.get('*/api/v1/shop', () => {
      calls.n += 1;
      if (answer === 'not-found')
        return HttpResponse.json({ status: 'fail', message: "Can't find this route: /api/v1/shop" }, { status: 404 });
      if (answer === 'network') return HttpResponse.error();
      return HttpResponse.json({ data: answer });
    }),
  );
  return calls;
}

describe('demo shop notice', () => {
  it('shows on every page of a demo shop, asking the server once', async () => {
    const calls = shopAnswers({ demo: true, cardPayment: true });
    const { router } = renderApp('/');
    expect(await screen.findByRole('note')).toHaveTextContent(NOTICE);
    await router.navigate('/products');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(calls.n).toBe(1);
  });

  it.each([
    ['a real shop', { demo: false, cardPayment: true }],
    ['a backend without GET /shop (404)', 'not-found'],
    ['a failed request', 'network'],
  ] as const)('is absent in %s', async (_case, answer) => {
    const calls = shopAnswers(answer);
    renderApp('/');
    await waitFor(() => expect(calls.n).toBe(1));
    await screen.findAllByRole('link', { name: 'تسجيل الدخول' });
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });
});

describe('card payment on the payment-method screen', () => {
  const renderPay = () => renderWithProviders(<PayMethodPage />, { path: '/order/paymethoud' });

  it('offers cash only when the shop takes no card payment', async () => {
    storeSession(customer);
    const calls = shopAnswers({ demo: false, cardPayment: false });
    renderPay();
    expect(await screen.findByRole('radio', { name: CASH })).toBeInTheDocument();
    await waitFor(() => expect(calls.n).toBe(1));
    await waitFor(() => expect(screen.queryByRole('radio', { name: CARD })).not.toBeInTheDocument());
  });

  it.each([
    ['the shop takes cards', { demo: false, cardPayment: true }],
    ['a demo shop', { demo: true, cardPayment: true }],
    ['another backend (no GET /shop)', 'not-found'],
  ] as const)('offers card and cash when %s', async (_case, answer) => {
    storeSession(customer);
    const calls = shopAnswers(answer);
    renderPay();
    await waitFor(() => expect(calls.n).toBe(1));
    await screen.findByRole('option', { name: 'المنزل' });
    expect(screen.getByRole('radio', { name: CARD })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: CASH })).toBeInTheDocument();
  });
});
