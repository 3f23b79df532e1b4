import ImageGallery from 'react-image-gallery';
import 'react-image-gallery/styles/image-gallery.css';

export const NO_IMAGES_TEXT = 'لا توجد صور متاحة';

/** The product's images with next/previous arrows and no thumbnails (its own lazily loaded chunk). */
export default function ProductGallery({ images, title }: { images: string[]; title: string }) {
  if (images.length === 0) {
    return <p className="text-body-secondary text-center py-5 bg-white rounded">{NO_IMAGES_TEXT}</p>;
  }
  return (
    <div className="bg-white rounded p-2 product-gallery">
      <ImageGallery
        items={images.map((src, i) => ({ original: src, originalAlt: `${title} - صورة ${i + 1}`, originalHeight: '360', originalWidth: '480' }))}
        showThumbnails={false}
        showFullscreenButton={false}
        showPlayButton={false}
        showNav
        isRTL
        lazyLoad
      />
    </div>
  );
}
