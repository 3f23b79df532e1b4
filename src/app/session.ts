import { onSessionExpired } from '../api/client';
import { loggedOut } from './userSlice';
import { toast } from '../lib/toast';
import type { AppStore } from './store';

const SESSION_EXPIRED_MESSAGE = 'انتهت الجلسة، سجل الدخول من جديد';

/**
 * Ends the session when the server stops accepting its token: logs out (the top bar shows the visitor's links, the guards
 * send /user pages to /login) and says so once, however many calls fail together.
 */
export function watchSessionExpiry(store: AppStore): void {
  onSessionExpired(() => {
    if (store.getState().user.user === null) return;
    store.dispatch(loggedOut());
    toast.warn(SESSION_EXPIRED_MESSAGE, { toastId: 'session-expired' });
  });
}
