import { http, HttpResponse } from 'msw';
import type { User } from '../../../../src/api/types';
import { customer, TOKEN } from '../fixtures';

// The logged-in user's own account (API.md §5.2).
export const defaultHandlers = [
  http.get('*/api/v1/users/getMe', () => HttpResponse.json({ data: customer })),
  http.put('*/api/v1/users/updateMe', async ({ request }) => {
    const { currentPassword, ...body } = (await request.json()) as Partial<User> & { currentPassword?: string };
    if (body.email === undefined)
      return HttpResponse.json({ status: 'success', data: { user: { ...customer, ...body } } });
    // A new e-mail needs the current password, and only the token in the answer works afterwards (API.md §5.2).
    if (currentPassword !== 'Passw0rd!') {
      const msg = currentPassword ? 'Incorrect current password' : 'currentPassword is required to change the e-mail';
      return HttpResponse.json({ errors: [{ msg, path: 'currentPassword', location: 'body' }] }, { status: 400 });
    }
    return HttpResponse.json({ status: 'success', data: { user: { ...customer, ...body } }, token: `${TOKEN}-email` });
  }),
  http.put('*/api/v1/users/changeMyPassword', async ({ request }) => {
    const { currentPassword } = (await request.json()) as { currentPassword?: string };
    if (currentPassword !== 'Passw0rd!') {
      return HttpResponse.json(
        { errors: [{ msg: 'Incorrect current password', path: 'currentPassword', location: 'body' }] },
        { status: 400 },
      );
    }
    return HttpResponse.json({ data: customer, token: `${TOKEN}-new` });
  }),
];
