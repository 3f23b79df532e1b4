import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../../context';
import type { AnswerCache } from '../../../lib/answerCache';
import { imageUrl } from '../../../lib/images';
import { toEgp } from '../../../lib/money';
import { compact } from '../../../lib/time';
import { Suggestions } from '../../../../common/contract/catalogue';
import { SuggestionQuery } from './schemas';
import { productSuggestions } from './service';

/**
 * GET /products/suggestions?keyword= (ours): up to 6 products, 4 categories and 4 brands (productSuggestions, in the
 * product service). Built for a request per keystroke: no count.
 */
export async function suggestionRoutes(instance: FastifyInstance, { answers }: { answers: AnswerCache }) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get(
    '/suggestions',
    {
      schema: {
        tags: ['products'],
        summary: 'Suggestions while typing a search: products, categories and brands (ours)',
        querystring: SuggestionQuery,
        response: { 200: Suggestions },
      },
    },
    async (request) => {
      const { products, categories, brands } = await answers.get(
        request.url,
        () => productSuggestions(ctx.db, request.query.keyword ?? ''),
        (found) => found.products.length + found.categories.length + found.brands.length,
      );
      const base = imageBase(ctx);
      return {
        data: {
          products: products.map((p) =>
            compact({
              _id: p.id,
              title: p.title,
              imageCover: imageUrl(base, 'products', p.image_cover),
              price: toEgp(p.price),
              priceAfterDiscount: p.price_after_discount == null ? undefined : toEgp(p.price_after_discount),
            }),
          ),
          categories,
          brands,
        },
      };
    },
  );
}
