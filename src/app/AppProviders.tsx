import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import ThemeProvider from 'react-bootstrap/ThemeProvider';
import { Provider } from 'react-redux';
import { loadToasts, onToastsRequested, toastsRequested } from '../lib/toast';
import type { AppStore } from './store';

const Toasts = lazy(() => import('./Toasts'));
const AFTER_LOAD_MS = 3000;

/** The toast container, mounted on the first toast or once the page has loaded, whichever comes first. */
function LazyToasts() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, toastsRequested);
  useEffect(() => {
    if (requested) return;
    const load = () => void loadToasts();
    if (document.readyState === 'complete') {
      load();
      return;
    }
    // On a first visit, a while after the load event: the page's data calls and images come first.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => (timer = setTimeout(load, AFTER_LOAD_MS));
    window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, [requested]);
  return requested ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Everything around the router; shared by main.tsx and the test renderer so tests see the real app. */
export default function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider dir="rtl">
        {children}
        <LazyToasts />
      </ThemeProvider>
    </Provider>
  );
}
