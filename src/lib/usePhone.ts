import { useSyncExternalStore } from 'react';

/** Below Bootstrap's `md` breakpoint: the phone layout (sticky bottom bars, toasts at the bottom). */
const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is phone-sized now. */
export const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/** True while the window is phone-sized; follows rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
