import type { Queryable } from '../../../db';
import { foldArabic } from '../../../lib/arabic';
import { HttpError } from '../../../lib/errors';
import { createGate, type Gate } from '../../../lib/gate';
import { MIN_KEYWORD, buildListQuery, type KeywordSearch, type ListQuery } from '../../../lib/listQuery';
import {
  ATTACHED_PARTICLES,
  exactForm,
  exactTerm,
  quoteLexeme,
  stemOf,
  termsOf,
  wordsOf,
} from '../../../lib/searchText';
import {
  BEST_SELLERS_READ,
  PRODUCT_LIST,
  amongBestSellers,
  bestSellerIds,
  countProductsUpTo,
  listProducts,
  mostSimilarWords,
  namesForSearch,
  optionValuesOf,
  productIdsUpTo,
  productPage,
  shopWordCounts,
  type NameKind,
  type NamedRow,
  type ProductRow,
} from './repository';
import { normalizeSku } from './sku';

/**
 * Keyword search of the product listing and the search suggestions (README, API notes): the keyword's words must
 * each match a word of the product's title or description (its `search_vector`, migration 018), or of the name or
 * an alias of its category, subcategory or brand. A word matches as itself, by its light stem, as the start of a
 * longer word (suggestions; the listing from PREFIX_FROM letters on), and, when the shop does not have the word as
 * typed, without a leading و ف ب ك ل.
 */

/** Words of a keyword beyond these are ignored: each costs an index lookup, and no shopper types more. */
export const MAX_WORDS = 6;
/** Shorter words are left out of a keyword of several words ("قميص و بنطلون"); one letter matches too much. */
const MIN_WORD = 2;
/** The listing matches a word as the start of longer words from this many letters on ("سامسو" → "سامسونج"). */
export const PREFIX_FROM = 4;

export type { NameKind } from './repository';

/** The terms of names, remembered by their text: names change rarely and are read on every search. */
const nameTermsCache = new Map<string, Set<string>>();
function nameTerms(row: NamedRow): Set<string> {
  const key = [row.name, ...row.aliases].join('\n');
  let terms = nameTermsCache.get(key);
  if (!terms) {
    if (nameTermsCache.size > 5000) nameTermsCache.clear();
    terms = termsOf(key);
    nameTermsCache.set(key, terms);
  }
  return terms;
}

/** One word of the keyword, as the search looks for it. */
export interface WordQuery {
  /** As the shopper typed it, folded. */
  typed: string;
  /** `=`-marked exact forms: the word, or the word without a particle the shop does not have it with. */
  exact: string[];
  /** Stems of the same. */
  stems: string[];
  /** Exact forms that also match as the start of longer words. */
  prefixes: string[];
  /** The shop has one of the exact forms (in a product text or a name): else no product matches it exactly. */
  inShop: boolean;
  /** How many products at least the word matches: those that hold one of its exact forms in their texts. */
  atLeast: number;
  /** Ids of the names (with aliases) the word matches, and those it matches exactly. */
  names: Record<NameKind, string[]>;
  exactNames: Record<NameKind, string[]>;
}

export interface KeywordQuery {
  words: WordQuery[];
  /** Set when the typo fallback replaced words: the original words come first in the order. */
  original?: WordQuery[];
}

const noNames = (): Record<NameKind, string[]> => ({ category: [], subcategory: [], brand: [] });

/** The words of a keyword: folded, of at least MIN_WORD letters, without repeats, at most MAX_WORDS. */
export function keywordWords(keyword: string): string[] {
  const all = [...new Set(wordsOf(keyword))];
  const long = all.filter((w) => [...w].length >= MIN_WORD);
  return long.slice(0, MAX_WORDS);
}

/** `و`+word etc.: the word without its leading particle, when long enough to be a word of its own. */
const withoutParticle = (word: string) =>
  ATTACHED_PARTICLES.includes(word[0]) && [...word].length >= 4 ? word.slice(1) : undefined;

