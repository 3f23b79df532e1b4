import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import ImageGallery, { type ImageGalleryRef } from 'react-image-gallery';
import 'react-image-gallery/styles/image-gallery.css';
import { GALLERY_PHOTO_HEIGHT, GALLERY_PHOTO_WIDTH, galleryPhoto, NO_IMAGES_TEXT } from './galleryPhotos';

const NEXT_IMAGE_LABEL = 'الصورة التالية';
const PREVIOUS_IMAGE_LABEL = 'الصورة السابقة';
const imagePositionLabel = (n: number, total: number) => `الصورة ${n} من ${total}`;

function NavButton({
  side,
  label,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`image-gallery-icon image-gallery-${side}-nav`}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <svg
        className="image-gallery-svg"
        viewBox="6 0 12 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1}
        aria-hidden="true"
        focusable="false"
      >
        <polyline points={side === 'left' ? '15 18 9 12 15 6' : '9 18 15 12 9 6'} />
      </svg>
    </button>
  );
}

/**
 * The product's images with next/previous arrows, dots and no thumbnails (its own lazily loaded chunk).
 *
 * react-image-gallery 2's `isRTL` lays the slides out right to left but still moves them leftwards, so under
 * the page's dir="rtl" the current image sat outside its box. The gallery therefore runs in its own
 * left-to-right mode inside a dir="ltr" box, with the images in reverse order: the first image is the
 * rightmost, the next one lies to its left, and the left arrow (or the ← key) brings it in from the left,
 * as an Arabic reader expects.
 */
export default function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const gallery = useRef<ImageGalleryRef>(null);
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(0);
  const last = images.length - 1;

  // The package names every slide "Go to Slide N", which would hide the image's Arabic alt text from screen
  // readers; without that label a slide is named by its image. Removed before the gallery is first painted, and again
  // whenever the gallery draws slides on its own (it re-renders without this component).
  const hasBox = images.length > 0;
  useLayoutEffect(() => {
    const root = box.current;
    if (!hasBox || !root) return;
    const unlabel = () =>
      root.querySelectorAll('.image-gallery-slide[aria-label]').forEach((slide) => slide.removeAttribute('aria-label'));
    unlabel();
    const observer = new MutationObserver(unlabel);
    observer.observe(root, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [hasBox]);

  // The same array across renders: the gallery goes back to its start slide whenever `items` changes.
  // Responsive copies of our uploads; the first image is the page's largest paint (the server preloads the same
  // srcset and sizes from index.html for /products/{id}), so it is fetched first and never lazily.
  const items = useMemo(
    () =>
      images
        .map((src, i) => {
          const photo = galleryPhoto(src, title, i);
          return {
            original: photo.src,
            srcSet: photo.srcSet,
            sizes: photo.sizes,
            originalAlt: photo.alt,
            originalHeight: String(GALLERY_PHOTO_HEIGHT),
            originalWidth: String(GALLERY_PHOTO_WIDTH),
          };
        })
        .reverse(),
    [images, title],
  );

  if (images.length === 0) {
    return <p className="text-body-secondary text-center py-5 bg-white rounded">{NO_IMAGES_TEXT}</p>;
  }

  return (
    <div ref={box} className="bg-white rounded p-2 product-gallery" dir="ltr">
      <ImageGallery
        ref={gallery}
        items={items}
        startIndex={last}
        // The dots follow as a slide starts (onSlide is not called for every kind of move).
        onBeforeSlide={(index) => setShown(last - index)}
        showThumbnails={false}
        showFullscreenButton={false}
        showPlayButton={false}
        showNav={images.length > 1}
        lazyLoad
        renderItem={(item) => {
          const first = item.original === images[0];
          return (
            <img
              className="image-gallery-image"
              src={item.original}
              srcSet={item.srcSet || undefined}
              sizes={item.sizes || undefined}
              alt={item.originalAlt}
              width={item.originalWidth}
              height={item.originalHeight}
              fetchPriority={first ? 'high' : undefined}
              loading={first ? 'eager' : 'lazy'}
            />
          );
        }}
        renderLeftNav={(onClick, disabled) => (
          <NavButton side="left" label={NEXT_IMAGE_LABEL} disabled={disabled} onClick={onClick} />
        )}
        renderRightNav={(onClick, disabled) => (
          <NavButton side="right" label={PREVIOUS_IMAGE_LABEL} disabled={disabled} onClick={onClick} />
        )}
        renderCustomControls={() =>
          images.length > 1 && (
            <div className="product-gallery__dots" dir="rtl">
              {images.map((_, i) => (
                <button
                  key={i}
                  type="button"
                  className="product-gallery__dot"
                  aria-label={imagePositionLabel(i + 1, images.length)}
                  aria-current={i === shown ? 'true' : undefined}
                  onClick={() => gallery.current?.slideToIndex(last - i)}
                />
              ))}
            </div>
          )
        }
      />
    </div>
  );
}
