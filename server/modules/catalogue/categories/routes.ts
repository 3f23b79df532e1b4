import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../lib/fields';
import { bearer } from '../../../lib/schemas';
import { currentUser, requireAuth } from '../../../plugins/auth';
import { SUBCATEGORY_LIST } from '../subcategories/repository';
import { pathCategoryWins, subcategoryAnswers } from '../subcategories/routes';
import { NewSubcategoryOfCategory } from '../subcategories/schemas';
import { createSubcategory, listSubcategories } from '../subcategories/service';
import { registerNamedImageRoutes } from './namedImageRoutes';
import { CountedListQuery } from './schemas';
import { categoryJson } from './serialize';
import { CATEGORIES } from './service';

export async function categoryRoutes(instance: FastifyInstance) {
  const { ctx } = instance;
  registerNamedImageRoutes(instance, { ...CATEGORIES, tooLongMessage: 'Too long category name', toJson: categoryJson });

  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['subcategories'];
  const params = IdParams('categoryId');
  app.get(
    '/:categoryId/subcategories',
    {
      schema: {
        tags,
        summary: 'List the subcategories of a category',
        params,
        querystring: CountedListQuery,
        response: subcategoryAnswers.list,
      },
      config: { listSpec: SUBCATEGORY_LIST },
    },
    (request) => listSubcategories(ctx.db, request.query, request.params.categoryId),
  );
  app.post(
    '/:categoryId/subcategories',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a subcategory of the category (manager, admin)',
        params,
        body: NewSubcategoryOfCategory,
        response: subcategoryAnswers.created,
      },
      preValidation: [requireAuth(ctx, 'manager', 'admin'), pathCategoryWins],
    },
    async (request, reply) => {
      const { category, ...input } = request.body;
      // pathCategoryWins made the path's category the body's, and the input check found it.
      return reply
        .status(201)
        .send({ data: await createSubcategory(ctx.db, currentUser(request), { ...input, category: category! }) });
    },
  );
}
