import type { FastifyInstance } from 'fastify';
import { registerNamedImageRoutes } from '../categories/namedImageRoutes';
import { brandJson } from './serialize';
import { BRANDS } from './service';

/** Brands: the category operations and rules (API.md §5.5); deleting one clears it on products (ON DELETE SET NULL). */
export async function brandRoutes(app: FastifyInstance) {
  registerNamedImageRoutes(app, { ...BRANDS, tooLongMessage: 'Too long brand name', toJson: brandJson });
}
