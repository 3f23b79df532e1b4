import type { Id } from '../api/types';

/** What a visitor asked for before being sent to log in, finished once they have (only actions that are safe to repeat). */
export type PendingAction =
  | { kind: 'addToCart'; productId: Id; color: string; quantity: number; variant?: Id }
  | { kind: 'addToFavourites'; productId: Id };

/** The router state login and register carry: where to return, and the action to finish there. */
export interface AfterLogin {
  from: string;
  action?: PendingAction;
}

/**
 * A same-site path to return to, else '/': a path of this shop (one leading slash, no scheme or host, no backslash that
 * a browser would read as one) and not an account screen, which would loop.
 */
export function safeReturnPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith('/') || /^\/[/\\]/.test(path)) return '/';
  if ([...path].some((c) => c === '\\' || c.charCodeAt(0) < 0x20)) return '/';
  if (/^\/(login|register)(?=[/?#]|$)/.test(path)) return '/';
  return path;
}

function readPendingAction(value: unknown): PendingAction | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const action = value as Record<string, unknown>;
  if (typeof action.productId !== 'string' || !action.productId) return undefined;
  if (action.kind === 'addToFavourites') return { kind: 'addToFavourites', productId: action.productId };
  if (action.kind === 'addToCart' && typeof action.color === 'string') {
    // The quantity the visitor chose on the product page (1 when none was carried).
    const { quantity } = action;
    const count = typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1;
    const variant = typeof action.variant === 'string' && action.variant ? { variant: action.variant } : {};
    return { kind: 'addToCart', productId: action.productId, color: action.color, quantity: count, ...variant };
  }
  return undefined;
}

/** Reads the router state of /login or /register (anything else: back home, nothing to finish). */
export function readAfterLogin(state: unknown): AfterLogin {
  const raw = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  const action = readPendingAction(raw.action);
  return { from: safeReturnPath(raw.from), ...(action ? { action } : {}) };
}

/** The router state that sends a visitor to log in from `location` and back, finishing `action` there. */
export const loginStateFrom = (
  location: { pathname: string; search: string; hash?: string },
  action?: PendingAction,
): AfterLogin => ({
  from: `${location.pathname}${location.search}${location.hash ?? ''}`,
  ...(action ? { action } : {}),
});