/**
 * What the search needs to know of the shop before it builds a keyword's query: which of the keyword's words (and
 * their forms without a particle) are words of the shop, and its names.
 */
export interface ShopWords {
  known: Set<string>;
  /** How many products hold each of the words in their texts (search_words). */
  products: Map<string, number>;
  names: NamedRow[];
}

export async function shopWordsFor(db: Queryable, words: string[]): Promise<ShopWords> {
  const forms = new Set<string>();
  for (const w of words) {
    forms.add(exactForm(w));
    const rest = withoutParticle(w);
    if (rest) forms.add(exactForm(rest));
  }
  const [rows, names] = await Promise.all([shopWordCounts(db, [...forms]), namesForSearch(db)]);
  const known = new Set(rows.map((r) => r.word));
  for (const n of names) for (const t of nameTerms(n)) if (t.startsWith('=')) known.add(t.slice(1));
  return { known, products: new Map(rows.map((r) => [r.word, r.products])), names };
}

/** Whether the shop has the word as typed (in a product text or a name). */
export const isKnown = (shop: ShopWords, word: string) => shop.known.has(exactForm(word));

/**
 * How one word is looked for. `prefix`: also as the start of longer words. A word that starts with و ف ب ك ل is
 * also looked for without it only when the shop does not have the whole word but has the rest: "وشاحن" finds
 * "شاحن", while "كابل" never finds "ابل".
 */
export function wordQuery(shop: ShopWords, typed: string, prefix: boolean): WordQuery {
  const forms = [typed];
  const rest = withoutParticle(typed);
  if (rest && !isKnown(shop, typed) && isKnown(shop, rest)) forms.push(rest);
  const exact = [...new Set(forms.map(exactTerm))];
  const stems = [...new Set(forms.map(stemOf))];
  const prefixes = prefix ? exact : [];
  const names = noNames();
  const exactNames = noNames();
  for (const row of shop.names) {
    const terms = nameTerms(row);
    const isExact = exact.some((t) => terms.has(t));
    const matches =
      isExact ||
      stems.some((t) => terms.has(t)) ||
      (prefixes.length > 0 && [...terms].some((t) => prefixes.some((p) => t.startsWith(p))));
    if (matches) names[row.kind].push(row.id);
    if (isExact) exactNames[row.kind].push(row.id);
  }
  const inShop = forms.some((form) => isKnown(shop, form));
  const atLeast = Math.max(...forms.map((form) => shop.products.get(exactForm(form)) ?? 0));
  return { typed, exact, stems, prefixes, inShop, atLeast, names, exactNames };
}

/** A tsquery (text) of the word's terms: any of them, `weight` A for title words only. */
function tsqueryOf(word: WordQuery, { weight = '', exactOnly = false } = {}): string {
  const parts = [
    ...word.exact.map((t) => `${quoteLexeme(t)}${weight ? `:${weight}` : ''}`),
    ...(exactOnly ? [] : word.stems.map((t) => `${quoteLexeme(t)}${weight ? `:${weight}` : ''}`)),
    ...(exactOnly ? [] : word.prefixes.map((t) => `${quoteLexeme(t)}:*${weight}`)),
  ];
  return parts.join(' | ');
}

type Bind = (value: unknown) => string;

/** The products whose category, subcategory or brand is among the ids (each part only when there are ids). */
function namesCondition(bind: Bind, ids: Record<NameKind, string[]>): string[] {
  const parts: string[] = [];
  if (ids.category.length) parts.push(`p.category_id = ANY(${bind(ids.category)}::uuid[])`);
  if (ids.brand.length) parts.push(`p.brand_id = ANY(${bind(ids.brand)}::uuid[])`);
  if (ids.subcategory.length) parts.push(`p.subcategory_ids && ${bind(ids.subcategory)}::text[]`);
  return parts;
}

const wordCondition = (bind: Bind, word: WordQuery, { titleOnly = false } = {}) =>
  `(${[
    `p.search_vector @@ ${bind(tsqueryOf(word, { weight: titleOnly ? 'A' : '' }))}::tsquery`,
    ...namesCondition(bind, word.names),
  ].join(' OR ')})`;

