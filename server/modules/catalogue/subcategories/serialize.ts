import { compact, iso } from '../../../lib/time';
import type { SubcategoryRow } from './repository';

export function subcategoryJson(row: SubcategoryRow) {
  return compact({
    _id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category_id,
    aliases: row.aliases,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  });
}
