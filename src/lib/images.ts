/**
 * Responsive images for our own uploads. The server stores every uploaded image as `<name>.webp` (at most
 * 1200 px wide) with `<name>-w320.webp` and `<name>-w640.webp` beside it (server/lib/images.ts), so a card
 * on a phone downloads the 320 or 640 px copy instead of the full picture. Any other URL (an external
 * image, a static asset) is returned unchanged, without srcset.
 */
export const VARIANT_WIDTHS = [320, 640] as const;
const FULL_WIDTH = 1200;
/** `/products/<file>.webp` as API.md builds image URLs, or `/uploads/<kind>/<file>.webp`; not already a variant. */
const OWN_UPLOAD = /^\/(?:uploads\/)?(?:products|categories|brands)\/[\w.-]+\.webp$/;
const VARIANT = /-w\d+\.webp$/;

function apiOrigin(): string {
  const configured = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
  try {
    return new URL(configured || window.location.origin).origin;
  } catch {
    return window.location.origin;
  }
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** `src`, plus `srcSet` and `sizes` when the URL is one of our uploads. `sizes` is the slot width, e.g. "(min-width: 992px) 25vw, 50vw". */
export function responsiveImage(src: string, sizes: string): ResponsiveImage {
  let url: URL;
  try {
    url = new URL(src, window.location.href);
  } catch {
    return { src };
  }
  if (url.origin !== apiOrigin() || url.search || url.hash || !OWN_UPLOAD.test(url.pathname) || VARIANT.test(url.pathname)) return { src };
  const variant = (width: number) => src.replace(/\.webp$/, `-w${width}.webp`);
  const srcSet = [...VARIANT_WIDTHS.map((w) => `${variant(w)} ${w}w`), `${src} ${FULL_WIDTH}w`].join(', ');
  return { src, srcSet, sizes };
}
