import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { registrationProblem } from '../../../src/features/user/authMessages';
import { FAILURE_TEXTS } from '../../../src/lib/failures';
import { getStored, setStored } from '../../../src/lib/storage';
import { customer, TOKEN } from '../mocks/fixtures';
import { PASSWORD, RESET_CODE, RESET_TOKEN } from '../mocks/handlers/auth';
import { server } from '../mocks/server';
import { renderApp, storeSession } from '../utils/renderWithProviders';
import { REFUSED_PASSWORDS } from '../utils/passwordCases';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('login', () => {
  it('logs in, stores the session, greets and goes home after 1.5 s', async () => {
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), customer.email);
    await user.type(screen.getByLabelText('كلمة السر'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('تم تسجيل الدخول بنجاح')).toBeInTheDocument();
    expect(getStored('token')).toBe(TOKEN);
    // Only the SPEC §3 user fields are kept.
    const { _id, name, email, phone, role } = customer;
    expect(getStored('user')).toEqual({ _id, name, email, phone, role });
    // Real time also moves the clock (shouldAdvanceTime): leave a margin on a busy machine.
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(router.state.location.pathname).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(700));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('button', { name: customer.name })).toBeInTheDocument();
  });

  it('shows a spinner while the call runs', async () => {
    server.use(http.post('*/api/v1/auth/login', () => new Promise(() => {})));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), customer.email);
    await user.type(screen.getByLabelText('كلمة السر'), 'x');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByRole('status')).toHaveTextContent('جاري تسجيل الدخول');
  });

  it.each([
    ['ours (401)', 401, { status: 'fail', message: 'Incorrect email or password' }],
    ['the original backend (500)', 500, { status: 'error', message: 'Incorrect email or password', stack: '...' }],
  ])('rejects wrong credentials from %s and clears the session', async (_name, status, body) => {
    storeSession(customer, 'old-token');
    server.use(http.post('*/api/v1/auth/login', () => HttpResponse.json(body, { status })));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), customer.email);
    await user.type(screen.getByLabelText('كلمة السر'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('كلمة السر او الايميل خطأ')).toBeInTheDocument();
    expect(getStored('token')).toBeNull();
    expect(getStored('user')).toBeNull();
  });

  it('says the network is down (not that the password is wrong) when the login cannot reach the server', async () => {
    server.use(http.post('*/api/v1/auth/login', () => HttpResponse.error()));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), customer.email);
    await user.type(screen.getByLabelText('كلمة السر'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText(FAILURE_TEXTS.offline)).toBeInTheDocument();
    expect(screen.queryByText('كلمة السر او الايميل خطأ')).not.toBeInTheDocument();
  });

  it('links to registration and password recovery', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'اضغط هنا' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'هل نسيت كلمة السر؟' })).toHaveAttribute('href', '/user/forget-password');
  });

  it('logs out from the user menu to the home page', async () => {
    storeSession(customer);
    const { user, router } = renderApp('/products');
    await user.click(await screen.findByRole('button', { name: customer.name }));
    expect(screen.getByRole('link', { name: 'الصفحة الشخصية' })).toHaveAttribute('href', '/user/profile');
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    expect(router.state.location.pathname).toBe('/');
    expect(getStored('token')).toBeNull();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });
});

const valid = {
  name: 'سارة',
  email: 'sara@example.eg',
  password: 'Abcdef12',
  passwordConfirm: 'Abcdef12',
  phone: '01012345678',
};

