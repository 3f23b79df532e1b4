import type { ReactNode } from 'react';
import ThemeProvider from 'react-bootstrap/ThemeProvider';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import type { AppStore } from './store';

/** Everything around the router; shared by main.tsx and the test renderer so tests see the real app. */
export default function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider dir="rtl">
        {children}
        {/* top-left is the far end of the line in right-to-left reading, away from the logo and search. */}
        <ToastContainer rtl position="top-left" autoClose={5000} newestOnTop />
      </ThemeProvider>
    </Provider>
  );
}
