import type { NamedImageKind } from '../categories/service';
import { brandRepository } from './repository';

/**
 * Brands have the category operations and rules (API.md §5.5), namedImageService's; deleting one clears it on
 * products (ON DELETE SET NULL), so nothing refuses it.
 */
export const BRANDS: NamedImageKind = { table: 'brands', repository: brandRepository, kind: 'brands' };
