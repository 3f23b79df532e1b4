import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import AppProviders from './app/AppProviders';
import { createAppRouter } from './app/routes';
import { makeStore } from './app/store';

const store = makeStore();
const router = createAppRouter(store.dispatch);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
