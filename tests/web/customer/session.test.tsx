import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customer } from '../mocks/fixtures';
import { PASSWORD } from '../mocks/handlers/auth';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';
import { selectOrders } from '../../../src/features/orders/ordersSlice';

const EXPIRED = 'انتهت الجلسة، سجل الدخول من جديد';
const revoked = () =>
  HttpResponse.json(
    { status: 'fail', message: 'User recently changed password! Please login again..' },
    { status: 401 },
  );

describe('a session the server no longer accepts', () => {
  it('logs out and says so once when several calls answer 401 (token revoked by a password change elsewhere)', async () => {
    storeSession(customer);
    // Both answers wait until both calls are under way, so two 401s really arrive together.
    let arrived = 0;
    let bothArrived: () => void = () => {};
    const together = new Promise<void>((resolve) => (bothArrived = resolve));
    const revokedTogether = async () => {
      if (++arrived === 2) bothArrived();
      await together;
      return revoked();
    };
    server.use(http.get('*/api/v1/orders', revokedTogether), http.get('*/api/v1/cart', revokedTogether));
    const seen = recordRequests();
    const { router, store } = renderApp('/user/allorders');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    // The guard sends the /user page to the login screen; the top bar no longer shows the name.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('button', { name: customer.name })).not.toBeInTheDocument();
    expect(store.getState().user.user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(count(seen, 'GET', '/orders')).toBe(1);
    expect(count(seen, 'GET', '/cart')).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(EXPIRED)).toHaveLength(1);
  });

  it('keeps the session on other failures (403, 500)', async () => {
    storeSession(customer);
    server.use(http.get('*/api/v1/orders', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { store } = renderApp('/user/allorders');
    expect(await screen.findByText('تعذر تحميل البيانات')).toBeInTheDocument();
    expect(store.getState().user.user).not.toBeNull();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('does not treat a wrong password at login as an ended session', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), customer.email);
    await user.type(screen.getByLabelText('كلمة السر'), `${PASSWORD}x`);
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('كلمة السر او الايميل خطأ')).toBeInTheDocument();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('does not log out a new session because of a late 401 to the token it replaced', async () => {
    storeSession(customer, 'old-token');
    server.use(
      http.get('*/api/v1/orders', async ({ request }) => {
        if (request.headers.get('Authorization') !== 'Bearer old-token') return undefined;
        // The shopper logs in again (a new token) while this answer is on its way.
        storeSession(customer, 'new-token');
        return revoked();
      }),
    );
    const { store } = renderApp('/user/allorders');
    await waitFor(() => expect(selectOrders(store.getState()).status).toBe('failed'));
    expect(store.getState().user.user).not.toBeNull();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });
});
