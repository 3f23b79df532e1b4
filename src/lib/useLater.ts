import { useCallback, useEffect, useRef } from 'react';

/**
 * `later(fn, ms)` runs fn after ms (the SPEC's "after N s" redirects and re-fetches); every pending call is
 * cancelled when the component unmounts, so nothing fires on a screen the shopper already left.
 */
export function useLater() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
  return useCallback((fn: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      fn();
    }, ms);
    timers.current.add(id);
  }, []);
}
