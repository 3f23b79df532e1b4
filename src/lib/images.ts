import { uploadSrcSet } from '../../common/images';

/**
 * Responsive images for our own uploads (their sizes: common/images.ts). Any other URL (an external image, a static
 * asset) is returned unchanged, without srcset. Uploads kept in object storage are served from a bucket or CDN on
 * another origin; they are known by the names the server gives them (`<kind>/<kind>-<uuid>-<ms>….webp`).
 */

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
