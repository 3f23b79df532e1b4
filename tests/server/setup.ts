import { afterEach, expect } from 'vitest';
import { uncodedErrors } from './errorCodeCheck';

/**
 * The server answers each error message with its stable `code` (common/contract/errorCodes.ts). Two rules for every
 * server test:
 *
 * - An expected error body written without `code` (API.md's `{status, message}`, a field error `{type, msg, path…}`)
 *   matches the answer whatever its code: the assertions state API.md's shapes, and the code is checked below and in
 *   errorCodes.test.ts.
 * - A test whose requests got an error message that has no code fails (the app of createTestApp notes each one).
 */
const isErrorBody = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  'code' in value &&
  (('status' in value && 'message' in value) || ('type' in value && 'msg' in value));

const withoutCode = ({ code: _code, ...rest }: Record<string, unknown>) => rest;

const EXPECTED_WITHOUT_CODE = Symbol.for('shop.errorBodyWithoutCode');
const registered = globalThis as { [EXPECTED_WITHOUT_CODE]?: true };
if (!registered[EXPECTED_WITHOUT_CODE]) {
  registered[EXPECTED_WITHOUT_CODE] = true;
  expect.addEqualityTesters([
    function errorBodyWithoutCode(received: unknown, expected: unknown, customTesters) {
      const plain = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
      if (!plain(received) || !plain(expected)) return undefined;
      if (isErrorBody(received) && !('code' in (expected as object)))
        return this.equals(withoutCode(received), expected, customTesters);
      if (isErrorBody(expected) && !('code' in (received as object)))
        return this.equals(received, withoutCode(expected), customTesters);
      return undefined;
    },
  ]);
}

afterEach(() => {
  const found = uncodedErrors.splice(0);
  expect(found, 'error messages without a code in common/contract/errorCodes.ts').toEqual([]);
});
