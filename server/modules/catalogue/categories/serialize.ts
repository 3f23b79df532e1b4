import { imageUrl, type ImageBase } from '../../../lib/images';
import { compact, iso } from '../../../lib/time';
import type { CategoryRow } from './repository';

export function categoryJson(row: CategoryRow, baseUrl: ImageBase) {
  return compact({
    _id: row.id,
    name: row.name,
    slug: row.slug,
    aliases: row.aliases,
    image: imageUrl(baseUrl, 'categories', row.image),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
