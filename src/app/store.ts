import { configureStore } from '@reduxjs/toolkit';
import { oneAtATime, type OneAtATime } from '../lib/oneAtATime';
import { persistenceMiddleware } from './persistence';
import { rootReducer } from './rootReducer';
import { watchSessionExpiry } from './session';

export type RootState = ReturnType<typeof rootReducer>;

/** What every thunk of a store shares (its `extra`). */
export interface ThunkExtra {
  /**
   * The cart's calls, one at a time in the order made. Each answer is the whole cart, so only when the server reads
   * and answers them in that order is the last answer to arrive the cart as it is now (a read sent before a removal
   * and answered after it would bring the removed line back).
   */
  cartCalls: OneAtATime;
}

/** A fresh store; tests pass preloadedState to start from a given situation. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { cartCalls: oneAtATime() } satisfies ThunkExtra } }).prepend(
        persistenceMiddleware.middleware,
      ),
  });
  watchSessionExpiry(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
