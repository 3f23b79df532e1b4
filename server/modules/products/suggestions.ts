import type { FastifyInstance } from 'fastify';
import { imageBase } from '../../context';
import { foldArabic } from '../../lib/arabic';
import { imageUrl } from '../../lib/images';
import { escapeLike } from '../../lib/listQuery';
import { toEgp } from '../../lib/money';
import { compact } from '../../lib/time';
import { checks } from '../../lib/schemas';
import { rules } from '../../lib/validate';
import { categoryAndBrandNames } from '../categories';
import { SuggestionQuery, Suggestions } from './schemas';
import {
  TITLE_PREFIX_LENGTH as PREFIX_LENGTH,
  productsWithTitleMatching,
  productsWithTitleStarting,
  type SuggestedProductRow as SuggestedRow,
} from './repository';

/** What the top bar's search offers while the shopper types (ours). */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_NAMES = 4;
const MIN_KEYWORD = 2;
const MAX_KEYWORD = 100;

const INDEXABLE = /[\p{L}\p{N}]{2}/u;

/**
 * GET /products/suggestions?keyword= (ours): up to 6 products, 4 categories and 4 brands whose titles or names hold
 * the keyword, folded as the product listing folds it (API.md §2 keyword). Built for a request per keystroke:
 * only index-served reads with a LIMIT, never a count and never a sort of all matches.
 */
export async function suggestionRoutes(app: FastifyInstance) {
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
      preValidation: checks({
        query: {
          keyword: rules()
            .optional()
            .string('keyword must be text')
            .maxLength(MAX_KEYWORD, `keyword must be at most ${MAX_KEYWORD} chars`),
        },
      }),
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const keyword = foldArabic(typeof query.keyword === 'string' ? query.keyword : '');
      if (keyword.length < MIN_KEYWORD) return { data: { products: [], categories: [], brands: [] } };

      const [products, { categories, brands }] = await Promise.all([suggestProducts(keyword), suggestNames(keyword)]);
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

  /**
   * Titles that start with the keyword first, in title order, then other titles that hold it; both read the first
   * 64 characters of search_text (the folded title, then the description's start) through migration 015's indexes:
   * a B-tree range for the start, trigrams for the rest (a two-letter keyword only at a word's start, since
   * trigrams need three letters or a word boundary).
   */
  async function suggestProducts(keyword: string): Promise<SuggestedRow[]> {
    if (keyword.length > PREFIX_LENGTH) return [];
    const literal = escapeLike(keyword);
    const starting = await productsWithTitleStarting(ctx.db, `${literal}%`, SUGGESTED_PRODUCTS);
    // The trigram index needs two letters or digits in a row next to a word boundary; without them (a keyword of
    // punctuation) PostgreSQL would read every product, so such a keyword only matches the start of titles.
    if (starting.length === SUGGESTED_PRODUCTS || !INDEXABLE.test(keyword)) return starting;
    // The products already found are left out here rather than in SQL: a NOT condition would turn the
    // planner's cheap stop-after-a-few-rows read into a search through every row for the rare leftovers.
    const containing = await productsWithTitleMatching(
      ctx.db,
      keyword.length > MIN_KEYWORD ? `%${literal}%` : `% ${literal}%`,
      SUGGESTED_PRODUCTS * 2,
    );
    const found = new Set(starting.map((p) => p.id));
    return [...starting, ...containing.filter((p) => !found.has(p.id))].slice(0, SUGGESTED_PRODUCTS);
  }

  /**
   * Categories and brands whose folded name holds the keyword, names that start with it first. A shop has tens
   * to hundreds of them, so they are read in one statement and folded here with the listing's own folding rather
   * than kept folded in the database.
   */
  async function suggestNames(keyword: string) {
    const rows = await categoryAndBrandNames(ctx.db);
    const matching = rows.map((r) => ({ ...r, at: foldArabic(r.name).indexOf(keyword) })).filter((r) => r.at >= 0);
    matching.sort((a, b) => Number(a.at > 0) - Number(b.at > 0));
    const first = (kind: 'category' | 'brand') =>
      matching
        .filter((r) => r.kind === kind)
        .slice(0, SUGGESTED_NAMES)
        .map((r) => ({ _id: r.id, name: r.name }));
    return { categories: first('category'), brands: first('brand') };
  }
}
