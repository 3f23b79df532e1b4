import type { FastifyInstance } from 'fastify';
import { conflict } from '../../lib/errors';
import { categoryHasProducts } from '../products/repository';
import { validateIdParam } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { SUBCATEGORY_LIST, createSubcategory, listSubcategories } from '../subcategories/routes';
import { registerNamedImageRoutes } from './namedImageRoutes';
import { categoryRepository, isStillReferenced } from './repository';
import { categoryJson } from './serialize';

const STILL_USED = 'Category still has products';

export async function categoryRoutes(app: FastifyInstance) {
  const { ctx } = app;
  registerNamedImageRoutes(app, {
    table: 'categories',
    repository: categoryRepository,
    kind: 'categories',
    tooLongMessage: 'Too long category name',
    toJson: categoryJson,
    // Subcategories go with the category (foreign key cascade); products must be moved or deleted first.
    beforeDelete: async (tx, id) => {
      if (await categoryHasProducts(tx, id)) throw conflict(STILL_USED);
    },
    // A product created concurrently is caught by the foreign key (ON DELETE RESTRICT).
    deleteError: (err) => {
      if (isStillReferenced(err)) throw conflict(STILL_USED);
      throw err;
    },
  });

  app.get('/:categoryId/subcategories', { config: { listSpec: SUBCATEGORY_LIST } }, (request) => listSubcategories(ctx, request, validateIdParam(request.params, 'categoryId')));
  app.post('/:categoryId/subcategories', { preHandler: requireAuth(ctx, 'manager', 'admin') }, (request, reply) =>
    createSubcategory(ctx, request, reply, validateIdParam(request.params, 'categoryId')),
  );
}
