/**
 * Our uploads' sizes, which the server makes and the web app asks for: every uploaded image is stored as `<name>.webp`
 * (at most UPLOAD_FULL_WIDTH px wide) with a `<name>-w<width>.webp` copy for each of UPLOAD_VARIANT_WIDTHS beside it
 * (server/lib/images.ts), so a card on a phone downloads the 320 or 640 px copy instead of the full picture.
 */
export const UPLOAD_VARIANT_WIDTHS = [320, 640] as const;
export const UPLOAD_FULL_WIDTH = 1200;

/**
 * The srcset of one of our uploads (`….webp`): its 320 and 640 px copies and the original. The web app's images and the
 * server's image preloads in index.html both use it, so a preload names exactly what the page will ask for.
 */
export function uploadSrcSet(src: string): string {
  const variant = (width: number) => src.replace(/\.webp$/, `-w${width}.webp`);
  return [...UPLOAD_VARIANT_WIDTHS.map((w) => `${variant(w)} ${w}w`), `${src} ${UPLOAD_FULL_WIDTH}w`].join(', ');
}

/** Slot widths of the product images (`sizes`), shared with the server's preloads of the same images. */
export const IMAGE_SIZES = {
  /** A product card: half the row on phones, a third on tablets, a quarter from lg (ProductGrid). */
  productCard: '(min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw',
  /** The product page's gallery: the full column on phones (container and box padding off), 5/12 of it from lg, at most 480 px (360 px high, 4:3). */
  productGallery: '(min-width: 992px) 480px, calc(100vw - 2.5rem)',
} as const;