describe('registration checks (SPEC §5 order)', () => {
  it.each([
    [{ name: ' ' }, 'name', 'من فضلك ادخل الاسم'],
    [{ phone: '0101234567' }, 'phone', 'رقم الهاتف يجب ان يتكون من 11 رقم'],
    [{ email: 'sara@' }, 'email', 'من فضلك ادخل بريد الكتروني صحيح'],
    [{ passwordConfirm: 'Abcdef13' }, 'passwordConfirm', 'كلمة السر وتأكيد كلمة السر غير متطابقين'],
    [{ password: 'Abcde12', passwordConfirm: 'Abcde12' }, 'password', 'كلمة السر يجب ان تكون 8 احرف على الاقل'],
    [
      { password: 'abcdef12', passwordConfirm: 'abcdef12' },
      'password',
      'كلمة السر يجب ان تحتوي على حرف كبير واحد على الاقل',
    ],
    [
      { password: 'ABCDEF12', passwordConfirm: 'ABCDEF12' },
      'password',
      'كلمة السر يجب ان تحتوي على حرف صغير واحد على الاقل',
    ],
    [
      { password: 'Abcdefgh', passwordConfirm: 'Abcdefgh' },
      'password',
      'كلمة السر يجب ان تحتوي على رقم واحد على الاقل',
    ],
    [{ password: 'Abc def12', passwordConfirm: 'Abc def12' }, 'password', 'كلمة السر يجب الا تحتوي على مسافات'],
    [{ name: '', phone: '1', email: 'x' }, 'name', 'من فضلك ادخل الاسم'],
  ])('%o → %s: %s', (change, field, message) => {
    expect(registrationProblem({ ...valid, ...change })).toEqual({ field, message });
  });

  it('passes a valid form', () => {
    expect(registrationProblem(valid)).toBeNull();
  });
});

async function fillRegistration(user: ReturnType<typeof renderApp>['user'], values: typeof valid) {
  await user.type(await screen.findByLabelText('الاسم'), values.name);
  await user.type(screen.getByLabelText('البريد الإلكتروني'), values.email);
  await user.type(screen.getByLabelText('كلمة السر'), values.password);
  await user.type(screen.getByLabelText('تأكيد كلمة السر'), values.passwordConfirm);
  await user.type(screen.getByLabelText('رقم الهاتف'), values.phone);
  await user.click(screen.getByRole('button', { name: 'تسجيل الحساب' }));
}

