import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getStored } from '../../../src/lib/storage';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import { loadToasts } from '../../../src/lib/toast';
import UserProfilePage from '../../../src/pages/user/UserProfilePage';
import { customer, TOKEN } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderWithProviders, storeSession } from '../utils/renderWithProviders';
import { count, recordRequests } from './helpers';
import { REFUSED_PASSWORDS } from '../utils/passwordCases';

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
    // The toast code already loaded (as after a visit's first toast): its download would otherwise run on the
    // advancing clock and eat into the 1.5 s this test counts from the save.
    await loadToasts();
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

  it('asks for the current password when the e-mail changed, sends it with the e-mail, and keeps the new token', async () => {
    const seen = recordRequests();
    const { user, store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'تعديل' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('كلمة السر الحالية')).not.toBeInTheDocument();
    const email = within(dialog).getByLabelText('البريد الإلكتروني');
    await user.clear(email);
    await user.type(email, 'new@example.eg');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('من فضلك ادخل كلمة السر الحالية لتغيير البريد الإلكتروني')).toBeInTheDocument();
    expect(seen).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('كلمة السر الحالية'), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('كلمة السر الحالية غير صحيحة')).toBeInTheDocument();
    expect(store.getState().user.token).toBe(getStored('token'));

    const password = within(dialog).getByLabelText('كلمة السر الحالية');
    await user.clear(password);
    await user.type(password, 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    expect(await screen.findByText('تم التحديث بنجاح')).toBeInTheDocument();
    expect(seen.at(-1)?.body).toEqual({
      name: customer.name,
      phone: customer.phone,
      email: 'new@example.eg',
      currentPassword: 'Passw0rd!',
    });
    // The token from before the change no longer works: the one in the answer replaces it.
    expect(store.getState().user.token).toBe(`${TOKEN}-email`);
    await waitFor(() => expect(getStored('token')).toBe(`${TOKEN}-email`));
    expect(store.getState().user.user?.email).toBe('new@example.eg');
  });

  it('warns when the update fails and keeps the dialog open', async () => {
    server.use(
      http.put('*/api/v1/users/updateMe', () =>
        HttpResponse.json({ errors: [{ msg: 'E-mail already in use', path: 'email' }] }, { status: 400 }),
      ),
    );
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
    async function submit(
      user: ReturnType<typeof renderProfile>['user'],
      current: string,
      password: string,
      confirm: string,
    ) {
      if (current) await user.type(screen.getByLabelText('كلمة السر الحالية'), current);
      if (password) await user.type(screen.getByLabelText('كلمة السر الجديدة'), password);
      if (confirm) await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), confirm);
      await user.click(screen.getByRole('button', { name: 'حفظ كلمة السر' }));
    }

    it('refuses a confirmation that does not match', async () => {
      const seen = recordRequests();
      const { user } = renderProfile();
      await submit(user, 'Passw0rd!', 'NewPassw0rd', 'Other123');
      expect(await screen.findByText('تأكيد كلمة السر غير متطابق')).toBeInTheDocument();
      expect(seen).toHaveLength(0);
    });

    it.each(REFUSED_PASSWORDS)(
      "refuses %s with registration's rule and message, sending nothing",
      async (password, message) => {
        const seen = recordRequests();
        const { user } = renderProfile();
        await submit(user, 'Passw0rd!', password, password);
        expect(await screen.findByText(message)).toBeInTheDocument();
        expect(seen).toHaveLength(0);
      },
    );

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
      expect(seen[0].body).toEqual({
        currentPassword: 'Passw0rd!',
        password: 'NewPassw0rd',
        passwordConfirm: 'NewPassw0rd',
      });
      await act(() => vi.advanceTimersByTimeAsync(1400));
      expect(store.getState().user.user).not.toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(router.state.location.pathname).toBe('/login');
      expect(store.getState().user.user).toBeNull();
      expect(getStored('token')).toBeNull();
    });

    it('says the current password is wrong when it is', async () => {
      const { user, store } = renderProfile();
      await submit(user, 'wrong', 'NewPassw0rd', 'NewPassw0rd');
      expect(await screen.findByText('كلمة السر الحالية غير صحيحة')).toBeInTheDocument();
      expect(screen.queryByText('فشل في عملية التحديث')).not.toBeInTheDocument();
      expect(store.getState().user.user).not.toBeNull();
    });

    it.each([
      [
        'any other refusal',
        () => HttpResponse.json({ message: 'Password confirmation is incorrect' }, { status: 400 }),
        'فشل في عملية التحديث',
      ],
      ['the network is down', () => HttpResponse.error(), FAILURE_TEXTS.offline],
      ['the server fails', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), FAILURE_TEXTS.server],
    ])('says what happened when the change fails: %s', async (_, answer, text) => {
      server.use(http.put('*/api/v1/users/changeMyPassword', answer));
      const { user, store } = renderProfile();
      await submit(user, 'Passw0rd!', 'NewPassw0rd', 'NewPassw0rd');
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(store.getState().user.user).not.toBeNull();
    });
  });
});
