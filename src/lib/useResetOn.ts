import { useState } from 'react';

/**
 * Calls `reset` while rendering whenever `key` differs from the last render's (not on the first render), so
 * state that belongs to a prop or a request (a count shown from the server, a list's "loading") follows it at
 * once. React's way to adjust state when a prop changes (react.dev, "You might not need an effect"): an effect
 * would first paint the stale state, then render again.
 */
export function useResetOn(key: string, reset: () => void): void {
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    reset();
  }
}
