import { namedImageRepository } from '../categories/repository';

export type { NamedImageRow as BrandRow } from '../categories/repository';

/** Brands have the statements of categories (API.md §5.5); deleting one clears it on products (ON DELETE SET NULL). */
export const brandRepository = namedImageRepository('brands');

export const brandExists = brandRepository.exists;
