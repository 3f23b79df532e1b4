import { useEffect, useState } from 'react';

/**
 * Turns true once the element comes within `margin` of the window, or once the shopper scrolls the page at all, and
 * stays true: what is below the fold (its code and its data) loads as the shopper heads towards it, not with the
 * first screen. The first scroll is the earlier sign: what loads then is usually in place before it comes into
 * view, so nothing the shopper is looking at moves when it arrives. Where there is no IntersectionObserver, true at
 * once. `element` comes from a callback ref (`ref={setSlot}`), so a slot drawn only once the page's data arrives is
 * still watched.
 */
export function useNearView(element: Element | null, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const onScroll = () => setNear(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [near]);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