/** 0 when the word is in the title (weight A), 1 in a name of the product's category, subcategory or brand, else 2. */
function wordPlace(bind: Bind, word: WordQuery): string {
  const inNames = namesCondition(bind, word.names);
  return `(CASE WHEN ${inTitle(bind, word)} THEN 0${
    inNames.length ? ` WHEN ${inNames.join(' OR ')} THEN 1` : ''
  } ELSE 2 END)`;
}

/** The word is in the title. */
const inTitle = (bind: Bind, word: WordQuery) =>
  `p.search_vector @@ ${bind(tsqueryOf(word, { weight: 'A' }))}::tsquery`;

/** The word matches as itself (not only by its stem or as the start of a longer word). */
const matchesExactly = (bind: Bind, word: WordQuery) =>
  `(${[
    `p.search_vector @@ ${bind(tsqueryOf(word, { exactOnly: true }))}::tsquery`,
    ...namesCondition(bind, word.exactNames),
  ].join(' OR ')})`;

/** 0 when the word matches as itself, else 1. */
const wordInexact = (bind: Bind, word: WordQuery) => `(CASE WHEN ${matchesExactly(bind, word)} THEN 0 ELSE 1 END)`;

const allOf = (conditions: string[]) => (conditions.length ? `(${conditions.join(' AND ')})` : 'false');

/** Every word in the title, read from the index of title words (migration 030), which serves no weights. */
const allInTitle = (bind: Bind, words: WordQuery[]) =>
  `strip(ts_filter(p.search_vector, '{a}')) @@ ${bind(words.map((w) => `(${tsqueryOf(w)})`).join(' & '))}::tsquery`;

/** A keyword search by words, with the parts of its relevance order that a common word's page is read by. */
export interface WordSearch extends KeywordSearch {
  /** The matches no other match ranks above: every word in the title, and as typed where the shop has it so. */
  firstTier: (bind: Bind) => string;
  /** The matches with every word in the title, which rank above all others. */
  inTitle: (bind: Bind) => string;
}

/**
 * The listing's keyword condition and relevance order (used when no sort is asked for): products with the
 * original words before typo corrections, then those with more words in the title (then in a name, then in the
 * description), then those with more exact words (not stems or starts of words), then best sellers.
 */
export function keywordSearch(query: KeywordQuery, { titleOnly = false } = {}): WordSearch {
  const { words, original } = query;
  return {
    condition: (bind) => {
      const matches = allOf(words.map((w) => wordCondition(bind, w, { titleOnly })));
      if (!original) return matches;
      return `(${matches} OR ${allOf(original.map((w) => wordCondition(bind, w, { titleOnly })))})`;
    },
    rank: (bind) =>
      words.length
        ? [
            ...(original
              ? [`(CASE WHEN ${allOf(original.map((w) => wordCondition(bind, w, { titleOnly })))} THEN 0 ELSE 1 END)`]
              : []),
            `(${words.map((w) => wordPlace(bind, w)).join(' + ')})`,
            `(${words.map((w) => wordInexact(bind, w)).join(' + ')})`,
            'p.sold DESC',
          ]
        : [],
    // After a typo fallback, the original words matching come first too.
    firstTier: (bind) =>
      allOf([
        ...(original ? [allOf(original.map((w) => wordCondition(bind, w, { titleOnly })))] : []),
        ...words.map((w) => inTitle(bind, w)),
        ...words.filter((w) => w.inShop).map((w) => matchesExactly(bind, w)),
      ]),
    inTitle: (bind) =>
      original ? allOf([allInTitle(bind, words), allInTitle(bind, original)]) : allInTitle(bind, words),
  };
}

/** The words of a keyword that the shop has in no form: the typo fallback looks for similar words instead. */
export const unknownWords = (words: WordQuery[]) => words.filter((w) => !w.inShop && [...w.typed].length >= 3);

/** How alike (pg_trgm similarity) a shop word must be to replace a typed word; 0.3 misses one-letter typos of four-letter words. */
const SIMILAR_ENOUGH = 0.25;

