import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getStored } from '../../../src/lib/storage';
import UserProfilePage from '../../../src/pages/user/UserProfilePage';
import { customer } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';

const renderProfile = () => renderWithProviders(<UserProfilePage />, { path: '/user/profile' });

beforeEach(() => storeSession(customer));
afterEach(() => vi.useRealTimers());

describe('profile', () => {
  it('shows name, phone and e-mail', () => {
    renderProfile();
    expect(screen.getByText(customer.name)).toBeInTheDocument();
    expect(screen.getByText(customer.phone!)).toBeInTheDocument();
    expect(screen.getByText(customer.email)).toBeInTheDocument();
  });

  it('sends name and phone but not an unchanged e-mail, stores the new user, and re-fetches after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = recordRequests();
    const { user, store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('الاسم');
    await user.clear(name);
    await user.type(name, 'أحمد محمود');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التحديث بنجاح')).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/users/updateMe')?.body).toEqual({ name: 'أحمد محمود', phone: customer.phone });
    expect(store.getState().user.user?.name).toBe('أحمد محمود');
    await waitFor(() => expect(getStored('user')?.name).toBe('أحمد محمود'));
    expect(screen.getByText('أحمد محمود')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(count(seen, 'GET', '/users/getMe')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(count(seen, 'GET', '/users/getMe')).toBe(1));
  });

  it('sends the e-mail when it changed', async () => {
    const seen = recordRequests();
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('البريد الإلكتروني');
    await user.clear(email);
    await user.type(email, 'new@example.eg');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التحديث بنجاح')).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/users/updateMe')?.body).toEqual({ name: customer.name, phone: customer.phone, email: 'new@example.eg' });
  });

  it('warns when the update fails and keeps the dialog open', async () => {
    server.use(http.put('*/api/v1/users/updateMe', () => HttpResponse.json({ errors: [{ msg: 'E-mail already in use', path: 'email' }] }, { status: 400 })));
    const { user, store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('فشل في عملية التحديث')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(store.getState().user.user).toEqual(customer);
  });

  it('checks the phone before sending', async () => {
    const seen = recordRequests();
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'تعديل' }));
    const phone = within(await screen.findByRole('dialog')).getByLabelText('رقم الهاتف');
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('رقم الهاتف يجب ان يكون 11 رقم لهاتف محمول مصري')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  describe('password change', () => {
    async function submit(user: ReturnType<typeof renderProfile>['user'], current: string, password: string, confirm: string) {
      if (current) await user.type(screen.getByLabelText('كلمة السر الحالية'), current);
      if (password) await user.type(screen.getByLabelText('كلمة السر الجديدة'), password);
      if (confirm) await user.type(screen.getByLabelText('تاكيد كلمة السر الجديدة'), confirm);
      await user.click(screen.getByRole('button', { name: 'حفظ كلمة السر' }));
    }

    it('refuses a confirmation that does not match', async () => {
      const seen = recordRequests();
      const { user } = renderProfile();
      await submit(user, 'Passw0rd!', 'NewPassw0rd', 'Other123');
      expect(await screen.findByText('تاكيد كلمة السر غير متطابق')).toBeInTheDocument();
      expect(seen).toHaveLength(0);
    });

    it('asks for every field', async () => {
      const { user } = renderProfile();
      await submit(user, '', 'NewPassw0rd', 'NewPassw0rd');
      expect(await screen.findByText('من فضلك اكمل البيانات')).toBeInTheDocument();
    });

    it('changes it, then logs out and goes to /login after 1.5 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const seen = recordRequests();
      const { user, store, router } = renderProfile();
      await submit(user, 'Passw0rd!', 'NewPassw0rd', 'NewPassw0rd');
      expect(await screen.findByText('تم التحديث بنجاح')).toBeInTheDocument();
      expect(seen[0].body).toEqual({ currentPassword: 'Passw0rd!', password: 'NewPassw0rd', passwordConfirm: 'NewPassw0rd' });
      await act(() => vi.advanceTimersByTimeAsync(1400));
      expect(store.getState().user.user).not.toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(router.state.location.pathname).toBe('/login');
      expect(store.getState().user.user).toBeNull();
      expect(getStored('token')).toBeNull();
    });

    it('warns when the change fails', async () => {
      const { user, store } = renderProfile();
      await submit(user, 'wrong', 'NewPassw0rd', 'NewPassw0rd');
      expect(await screen.findByText('فشل في عملية التحديث')).toBeInTheDocument();
      expect(store.getState().user.user).not.toBeNull();
    });
  });
});