describe('registration screen', () => {
  it('stops at the first failed check without calling the server', async () => {
    let called = false;
    server.use(
      http.post('*/api/v1/auth/signup', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/register');
    await fillRegistration(user, { ...valid, phone: '0101' });
    expect(await screen.findByText('رقم الهاتف يجب ان يتكون من 11 رقم')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('registers, keeps the token and goes to /login after 2 s', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/auth/signup', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: { ...customer, _id: 'u-new' }, token: 'new-token' }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/register');
    await fillRegistration(user, { ...valid, phone: '٠١٠١٢٣٤٥٦٧٨' });
    expect(await screen.findByText('تم تسجيل الحساب بنجاح')).toBeInTheDocument();
    expect(body).toEqual({ ...valid, phone: '01012345678' });
    expect(getStored('token')).toBe('new-token');
    await act(() => vi.advanceTimersByTimeAsync(1300));
    expect(router.state.location.pathname).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(800));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    ['accept only egypt phone numbers', 'رقم الهاتف يجب ان يتكون من 11 رقم'],
    ['must be at least 6 chars', 'كلمة السر يجب ان تكون 6 احرف على الاقل'],
    ['E-mail already in use', 'هذا البريد الالكتروني مستخدم من قبل'],
  ])('shows the server refusal %s in Arabic', async (msg, message) => {
    server.use(
      http.post('*/api/v1/auth/signup', () => HttpResponse.json({ errors: [{ msg, path: 'x' }] }, { status: 400 })),
    );
    const { user } = renderApp('/register');
    await fillRegistration(user, valid);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('a sign-up the rate limit refused (429) says what happened and when to try again, from its Retry-After', async () => {
    server.use(
      http.post('*/api/v1/auth/signup', () =>
        HttpResponse.json(
          { status: 'fail', message: 'Too many requests, please try again later' },
          { status: 429, headers: { 'Retry-After': '1500' } },
        ),
      ),
    );
    const { user } = renderApp('/register');
    await fillRegistration(user, valid);
    expect(await screen.findByText('حاولت مرات كثيرة، حاول مرة أخرى بعد 25 دقيقة')).toBeInTheDocument();
    expect(screen.queryByText(/حدث خطأ/)).not.toBeInTheDocument();
  });

  it('keeps every label in sight once its field is filled, with no placeholder in its place', async () => {
    const { user } = renderApp('/register');
    await fillRegistration(user, { ...valid, phone: '0101' });
    for (const label of ['الاسم', 'البريد الإلكتروني', 'كلمة السر', 'تأكيد كلمة السر', 'رقم الهاتف']) {
      const input = screen.getByLabelText(label);
      expect(screen.getByText(label, { selector: 'label' })).toBeVisible();
      expect(input).not.toHaveAttribute('placeholder');
    }
    // E-mail and phone are the profile's kind of field (left to right, by their type), not text fields.
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('رقم الهاتف')).toHaveAttribute('type', 'tel');
  });

  it('says a refusal beside its field (and keeps it there), the field named and focused', async () => {
    const { user } = renderApp('/register');
    await fillRegistration(user, { ...valid, passwordConfirm: 'Other1234' });
    const confirm = screen.getByLabelText('تأكيد كلمة السر');
    expect(confirm).toHaveAccessibleDescription('كلمة السر وتأكيد كلمة السر غير متطابقين');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    // Still there long after a toast would have closed; gone once the field is corrected.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByText('كلمة السر وتأكيد كلمة السر غير متطابقين')).toBeVisible();
    await user.clear(confirm);
    await user.type(confirm, valid.password);
    expect(screen.queryByText('كلمة السر وتأكيد كلمة السر غير متطابقين')).not.toBeInTheDocument();
  });

  it('names the e-mail field when the server says it is taken', async () => {
    server.use(
      http.post('*/api/v1/auth/signup', () =>
        HttpResponse.json({ errors: [{ msg: 'E-mail already in use', path: 'email' }] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/register');
    await fillRegistration(user, valid);
    await waitFor(() =>
      expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAccessibleDescription(
        'هذا البريد الالكتروني مستخدم من قبل',
      ),
    );
  });

  it.each([
    ['the network is down', () => HttpResponse.error(), FAILURE_TEXTS.offline],
    ['the server fails', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), FAILURE_TEXTS.server],
  ])('says so when %s', async (_, answer, text) => {
    server.use(http.post('*/api/v1/auth/signup', answer));
    const { user } = renderApp('/register');
    await fillRegistration(user, valid);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('حدث خطأ في تسجيل الحساب، حاول مرة اخرى')).not.toBeInTheDocument();
  });
});

describe('password recovery', () => {
  it('is open to visitors', async () => {
    renderApp('/user/forget-password');
    expect(await screen.findByRole('heading', { name: 'نسيت كلمة السر' })).toBeInTheDocument();
  });

  it('asks for the e-mail, sends the code, keeps the e-mail and moves on after 1 s', async () => {
    const { user, router } = renderApp('/user/forget-password');
    await user.click(await screen.findByRole('button', { name: 'ارسال الكود' }));
    expect(await screen.findByText('من فضلك ادخل البريد الإلكتروني')).toBeInTheDocument();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), customer.email);
    await user.click(screen.getByRole('button', { name: 'ارسال الكود' }));
    expect(await screen.findByText('تم ارسال الكود للايميل')).toBeInTheDocument();
    expect(getStored('user-email')).toBe(customer.email);
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/verify-code'));
  });

  it('says when the account does not exist', async () => {
    const { user } = renderApp('/user/forget-password');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'nobody@example.eg');
    await user.click(screen.getByRole('button', { name: 'ارسال الكود' }));
    expect(await screen.findByText('هذا الحساب غير موجود لدينا')).toBeInTheDocument();
  });

  it('verifies the code and moves on after 1.5 s; a wrong code is refused', async () => {
    setStored('user-email', customer.email);
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/verifyResetCode', async ({ request }) => {
        sent = await request.json();
        const { resetCode } = sent as { resetCode: string };
        return resetCode === RESET_CODE
          ? HttpResponse.json({ status: 'Success', resetToken: RESET_TOKEN })
          : HttpResponse.json({ status: 'fail', message: 'Reset code is invalid or has expired' }, { status: 400 });
      }),
    );
    const { user, router } = renderApp('/user/verify-code');
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('من فضلك ادخل الكود')).toBeInTheDocument();
    const input = screen.getByLabelText('الكود');
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('الكود خاطئ او انتهت صلاحيته')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, RESET_CODE);
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('الكود صحيح')).toBeInTheDocument();
    expect(sent).toEqual({ resetCode: RESET_CODE, email: customer.email });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(router.state.location.pathname).toBe('/user/verify-code');
    await act(() => vi.advanceTimersByTimeAsync(700));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/reset-password'));

    // The reset carries the resetToken of this verification (API.md §5.1), which storage never holds.
    let resetBody: unknown;
    server.use(
      http.put('*/api/v1/auth/resetPassword', async ({ request }) => {
        resetBody = await request.json();
        return HttpResponse.json({ status: 'Success', token: 'after-reset' });
      }),
    );
    await user.type(await screen.findByLabelText('كلمة السر الجديدة'), 'NewPass12');
    await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), 'NewPass12');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة السر' }));
    expect(await screen.findByText('تم تغيير كلمة السر بنجاح')).toBeInTheDocument();
    expect(resetBody).toEqual({ email: customer.email, newPassword: 'NewPass12', resetToken: RESET_TOKEN });
    expect(JSON.stringify({ ...localStorage })).not.toContain(RESET_TOKEN);
  });

  it.each(REFUSED_PASSWORDS)(
    "refuses the new password %s with registration's rule and message, sending nothing",
    async (password, message) => {
      setStored('user-email', customer.email);
      let sent = 0;
      server.use(http.put('*/api/v1/auth/resetPassword', () => (sent++, HttpResponse.json({ status: 'Success' }))));
      const { user } = renderApp('/user/reset-password');
      await user.type(await screen.findByLabelText('كلمة السر الجديدة'), password);
      await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), password);
      await user.click(screen.getByRole('button', { name: 'حفظ كلمة السر' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('من فضلك اطلب كود جديد')).not.toBeInTheDocument();
      expect(sent).toBe(0);
    },
  );

  it.each([
    ['must be at least 6 chars', 'كلمة السر يجب ان تكون 6 احرف على الاقل'],
    ['must be at most 72 chars', 'كلمة السر طويلة جدا: الحد 72 حرفا انجليزيا او 36 حرفا عربيا'],
  ])('says what is wrong with a password the server refuses (%s), not "request a new code"', async (msg, message) => {
    setStored('user-email', customer.email);
    server.use(
      http.put('*/api/v1/auth/resetPassword', () =>
        HttpResponse.json({ errors: [{ msg, path: 'newPassword' }] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/user/reset-password');
    await user.type(await screen.findByLabelText('كلمة السر الجديدة'), 'NewPass12');
    await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), 'NewPass12');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة السر' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('sets the new password and goes to /login after 1.5 s', async () => {
    setStored('user-email', customer.email);
    const { user, router } = renderApp('/user/reset-password');
    const save = await screen.findByRole('button', { name: 'حفظ كلمة السر' });
    await user.click(save);
    expect(await screen.findByText('من فضلك ادخل كلمة السر الجديدة')).toBeInTheDocument();
    await user.type(screen.getByLabelText('كلمة السر الجديدة'), 'NewPass12');
    await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), 'NewPass13');
    await user.click(save);
    expect(await screen.findByText('كلمة السر وتأكيدها غير متطابقين')).toBeInTheDocument();
    await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), '{backspace}2');
    await user.click(save);
    expect(await screen.findByText('تم تغيير كلمة السر بنجاح')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks for a new code when the reset is refused', async () => {
    setStored('user-email', 'nobody@example.eg');
    const { user } = renderApp('/user/reset-password');
    await user.type(await screen.findByLabelText('كلمة السر الجديدة'), 'NewPass12');
    await user.type(screen.getByLabelText('تأكيد كلمة السر الجديدة'), 'NewPass12');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة السر' }));
    expect(await screen.findByText('من فضلك اطلب كود جديد')).toBeInTheDocument();
  });
});
