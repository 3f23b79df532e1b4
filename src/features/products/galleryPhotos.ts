import { IMAGE_SIZES } from '../../../common/images';
import { responsiveImage } from '../../lib/images';

export const NO_IMAGES_TEXT = 'لا توجد صور متاحة';

/** The box of every photo of the product page's gallery: 4:3, 360 px high (productDetails.css keeps it there). */
export const GALLERY_PHOTO_WIDTH = 480;
export const GALLERY_PHOTO_HEIGHT = 360;

/**
 * One photo of the product page's gallery (the `i`-th, from 0), as both the gallery and its stand-in while the
 * gallery's chunk loads draw it: responsive copies of our uploads in the gallery's slot width (the server preloads the
 * first one with the same srcset and sizes from index.html), and an Arabic alt text that names the product.
 */
export function galleryPhoto(src: string, title: string, i: number) {
  const image = responsiveImage(src, IMAGE_SIZES.productGallery);
  return {
    src: image.src,
    srcSet: image.srcSet,
    sizes: image.sizes,
    alt: `${title} - صورة ${i + 1}`,
  };
}
