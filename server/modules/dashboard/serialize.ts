import { imageUrl, type ImageBase } from '../../lib/images';
import { toEgp } from '../../lib/money';

/** A best seller as the dashboard shows it: the product's reference, the units sold and their revenue in EGP. */
export const bestSellerJson = (
  base: ImageBase,
  p: { id: string; title: string; image_cover: string; sold: number; revenue: string },
) => ({
  product: { _id: p.id, title: p.title, imageCover: imageUrl(base, 'products', p.image_cover) },
  sold: p.sold,
  revenue: toEgp(Number(p.revenue)),
});
