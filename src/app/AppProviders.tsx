// Bootstrap, then our base styles, first in the first-load chunk: the stylesheets of our components follow them,
// so a component's rule overrides Bootstrap's at equal specificity (in main.tsx they came after, and lost).
import 'bootstrap/dist/css/bootstrap.rtl.min.css';
import '../styles.css';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import ThemeProvider from 'react-bootstrap/ThemeProvider';
import { Provider } from 'react-redux';
import { onToastsRequested, toastsRequested } from '../lib/toast';
import type { AppStore } from './store';

const Toasts = lazy(() => import('./Toasts'));

/**
 * The toast container, mounted on the first toast only: react-toastify stays off the first load of every page
 * (a toast raised before it arrives waits in react-toastify's queue and shows once the container mounts).
 */
function LazyToasts() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, toastsRequested);
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
