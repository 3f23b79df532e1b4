// The categories module's public face (brands share its named-image routes and repository).
export { categoryExists, namedImageRepository, type NamedImageRow } from './repository';
export { registerNamedImageRoutes } from './namedImageRoutes';
export { CountedListQuery, INVALID_IMAGE_URL } from './schemas';
