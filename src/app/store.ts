import { configureStore } from '@reduxjs/toolkit';
import { persistenceMiddleware } from './persistence';
import { rootReducer } from './rootReducer';
import { watchSessionExpiry } from './session';

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store; tests pass preloadedState to start from a given situation. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistenceMiddleware.middleware),
  });
  watchSessionExpiry(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
