import { useCallback, useEffect, useRef } from 'react';

type Timer = ReturnType<typeof setTimeout>;

/**
 * The one timer of the web app. `later(fn, ms)` runs fn after ms (the SPEC's "after N s" redirects and re-fetches)
 * and returns what cancels that call; `later(fn, ms, key)` first drops the call still pending under the same key
 * (a debounce, or a re-fetch that the next action postpones). Every pending call is cancelled when the component
 * unmounts, so nothing fires on a screen the shopper already left.
 */
export function useLater() {
  const timers = useRef(new Map<Timer, string | undefined>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((_, id) => clearTimeout(id));
      pending.clear();
    };
  }, []);
  return useCallback((fn: () => void, ms: number, key?: string) => {
    const pending = timers.current;
    const cancel = (id: Timer) => {
      clearTimeout(id);
      pending.delete(id);
    };
    if (key !== undefined) pending.forEach((timerKey, id) => timerKey === key && cancel(id));
    const id = setTimeout(() => {
      pending.delete(id);
      fn();
    }, ms);
    pending.set(id, key);
    return () => cancel(id);
  }, []);
}
