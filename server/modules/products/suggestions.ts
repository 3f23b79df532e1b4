import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase } from '../../context';
import { foldArabic } from '../../lib/arabic';
import { imageUrl } from '../../lib/images';
import { toEgp } from '../../lib/money';
import { compact } from '../../lib/time';
import { SuggestionQuery, Suggestions } from './schemas';
import { suggestedProducts } from './repository';
import {
  PREFIX_FROM,
  keywordSearch,
  keywordWords,
  shopWordsFor,
  wordQuery,
  type NameKind,
  type WordQuery,
} from './search';

/** What the top bar's search offers while the shopper types (ours). */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_NAMES = 4;
const MIN_KEYWORD = 2;

/**
 * GET /products/suggestions?keyword= (ours): up to 6 products, 4 categories and 4 brands, matched as the listing
 * matches its keyword (search.ts) but only in titles, names and aliases, and with the last word taken as the start
 * of a word while the shopper is still typing it. Built for a request per keystroke: no count.
 */
export async function suggestionRoutes(instance: FastifyInstance) {
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
      const { keyword = '' } = request.query;
      const words = keywordWords(keyword);
      if ([...foldArabic(keyword)].length < MIN_KEYWORD || !words.length)
        return { data: { products: [], categories: [], brands: [] } };

      const shop = await shopWordsFor(ctx.db, words);
      const asked = words.map((w, i) => wordQuery(shop, w, i === words.length - 1 || [...w].length >= PREFIX_FROM));
      const products = await suggestedProducts(
        ctx.db,
        keywordSearch({ words: asked }, { titleOnly: true }),
        SUGGESTED_PRODUCTS,
      );
      const names = (kind: NameKind) =>
        suggestedNames(
          shop.names.filter((n) => n.kind === kind),
          asked,
          kind,
        );
      const categories = names('category');
      const brands = names('brand');
      const base = imageBase(request, ctx);
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

/**
 * Names (with aliases) that match the keyword's words, those that match more of them first, then those matched by
 * exact words, then in name order.
 */
function suggestedNames(rows: { id: string; name: string }[], words: WordQuery[], kind: NameKind) {
  return rows
    .map((row) => ({
      row,
      matched: words.filter((w) => w.names[kind].includes(row.id)).length,
      exact: words.filter((w) => w.exactNames[kind].includes(row.id)).length,
    }))
    .filter((r) => r.matched > 0)
    .sort((a, b) => b.matched - a.matched || b.exact - a.exact || a.row.name.localeCompare(b.row.name, 'ar'))
    .slice(0, SUGGESTED_NAMES)
    .map(({ row }) => ({ _id: row.id, name: row.name }));
}
