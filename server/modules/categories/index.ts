// The categories module's public face (brands share its named-image routes and repository).
export { categoryExists, namedImageRepository, type NamedImageRow } from './repository';
export { INVALID_IMAGE_URL, registerNamedImageRoutes } from './namedImageRoutes';
export { CountedListQuery, Field, ProductCount } from './schemas';
