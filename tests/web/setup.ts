import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearPrefetched } from '../../src/api/prefetch';
import { server } from './mocks/server';

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

// Any request without a handler fails the test: no silent calls to unknown endpoints.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // The next test, perhaps of another file in this worker (vitest.config.ts: isolate off), starts on real timers.
  vi.useRealTimers();
  clearPrefetched();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
