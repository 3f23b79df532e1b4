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
