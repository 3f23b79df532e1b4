import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import AppProviders from '../../../src/app/AppProviders';
import { createRoutes } from '../../../src/app/routes';
import { makeStore, type AppDispatch, type AppStore, type RootState } from '../../../src/app/store';
import { setStored } from '../../../src/lib/storage';
import type { User } from '../../../src/api/types';
import { TOKEN } from '../mocks/fixtures';

interface ProviderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  /** Starting state; slices not given start as in the app (user and searchWord read localStorage). */
  preloadedState?: Partial<RootState>;
  /** Use an existing store instead of a fresh one. */
  store?: AppStore;
}

interface ElementOptions extends ProviderOptions {
  /** Route pattern the element is mounted at, e.g. '/products/:id'. Default '/'. */
  path?: string;
  /** URL to start at, e.g. '/products/prod-1'. Default: `path`. */
  route?: string;
}

/**
 * Renders any route table at a URL (renderApp and renderWithProviders are shortcuts); a table of the store's
 * `dispatch` (createRoutes) is given as the function that makes it.
 */
export function renderRoutes(
  routes: RouteObject[] | ((dispatch: AppDispatch) => RouteObject[]),
  initialEntry: string,
  { preloadedState, store, ...options }: ProviderOptions = {},
) {
  const appStore = store ?? makeStore(preloadedState);
  const table = typeof routes === 'function' ? routes(appStore.dispatch) : routes;
  const router = createMemoryRouter(table, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const result = render(
    <AppProviders store={appStore}>
      <RouterProvider router={router} />
    </AppProviders>,
    options,
  );
  return { store: appStore, router, user, ...result };
}

/**
 * Renders one element at a route (for a page or component on its own). Navigations away from it land
 * on an empty catch-all route, so `router.state.location.pathname` shows where the element sent you.
 */
export function renderWithProviders(ui: ReactElement, { path = '/', route, ...options }: ElementOptions = {}) {
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: null },
    ],
    route ?? path,
    options,
  );
}

/** Renders the whole app (layout, guards, lazy pages) at a URL. */
export function renderApp(route = '/', options: ProviderOptions = {}) {
  return renderRoutes(createRoutes, route, options);
}

/** Stores a session the way a real login leaves it; call before rendering. */
export function storeSession(user: User, token = TOKEN) {
  setStored('user', user);
  setStored('token', token);
}