/**
 * The most similar shop word (from search_words and the names) for each typed word, by trigram similarity over
 * the shop's own vocabulary; a word with nothing similar enough is left out. One statement, each lookup served by
 * the trigram index of search_words.
 */
export async function similarWords(db: Queryable, shop: ShopWords, typed: string[]): Promise<Map<string, string>> {
  if (!typed.length) return new Map();
  const nameWords = [...new Set(shop.names.flatMap((n) => [...nameTerms(n)].filter((t) => t.startsWith('='))))].map(
    (t) => t.slice(1),
  );
  const rows = await mostSimilarWords(db, typed.map(exactForm), nameWords, SIMILAR_ENOUGH);
  const byForm = new Map(rows.map((r) => [r.typed, r.word]));
  const result = new Map<string, string>();
  for (const t of typed) {
    const word = byForm.get(exactForm(t));
    if (word && word !== exactForm(t)) result.set(t, word);
  }
  return result;
}

/**
 * The keyword as the shopper typed it with each replaced word in the spelling found in the results' texts
 * (folding dropped hamzas and ة), else in its folded form. `corrections`: a typed word (folded) to its replacement:
 * one word, two separated by a space, or '' for a word joined to the one before it (respacedWords).
 */
export function correctedKeyword(keyword: string, corrections: Map<string, string>, texts: string[]): string {
  const spellings = new Map<string, string>();
  for (const text of texts) {
    for (const original of text.split(SEPARATORS)) {
      const folded = wordsOf(original)[0];
      if (folded && !spellings.has(exactForm(folded)))
        spellings.set(exactForm(folded), withoutArticle(original, folded).replace(MARKS, ''));
    }
  }
  return keyword
    .split(SEPARATORS)
    .filter(Boolean)
    .map((original) => {
      const fixed = corrections.get(wordsOf(original)[0] ?? '');
      if (fixed === undefined) return original;
      // A word joined to the one before it is gone (''); a split one is two words.
      return fixed
        .split(' ')
        .filter(Boolean)
        .map((word) => spellings.get(word) ?? word)
        .join(' ');
    })
    .filter(Boolean)
    .join(' ');
}

/** Diacritics and tatweel, which a corrected word is shown without. */
const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const SEPARATORS = /[^\p{L}\p{N}\p{M}\u0640]+/u;

/** The original spelling without the definite article that exactForm takes off its folded form. */
const withoutArticle = (original: string, folded: string) =>
  exactForm(folded) === folded ? original : original.replace(/^(وال|بال|كال|فال|لل|ال)/, '');

/** Fewer matches than this, and a word the shop does not have, make the listing try similar words as well. */
export const FEW_RESULTS = 3;

export interface ProductPage {
  q: ListQuery;
  rows: ProductRow[];
  total: number;
  /** More than `total` match (a keyword search counts up to KEYWORD_COUNT_CAP). */
  capped?: true;
  /** The keyword with typos replaced, when the fallback found more. */
  correctedKeyword?: string;
}

/**
 * How many costly product lists (a keyword, or a sort no index serves) one process asks the database for at once, and
 * how many more may wait their turn: so however many arrive together, from one address or many, they hold only a few
 * of the pool's connections (PG_POOL_MAX, 20) and other visitors' requests are served meanwhile. Beyond the queue a
 * costly list is refused at once with 503 and Retry-After, never left to pile up; each statement is also cut off by
 * PG_STATEMENT_TIMEOUT_MS (503).
 */
export const COSTLY_LISTS = { concurrent: 4, queued: 100 };

/** Sorts of the product list that no index serves: the whole matching list is read to order it. */
const UNINDEXED_SORT = /(^|,)\s*[-+ ]?\s*(title|updatedAt)\s*(,|$)/;

const gates = new WeakMap<Queryable, Gate>();

