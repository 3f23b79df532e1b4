/**
 * Responsive images for our own uploads. The server stores every uploaded image as `<name>.webp` (at most
 * 1200 px wide) with `<name>-w320.webp` and `<name>-w640.webp` beside it (server/lib/images.ts), so a card
 * on a phone downloads the 320 or 640 px copy instead of the full picture. Any other URL (an external
 * image, a static asset) is returned unchanged, without srcset. Uploads kept in object storage are served from a
 * bucket or CDN on another origin; they are known by the names the server gives them (`<kind>/<kind>-<uuid>-<ms>….webp`).
 */
const VARIANT_WIDTHS = [320, 640] as const;
const FULL_WIDTH = 1200;
/** `/products/<file>.webp` as API.md builds image URLs, or `/uploads/<kind>/<file>.webp`; not already a variant. */
const OWN_UPLOAD = /^\/(?:uploads\/)?(?:products|categories|brands)\/[\w.-]+\.webp$/;
const VARIANT = /-w\d+\.webp$/;
/** A name the server made for an upload, on whatever origin the storage serves it from. */
const STORED_UPLOAD =
  /\/(products|categories|brands)\/\1-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d+(?:-[\w]+)?\.webp$/;

function apiOrigin(): string {
  const configured = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');
  try {
    return new URL(configured || window.location.origin).origin;
  } catch {
    return window.location.origin;
  }
}

interface ResponsiveImage {
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
  const ours = url.origin === apiOrigin() ? OWN_UPLOAD.test(url.pathname) : STORED_UPLOAD.test(url.pathname);
  if (!ours || url.search || url.hash || VARIANT.test(url.pathname)) return { src };
  return { src, srcSet: uploadSrcSet(src), sizes };
}

/**
 * The srcset of one of our uploads (`….webp`): its 320 and 640 px copies and the original. Also used by the
 * server for the image preloads it writes into index.html, which must name exactly what the page will ask for.
 */
export function uploadSrcSet(src: string): string {
  const variant = (width: number) => src.replace(/\.webp$/, `-w${width}.webp`);
  return [...VARIANT_WIDTHS.map((w) => `${variant(w)} ${w}w`), `${src} ${FULL_WIDTH}w`].join(', ');
}

/** Slot widths of the product images (`sizes`), shared with the server's preloads of the same images. */
export const IMAGE_SIZES = {
  /** A product card: half the row on phones, a third on tablets, a quarter from lg (ProductGrid). */
  productCard: '(min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw',
  /** The product page's gallery: the full column on phones (container and box padding off), 5/12 of it from lg, at most 480 px (360 px high, 4:3). */
  productGallery: '(min-width: 992px) 480px, calc(100vw - 2.5rem)',
} as const;
