import { http, HttpResponse } from 'msw';
import { admin, customer, TOKEN } from '../fixtures';

const accounts = [customer, admin];

export const authHandlers = [
  http.post('*/api/v1/auth/login', async ({ request }) => {
    const { email, password } = (await request.json()) as { email?: string; password?: string };
    const user = accounts.find((u) => u.email === email);
    if (!user || password !== 'Passw0rd!') {
      return HttpResponse.json({ status: 'fail', message: 'Incorrect email or password' }, { status: 401 });
    }
    return HttpResponse.json({ data: user, token: TOKEN });
  }),
];
