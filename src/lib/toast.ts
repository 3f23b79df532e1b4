import { createElement } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify';
import type { ApiError } from '../api/types';
import ToastWithAction from '../components/ToastWithAction';
import { failureKind, failureText, isRetryable, type FailureWording } from './failures';
import { isPhone } from './usePhone';

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
  void loadToasts().then(({ toast }) => {
    // A phone shows one toast at a time (app/Toasts.tsx): the newest replaces the one on screen instead of waiting.
    if (isPhone()) toast.dismiss();
    toast[kind](content, options);
  });
};

const RETRY_LABEL = 'حاول مرة أخرى';

/** A toast whose button does something (retry, log in); the button closes it. */
const withAction = (kind: Kind) => (text: string, actionLabel: string, onAction: () => void, options?: ToastOptions) =>
  show(kind)(({ closeToast }) => createElement(ToastWithAction, { text, actionLabel, onAction, closeToast }), options);

/**
 * A failed call, said as lib/failures.ts words its class (or the screen's `wording` and `fallback`), with a retry button
 * when sending it again may work and the screen gives `retry`. Every failed call a screen reports goes through here.
 */
function failure(error: ApiError, options: FailureWording & { retry?: () => void } = {}): void {
  const kind = failureKind(error);
  const text = failureText(error, options);
  const style: Kind = kind === 'outOfStock' || kind === 'notLoggedIn' ? 'warn' : 'error';
  if (options.retry && isRetryable(kind)) withAction(style)(text, RETRY_LABEL, options.retry);
  else show(style)(text);
}

export const toast = {
  success: show('success'),
  error: show('error'),
  warn: show('warn'),
  info: show('info'),
  failure,
  warnWithAction: withAction('warn'),
};