/** The costly-list gate of a database handle (one per app), with COSTLY_LISTS as its limits. */
export function costlyListGate(db: Queryable): Gate {
  let gate = gates.get(db);
  if (!gate) {
    gate = createGate(
      COSTLY_LISTS,
      () => new HttpError(503, 'Service temporarily unavailable, please try again', { 'Retry-After': '5' }),
    );
    gates.set(db, gate);
  }
  return gate;
}

const isCostly = (sent: Record<string, unknown>) =>
  (typeof sent.keyword === 'string' && [...foldArabic(sent.keyword)].length >= MIN_KEYWORD) ||
  (typeof sent.sort === 'string' && UNINDEXED_SORT.test(sent.sort));

/**
 * GET /products: API.md §2's filters, sort and paging, with the keyword matched by words (keywordSearch). Without
 * a keyword (or one shorter than two letters, API.md §2) it is the plain list. A costly list waits for its turn at
 * the gate (COSTLY_LISTS).
 */
export function listProductPage(db: Queryable, sent: Record<string, unknown>): Promise<ProductPage> {
  return isCostly(sent) ? costlyListGate(db).run(() => readProductPage(db, sent)) : readProductPage(db, sent);
}

async function readProductPage(db: Queryable, sent: Record<string, unknown>): Promise<ProductPage> {
  // A SKU is looked up as stored (normalizeSku), so "ab-١٢" finds "AB-12".
  const query = typeof sent.sku === 'string' ? { ...sent, sku: normalizeSku(sent.sku) } : sent;
  const keyword = typeof query.keyword === 'string' ? query.keyword : '';
  if ([...foldArabic(keyword)].length < MIN_KEYWORD) {
    const q = buildListQuery(query, PRODUCT_LIST);
    return { q, ...(await listProducts(db, q)) };
  }
  const words = keywordWords(keyword);
  const shop = await shopWordsFor(db, words);
  const asked = words.map((w) => wordQuery(shop, w, [...w].length >= PREFIX_FROM));
  const found = await searchPage(db, query, { words: asked });
  const unknown = found.total < FEW_RESULTS ? unknownWords(asked) : [];
  if (!unknown.length) return found;

  const spaced = await respacedWords(db, shop, asked);
  const stillUnknown = unknown.filter((w) => !spaced.corrections.has(w.typed));
  const similar = await similarWords(
    db,
    shop,
    stillUnknown.map((w) => w.typed),
  );
  const corrections = new Map([...spaced.corrections, ...similar]);
  if (!corrections.size) return found;
  for (const word of similar.values()) shop.known.add(word);
  const fixed = spaced.words.map((w) => {
    const word = similar.get(w) ?? w;
    return asked.find((a) => a.typed === word) ?? wordQuery(shop, word, [...word].length >= PREFIX_FROM);
  });
  const fixedFound = await searchPage(db, query, { words: fixed, original: asked });
  if (fixedFound.total <= found.total) return found;
  const texts = [
    ...fixedFound.rows.flatMap((r) => [r.title, r.description]),
    ...shop.names.flatMap((n) => [n.name, ...n.aliases]),
  ];
  return { ...fixedFound, correctedKeyword: correctedKeyword(keyword, corrections, texts) };
}

/** The halves of a word split in two are each at least this long ("لاب", "توب"): shorter ones are particles and typos. */
const MIN_HALF = 3;

/**
 * The keyword's words respaced as the shop writes them, where a word is not a word of the shop: two typed words that
 * the shop writes as one ("لاب توب" → "لابتوب"), or one that it writes as two ("سماعهبلوتوث" → "سماعه بلوتوث"). Each
 * replaced word maps to its replacement in `corrections`: the joined word for the first of two (the second to ''),
 * the two words separated by a space for a split one. One statement looks up every candidate in the shop's words.
 */
