import './productDetails.css';
import { GALLERY_PHOTO_HEIGHT, GALLERY_PHOTO_WIDTH, galleryPhoto, NO_IMAGES_TEXT } from './galleryPhotos';

/**
 * The product page's gallery while its chunk (react-image-gallery) loads: the first photo alone, with the gallery's
 * srcset, sizes and alt text (so it is the very image index.html preloads), in the box the gallery's first slide
 * takes. The photo is drawn as soon as the page runs, and the gallery takes its place without moving anything.
 */
export default function ProductGalleryPlaceholder({ images, title }: { images: string[]; title: string }) {
  if (images.length === 0) {
    return <p className="text-body-secondary text-center py-5 bg-white rounded">{NO_IMAGES_TEXT}</p>;
  }
  const photo = galleryPhoto(images[0], title, 0);
  return (
    <div className="bg-white rounded p-2">
      <img
        className="product-gallery-placeholder"
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.sizes}
        alt={photo.alt}
        width={GALLERY_PHOTO_WIDTH}
        height={GALLERY_PHOTO_HEIGHT}
        fetchPriority="high"
        loading="eager"
      />
    </div>
  );
}
