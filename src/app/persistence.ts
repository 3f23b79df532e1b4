import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import {
  brandFilterToggled,
  categoryFilterToggled,
  priceFromChanged,
  priceToChanged,
  searchCriteriaRestored,
  searchWordChanged,
  sortChanged,
} from '../features/products/productsSlice';
import { loggedIn, loggedOut, userUpdated } from './userSlice';
import { removeStored, setStored } from '../lib/storage';
import type { RootState } from './store';

// The one place that mirrors Redux state into browser storage (SPEC §3 browser-local settings), so
// reducers stay pure and no component writes storage behind the store's back. Slices read their
// initial values from storage themselves. Add further mirrored settings here; a state area that a later page injects
// (the checkout's choices) registers its mirror on this middleware in its own slice file, as it loads.
export const persistenceMiddleware = createListenerMiddleware();

persistenceMiddleware.startListening({
  matcher: isAnyOf(loggedIn, userUpdated),
  effect: (action) => {
    if (loggedIn.match(action)) {
      setStored('token', action.payload.token);
      setStored('user', action.payload.user);
    } else if (userUpdated.match(action)) {
      setStored('user', action.payload);
    }
  },
});

persistenceMiddleware.startListening({
  actionCreator: loggedOut,
  effect: () => removeStored('token', 'user', 'checkoutChoice'),
});

persistenceMiddleware.startListening({
  matcher: isAnyOf(searchWordChanged, searchCriteriaRestored),
  effect: (_action, api) => setStored('searchWord', (api.getState() as RootState).products.searchWord),
});

// The listing's filters and sort (SPEC §3: catChecked, brandChecked, priceFrom, priceTo, sortType).
persistenceMiddleware.startListening({
  matcher: isAnyOf(
    categoryFilterToggled,
    brandFilterToggled,
    priceFromChanged,
    priceToChanged,
    sortChanged,
    searchCriteriaRestored,
  ),
  effect: (_action, api) => {
    const { catChecked, brandChecked, priceFrom, priceTo, sortType } = (api.getState() as RootState).products.filters;
    setStored('catChecked', catChecked);
    setStored('brandChecked', brandChecked);
    setStored('priceFrom', priceFrom);
    setStored('priceTo', priceTo);
    setStored('sortType', sortType);
  },
});
