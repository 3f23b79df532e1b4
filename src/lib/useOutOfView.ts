import { useEffect, useState, type RefObject } from 'react';

/**
 * True while the element is out of the window (IntersectionObserver; always false where there is none), so a sticky bar
 * can stand in for a button the shopper has scrolled away from. `enabled` false stops watching (and answers false).
 */
export function useOutOfView(ref: RefObject<Element | null>, enabled = true): boolean {
  const [outOfView, setOutOfView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') {
      setOutOfView(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setOutOfView(!entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return outOfView;
}