async function respacedWords(
  db: Queryable,
  shop: ShopWords,
  asked: WordQuery[],
): Promise<{ words: string[]; corrections: Map<string, string> }> {
  const joined = (i: number) =>
    i + 1 < asked.length && !(asked[i].inShop && asked[i + 1].inShop)
      ? exactForm(asked[i].typed + asked[i + 1].typed)
      : undefined;
  const splits = (word: WordQuery) => {
    const letters = [...word.typed];
    if (word.inShop) return [];
    return letters
      .slice(MIN_HALF, letters.length - MIN_HALF + 1)
      .map((_, k) => [letters.slice(0, MIN_HALF + k).join(''), letters.slice(MIN_HALF + k).join('')].map(exactForm));
  };
  const splitsOf = asked.map(splits);
  const candidates = new Set<string>();
  asked.forEach((_, i) => {
    const pair = joined(i);
    if (pair) candidates.add(pair);
    for (const halves of splitsOf[i]) halves.forEach((half) => candidates.add(half));
  });
  const words = asked.map((w) => w.typed);
  const corrections = new Map<string, string>();
  if (!candidates.size) return { words, corrections };
  for (const row of await shopWordCounts(db, [...candidates])) {
    shop.known.add(row.word);
    shop.products.set(row.word, row.products);
  }
  const known = (form: string) => shop.known.has(form);

  const respaced: string[] = [];
  for (let i = 0; i < asked.length; i++) {
    const pair = joined(i);
    if (pair && known(pair)) {
      respaced.push(pair);
      corrections.set(asked[i].typed, pair).set(asked[i + 1].typed, '');
      i++;
      continue;
    }
    // Of several ways to split a word, the most even one ("ثينك باد" rather than a long word and a short one).
    const split = splitsOf[i]
      .filter((halves) => halves.every(known))
      .sort((a, b) => Math.min(...b.map((h) => h.length)) - Math.min(...a.map((h) => h.length)))[0];
    if (split) {
      respaced.push(...split);
      corrections.set(asked[i].typed, split.join(' '));
    } else respaced.push(asked[i].typed);
  }
  return { words: respaced, corrections };
}

/** A keyword search counts its matches up to this many, then answers "more than" (README, API notes). */
export const KEYWORD_COUNT_CAP = 1000;

/**
 * The page `q` asks for of a keyword search, and how many match: counted up to KEYWORD_COUNT_CAP + 1, or `atLeast`
 * when the caller knows that more than the cap match. `uncounted`: the count is not needed (suggestions), so the
 * first tier's best sellers are tried before counting, and when they fill the page there is no count.
 */
export async function findMatches(
  db: Queryable,
  query: Record<string, unknown>,
  search: WordSearch,
  { atLeast = 0, uncounted = false } = {},
): Promise<{ q: ListQuery; rows: ProductRow[]; count?: number }> {
  const q = buildListQuery(query, PRODUCT_LIST, [], [], search);
  const first = uncounted && q.ranked ? await firstTierPage(db, query, search, q) : undefined;
  if (first) return { q, rows: first };
  const count = atLeast > KEYWORD_COUNT_CAP ? atLeast : await countProductsUpTo(db, q, KEYWORD_COUNT_CAP);
  // Past the last match (when they were all counted) there is nothing to read.
  if (count <= KEYWORD_COUNT_CAP && q.offset >= count) return { q, rows: [], count };
  if (count <= KEYWORD_COUNT_CAP || !q.ranked) return { q, rows: await productPage(db, q), count };
  return {
    q,
    rows: (!uncounted && (await firstTierPage(db, query, search, q))) || (await commonWordPage(db, query, search, q)),
    count,
  };
}

/** The keyword's search narrowed by one more condition, in its relevance order. */
const narrowed = (query: Record<string, unknown>, search: WordSearch, condition: (bind: Bind) => string) =>
  buildListQuery(query, PRODUCT_LIST, [], [], {
    condition: (bind) => `${search.condition(bind)} AND ${condition(bind)}`,
    rank: search.rank,
  });

/** The page when the first tier's best sellers fill it: nothing ranks above them, nor above the first of them. */
async function firstTierPage(db: Queryable, query: Record<string, unknown>, search: WordSearch, q: ListQuery) {
  const end = q.offset + q.limit;
  if (end > BEST_SELLERS_READ) return undefined;
  const first = await amongBestSellers(db, narrowed(query, search, search.firstTier), end);
  return first.length === end ? first.slice(q.offset) : undefined;
}

