import { beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers';
import { useContractApp } from './setup';

/** Accounts (auth and users): the security holes of the original backend that concern them (API.md §4.5). */
const { t, api, as, people } = useContractApp();
let user: TestUser, other: TestUser, manager: TestUser, admin: TestUser;
beforeEach(() => {
  ({ user, other, manager, admin } = people);
});

describe('§4.5 security holes stay closed', () => {
  it('3: change-password/:id is admin only', async () => {
    const payload = { currentPassword: other.password, password: 'hacked1', passwordConfirm: 'hacked1' };
    expect((await api('PUT', `/users/change-password/${other.id}`, { payload })).statusCode).toBe(401);
    expect((await api('PUT', `/users/change-password/${other.id}`, as(user, { payload }))).statusCode).toBe(403);
    expect((await api('PUT', `/users/change-password/${other.id}`, as(manager, { payload }))).statusCode).toBe(403);
    expect(
      (await api('POST', '/auth/login', { payload: { email: other.email, password: other.password } })).statusCode,
    ).toBe(200);
    expect((await api('PUT', `/users/change-password/${other.id}`, as(admin, { payload }))).statusCode).toBe(200);
    expect(
      (await api('POST', '/auth/login', { payload: { email: other.email, password: 'hacked1' } })).statusCode,
    ).toBe(200);
  });

  it('8: a reset code works once; bodies are type-checked', async () => {
    const sent: string[] = [];
    t.app.ctx.mailer.send = async (mail) => {
      sent.push(mail.text);
    };
    expect((await api('POST', '/auth/forgotPasswords', { payload: { email: user.email } })).json()).toEqual({
      status: 'Success',
      message: 'Reset code sent to your email',
    });
    const code = /(\d{6})/.exec(sent[0])![1];
    const verify = (await api('POST', '/auth/verifyResetCode', { payload: { resetCode: code } })).json();
    expect(verify).toEqual({ status: 'Success', resetToken: expect.any(String) });
    expect((await api('POST', '/auth/verifyResetCode', { payload: { resetCode: code } })).statusCode).toBe(400);
    // Knowing the e-mail is not enough after the owner verified: the reset needs the verification's resetToken.
    expect(
      (await api('PUT', '/auth/resetPassword', { payload: { email: user.email, newPassword: 'stolen12' } })).json(),
    ).toEqual({
      status: 'fail',
      message: 'reset code not verified',
    });
    const { resetToken } = verify;
    expect(
      (
        await api('PUT', '/auth/resetPassword', {
          payload: { email: user.email, newPassword: 'brandnew1', resetToken },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api('PUT', '/auth/resetPassword', {
          payload: { email: user.email, newPassword: 'brandnew2', resetToken },
        })
      ).json(),
    ).toEqual({
      status: 'fail',
      message: 'reset code not verified',
    });
    for (const payload of [
      { email: { $ne: null } },
      { email: [user.email] },
      { email: user.email, password: { $ne: null } },
    ]) {
      const res = await api('POST', '/auth/login', { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await api('POST', '/auth/forgotPasswords', { payload: { email: { $ne: null } } })).statusCode).toBe(400);
    expect((await api('POST', '/auth/verifyResetCode', { payload: { resetCode: { $ne: null } } })).statusCode).toBe(
      400,
    );
  });

  it('15: a deactivated account cannot log in and its tokens stop working', async () => {
    expect((await api('DELETE', '/users/deleteMe', as(user))).statusCode).toBe(204);
    const login = await api('POST', '/auth/login', { payload: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Incorrect email or password');
    const me = await api('GET', '/users/getMe', as(user));
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('The user that belong to this token does no longer exist');
    const signup = await api('POST', '/auth/signup', {
      payload: { name: 'Again', email: user.email, password: 'secret1', passwordConfirm: 'secret1' },
    });
    expect(signup.json().errors[0].msg).toBe('E-mail already in use');
  });
});
