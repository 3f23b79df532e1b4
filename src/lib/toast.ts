import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * The app's toasts. react-toastify (its code and its stylesheet, about 14 KB gzip) stays out of the first
 * load: it is fetched on the first toast. A toast raised before the container is mounted waits in
 * react-toastify's own queue and shows when the container mounts.
 */
type Kind = 'success' | 'error' | 'warn' | 'info';

let toastify: Promise<typeof import('react-toastify')> | undefined;
const listeners = new Set<() => void>();

/** Loads react-toastify once and tells the container (AppProviders) to mount. */
export function loadToasts() {
  if (!toastify) {
    toastify = import('react-toastify');
    listeners.forEach((listener) => listener());
  }
  return toastify;
}

export const toastsRequested = () => toastify !== undefined;

export function onToastsRequested(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const show = (kind: Kind) => (content: ToastContent, options?: ToastOptions) => {
  void loadToasts().then(({ toast }) => toast[kind](content, options));
};

export const toast = { success: show('success'), error: show('error'), warn: show('warn'), info: show('info') };
