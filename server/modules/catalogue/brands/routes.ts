import type { FastifyInstance } from 'fastify';
import { registerNamedImageRoutes } from '../categories/namedImageRoutes';
import { brandRepository } from './repository';
import { brandJson } from './serialize';

/** Brands: the category operations and rules (API.md §5.5); deleting one clears it on products (ON DELETE SET NULL). */
export async function brandRoutes(app: FastifyInstance) {
  registerNamedImageRoutes(app, {
    table: 'brands',
    repository: brandRepository,
    kind: 'brands',
    tooLongMessage: 'Too long brand name',
    toJson: brandJson,
  });
}
