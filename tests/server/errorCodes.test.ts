import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  errorCodeOf,
  messagePattern,
  messageValues,
  type Messages,
} from '../../common/contract/errorCodes';
import { useTestApp } from './helpers';

const t = useTestApp();

/** Each message of a code, with `x` for each value it carries. */
const examples = (messages: Messages) =>
  Object.entries(messages).flatMap(([code, m]) =>
    (typeof m === 'string' ? [m] : m).map((message) => ({
      code,
      message,
      example: message.replace(/<[A-Za-z]+>/g, 'x'),
    })),
  );

describe('error codes (common/contract/errorCodes.ts)', () => {
  it('name each message once: no message under two codes, every code found again from its message', () => {
    const all = examples(ERROR_MESSAGES);
    const messages = all.map(({ message }) => message);
    expect(messages.filter((m, i) => messages.indexOf(m) !== i)).toEqual([]);
    for (const { code, example } of all)
      expect([example, errorCodeOf(example, ERROR_MESSAGES)]).toEqual([example, code]);
    expect(Object.keys(ERROR_MESSAGES).every((code) => /^[a-z][a-z0-9_]*$/.test(code))).toBe(true);
  });

  it('read the values a message carries, and know no other text', () => {
    expect(errorCodeOf('No document for this id 42', ERROR_MESSAGES)).toBe('no_document');
    expect(errorCodeOf('Invalid governorate: control characters are not allowed', ERROR_MESSAGES)).toBe(
      'control_characters',
    );
    expect(errorCodeOf('Invalid governorate: EG-X, EG-Y', ERROR_MESSAGES)).toBe('governorates_unknown');
    expect(messageValues(ERROR_MESSAGES.product_sku_taken, 'Another product has this sku: AB-1')).toEqual(['AB-1']);
    expect(
      messagePattern(ERROR_MESSAGES.cart_per_product_limit).test('You can order at most 5 of one product: ساعة'),
    ).toBe(true);
    expect(errorCodeOf('Not a message of the shop', ERROR_MESSAGES)).toBeUndefined();
    expect(errorCodeOf('Invalid ID formate ', ERROR_MESSAGES)).toBeUndefined();
  });

  it('go with each error answer, beside API.md message', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(route.json()).toStrictEqual({
      status: 'fail',
      message: "Can't find this route: /api/v1/nothing-here",
      code: 'route_not_found',
    });
    const field = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} });
    expect(field.json().errors[0]).toMatchObject({
      msg: 'Email required field',
      path: 'email',
      code: 'email_required',
    });
  });

  it('are optional in what the tests expect: a body written without code still matches, a wrong code does not', () => {
    const answered = { status: 'fail', message: 'Cart is empty', code: 'cart_empty' };
    expect(answered).toEqual({ status: 'fail', message: 'Cart is empty' });
    expect(answered).not.toEqual({ status: 'fail', message: 'Cart is empty', code: 'cart_missing' });
    expect(answered).not.toEqual({ status: 'fail', message: 'Cart is not empty' });
    expect({ errors: [{ type: 'field', msg: 'Invalid value', path: 'x', code: 'invalid_value' }] }).toEqual({
      errors: [{ type: 'field', msg: 'Invalid value', path: 'x' }],
    });
  });
});