/**
 * A page in relevance order of a keyword more than KEYWORD_COUNT_CAP products match, without ranking every match
 * (a visit of each: 12,000 for a common word at 100,000 products). The matches with every word in the title (read
 * from their index; when they are common too, every match is ranked) and those among the BEST_SELLERS_READ best
 * sellers are ranked, then the other matches: a product that has the words only outside its title and sells little
 * comes after those. The order is the same on every page.
 */
async function commonWordPage(db: Queryable, query: Record<string, unknown>, search: WordSearch, q: ListQuery) {
  const titled = await productIdsUpTo(db, narrowed(query, search, search.inTitle), KEYWORD_COUNT_CAP + 1);
  if (titled.length > KEYWORD_COUNT_CAP) return productPage(db, q);
  const chosen = [...new Set([...titled, ...(await bestSellerIds(db, q))])];
  const end = q.offset + q.limit;
  const rows: ProductRow[] = [];
  if (q.offset < chosen.length) {
    // Matches all: only the filters beside the keyword, so the ids are read from the primary key alone.
    const inChosen = buildListQuery(query, PRODUCT_LIST, [], [], {
      condition: (bind) => `p.id = ANY(${bind(chosen)}::uuid[])`,
      rank: search.rank,
    });
    const limit = Math.min(end, chosen.length) - q.offset;
    rows.push(...(await productPage(db, { ...inChosen, offset: q.offset, limit })));
  }
  if (end > chosen.length) {
    const others = narrowed(query, search, (bind) => `NOT (p.id = ANY(${bind(chosen)}::uuid[]))`);
    const from = Math.max(q.offset, chosen.length);
    rows.push(...(await productPage(db, { ...others, offset: from - chosen.length, limit: end - from })));
  }
  return rows;
}

/**
 * A page of the keyword's matches, with its query; in relevance order unless a sort is asked for. A keyword of one
 * word and no other filter matches at least the products that hold the word (atLeast): more than the count's cap
 * needs no count.
 */
async function searchPage(db: Queryable, query: Record<string, unknown>, keyword: KeywordQuery) {
  const alone =
    keyword.words.length === 1 && !keyword.original && !buildListQuery({ ...query, keyword: '' }, PRODUCT_LIST).where;
  const atLeast = alone ? keyword.words[0].atLeast : 0;
  const { q, rows, count = 0 } = await findMatches(db, query, keywordSearch(keyword), { atLeast });
  const capped = count > KEYWORD_COUNT_CAP;
  const total = capped ? KEYWORD_COUNT_CAP : count;
  return { q, rows, total, ...(capped && { capped: true as const }) };
}

/**
 * GET /products/optionValues: the option names and values in stock among the products the listing's other filters
 * (category, brand, price, keyword…) match, for the filter panel; the `options` filter itself is left out, so the
 * panel keeps offering the other values of an option chosen.
 */
export async function listOptionValues(db: Queryable, sent: Record<string, unknown>) {
  const query: Record<string, unknown> = { ...sent, options: undefined, sort: undefined };
  const keyword = typeof query.keyword === 'string' ? query.keyword : '';
  let search: KeywordSearch | undefined;
  if ([...foldArabic(keyword)].length >= MIN_KEYWORD) {
    const words = keywordWords(keyword);
    const shop = await shopWordsFor(db, words);
    search = keywordSearch({ words: words.map((w) => wordQuery(shop, w, [...w].length >= PREFIX_FROM)) });
  }
  const q = buildListQuery(query, PRODUCT_LIST, [], [], search);
  const names: { name: string; values: { value: string; hex?: string; products: number }[] }[] = [];
  for (const row of await optionValuesOf(db, q)) {
    let option = names.find((n) => n.name === row.name);
    if (!option) names.push((option = { name: row.name, values: [] }));
    option.values.push({ value: row.value, ...(row.hex ? { hex: row.hex } : {}), products: row.products });
  }
  return names;
}
