import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { searchWordChanged } from '../features/products/productsSlice';
import { loggedIn, loggedOut, userUpdated } from '../features/user/userSlice';
import { removeStored, setStored } from '../lib/storage';

// The one place that mirrors Redux state into browser storage (SPEC §3 browser-local settings), so
// reducers stay pure and no component writes storage behind the store's back. Slices read their
// initial values from storage themselves. Add further mirrored settings here.
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
  effect: () => removeStored('token', 'user'),
});

persistenceMiddleware.startListening({
  actionCreator: searchWordChanged,
  effect: (action) => setStored('searchWord', action.payload),
});
