import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { forgetFirstAnswers } from '../../src/api/firstAnswers';
import { server } from './mocks/server';
import type { Tester, TesterContext } from '@vitest/expect';

// Pages are lazy chunks compiled on first use: on a busy machine the first render of a file can take longer than
// Testing Library's 1 s default. Waiting longer never slows a passing test (the test timeout is in vitest.config.ts).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; react-bootstrap and the router call them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

// Vitest 4 hands a jsdom Blob's bytes to Node's fetch (msw's Request, URL.createObjectURL) through jsdom's internal
// `_buffer`, which jsdom 28 renamed `_bytes`; Vitest 5 reads either but needs Node 22. The old name is given back, so
// an uploaded file and a downloaded sheet carry their bytes instead of the text "undefined".
const anyBlob = new Blob() as unknown as Record<symbol, object>;
const blobImpl = Object.getPrototypeOf(anyBlob[Object.getOwnPropertySymbols(anyBlob)[0]]) as object;
if (!('_buffer' in blobImpl))
  Object.defineProperty(blobImpl, '_buffer', {
    get(this: { _bytes: Uint8Array }) {
      return this._bytes;
    },
  });

// jsdom's Blob has no stream(), which Node's fetch reads a Blob body with (msw answering a download with a Blob).
Blob.prototype.stream ??= function (this: Blob) {
  return new ReadableStream({
    start: async (controller) => {
      controller.enqueue(new Uint8Array(await this.arrayBuffer()));
      controller.close();
    },
  });
};

window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => {};

// A failed call's ApiError carries its message's code and values (src/api/client.ts): an expected ApiError or field
// error written without them (`{ status, message }`, `{ msg, path }`) matches whatever they are, as before they existed.
const READ_FROM_MESSAGE = ['code', 'values'];
const readError = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  ('message' in value || 'msg' in value) &&
  READ_FROM_MESSAGE.some((key) => key in value);
const withoutReading = (value: Record<string, unknown>, expected: object) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !READ_FROM_MESSAGE.includes(key) || key in expected));
const TESTER_ADDED = Symbol.for('shop.apiErrorWithoutCode');
const added = globalThis as { [TESTER_ADDED]?: true };
if (!added[TESTER_ADDED]) {
  added[TESTER_ADDED] = true;
  expect.addEqualityTesters([apiErrorWithoutCode]);
}
function apiErrorWithoutCode(this: TesterContext, received: unknown, expected: unknown, customTesters: Array<Tester>) {
  if (!readError(received) || typeof expected !== 'object' || expected === null || Array.isArray(expected))
    return undefined;
  if (!READ_FROM_MESSAGE.some((key) => key in received && !(key in expected))) return undefined;
  return this.equals(withoutReading(received, expected), expected, customTesters);
}

// Any request without a handler fails the test: no silent calls to unknown endpoints.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // The next test, perhaps of another file in this worker (vitest.config.ts: isolate off), starts on real timers.
  vi.useRealTimers();
  forgetFirstAnswers();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
