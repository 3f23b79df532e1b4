import { http, HttpResponse } from 'msw';
import { admin, customer, TOKEN } from '../fixtures';

const accounts = [customer, admin];
export const PASSWORD = 'Passw0rd!';
export const RESET_CODE = '123456';
/** What our server's verifyResetCode answers; the reset made with another token is refused. */
export const RESET_TOKEN = 'reset-token-of-this-verification';

const validationError = (msg: string, path: string) =>
  HttpResponse.json({ errors: [{ type: 'field', msg, path, param: path, location: 'body' }] }, { status: 400 });

export const defaultHandlers = [
  http.post('*/api/v1/auth/login', async ({ request }) => {
    const { email, password } = (await request.json()) as { email?: string; password?: string };
    const user = accounts.find((u) => u.email === email);
    if (!user || password !== PASSWORD) {
      return HttpResponse.json({ status: 'fail', message: 'Incorrect email or password' }, { status: 401 });
    }
    return HttpResponse.json({ data: user, token: TOKEN });
  }),
  http.post('*/api/v1/auth/signup', async ({ request }) => {
    const body = (await request.json()) as { name: string; email: string; phone: string };
    if (accounts.some((u) => u.email === body.email)) return validationError('E-mail already in use', 'email');
    return HttpResponse.json(
      {
        data: { ...customer, _id: 'u-new', name: body.name, email: body.email, phone: body.phone },
        token: 'new-token',
      },
      { status: 201 },
    );
  }),
  http.post('*/api/v1/auth/forgotPasswords', async ({ request }) => {
    const { email, resetToken } = (await request.json()) as { email: string; resetToken?: string };
    // Without a token: the original backend, or ours with LEGACY_RESET_FLOW.
    if (resetToken !== undefined && resetToken !== RESET_TOKEN)
      return HttpResponse.json({ status: 'fail', message: 'reset code not verified' }, { status: 400 });
    return accounts.some((u) => u.email === email)
      ? HttpResponse.json({ status: 'Success', message: 'Reset code sent to your email' })
      : HttpResponse.json(
          { status: 'fail', message: `There is no user with this email address ${email}` },
          { status: 404 },
        );
  }),
  http.post('*/api/v1/auth/verifyResetCode', async ({ request }) => {
    const { resetCode } = (await request.json()) as { resetCode: string };
    return resetCode === RESET_CODE
      ? HttpResponse.json({ status: 'Success', resetToken: RESET_TOKEN })
      : HttpResponse.json({ status: 'fail', message: 'Reset code is invalid or has expired' }, { status: 400 });
  }),
  http.put('*/api/v1/auth/resetPassword', async ({ request }) => {
    const { email, resetToken } = (await request.json()) as { email: string; resetToken?: string };
    // Without a token: the original backend, or ours with LEGACY_RESET_FLOW.
    if (resetToken !== undefined && resetToken !== RESET_TOKEN)
      return HttpResponse.json({ status: 'fail', message: 'reset code not verified' }, { status: 400 });
    return accounts.some((u) => u.email === email)
      ? HttpResponse.json({ status: 'Success', token: 'reset-token' })
      : HttpResponse.json({ status: 'fail', message: 'reset code not verified' }, { status: 400 });
  }),
];
