import { imageUrl, type ImageBase } from '../../../lib/images';
import { compact, iso } from '../../../lib/time';
import type { BrandRow } from './repository';

export function brandJson(row: BrandRow, baseUrl: ImageBase) {
  return compact({
    _id: row.id,
    name: row.name,
    slug: row.slug,
    aliases: row.aliases,
    image: imageUrl(baseUrl, 'brands', row.image),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
