// Arabic has six plural forms; Intl.PluralRules('ar') picks the form, the shop picks the words. Every count the shop
// prints with its noun goes through countLabel, never `${count} منتج`.
const arabicPlural = new Intl.PluralRules('ar');
const countFormat = new Intl.NumberFormat('ar-EG', { numberingSystem: 'latn' });

/** The words of one counted noun: whole phrases for 0, 1 and 2; the noun that follows the number otherwise. */
export interface ArabicNoun {
  zero: string;
  one: string;
  two: string;
  /** The dual after a preposition (من، على، في): 'منتجين'. */
  twoGenitive: string;
  /** After 3–10 (plural): '3 منتجات'. */
  few: string;
  /** After 11–99 (singular accusative): '11 منتجا'. */
  many: string;
  /** After 100, 1000 … (singular genitive): '100 منتج'; the same as `many` for nouns in ة. */
  other?: string;
}

/**
 * A count with its noun in correct Arabic, with Western digits like the rest of the shop; `afterPreposition` for a count
 * that follows من، على، في… (only the dual changes: 'اكثر من صورتين').
 */
export function countLabel(count: number, noun: ArabicNoun, afterPreposition = false): string {
  const form = arabicPlural.select(count);
  if (form === 'two' && afterPreposition) return noun.twoGenitive;
  if (form === 'zero' || form === 'one' || form === 'two') return noun[form];
  const word = form === 'few' ? noun.few : form === 'many' ? noun.many : (noun.other ?? noun.many);
  return `${countFormat.format(count)} ${word}`;
}

export const NOUNS = {
  results: {
    zero: 'لا توجد نتائج',
    one: 'نتيجة واحدة',
    two: 'نتيجتان',
    twoGenitive: 'نتيجتين',
    few: 'نتائج',
    many: 'نتيجة',
  },
  pieces: { zero: 'لا توجد قطع', one: 'قطعة واحدة', two: 'قطعتان', twoGenitive: 'قطعتين', few: 'قطع', many: 'قطعة' },
  products: {
    zero: 'لا توجد منتجات',
    one: 'منتج واحد',
    two: 'منتجان',
    twoGenitive: 'منتجين',
    few: 'منتجات',
    many: 'منتجا',
    other: 'منتج',
  },
  reviews: {
    zero: 'لا توجد تقييمات',
    one: 'تقييم واحد',
    two: 'تقييمان',
    twoGenitive: 'تقييمين',
    few: 'تقييمات',
    many: 'تقييما',
    other: 'تقييم',
  },
  orders: {
    zero: 'لا توجد طلبات',
    one: 'طلب واحد',
    two: 'طلبان',
    twoGenitive: 'طلبين',
    few: 'طلبات',
    many: 'طلبا',
    other: 'طلب',
  },
  images: { zero: 'لا توجد صور', one: 'صورة واحدة', two: 'صورتان', twoGenitive: 'صورتين', few: 'صور', many: 'صورة' },
  minutes: {
    zero: 'اقل من دقيقة',
    one: 'دقيقة واحدة',
    two: 'دقيقتان',
    twoGenitive: 'دقيقتين',
    few: 'دقائق',
    many: 'دقيقة',
  },
  days: {
    zero: 'لا توجد ايام',
    one: 'يوم واحد',
    two: 'يومان',
    twoGenitive: 'يومين',
    few: 'ايام',
    many: 'يوما',
    other: 'يوم',
  },
} as const satisfies Record<string, ArabicNoun>;

/**
 * A search's result count: 0 'لا توجد نتائج', 1 'نتيجة واحدة', 2 'نتيجتان', 3–10 '3 نتائج', 11–99 '11 نتيجة',
 * 100 '100 نتيجة'.
 */
export const resultsLabel = (count: number) => countLabel(count, NOUNS.results);

/** Pieces of a product: 1 'قطعة واحدة', 2 'قطعتان', 3 '3 قطع', 11 '11 قطعة'. */
export const piecesLabel = (count: number, afterPreposition = false) =>
  countLabel(count, NOUNS.pieces, afterPreposition);

/** Products: 1 'منتج واحد', 2 'منتجان' ('منتجين' after a preposition), 5 '5 منتجات', 11 '11 منتجا', 100 '100 منتج'. */
export const productsLabel = (count: number, afterPreposition = false) =>
  countLabel(count, NOUNS.products, afterPreposition);

/** Reviews: 0 'لا توجد تقييمات', 1 'تقييم واحد', 2 'تقييمان', 3 '3 تقييمات', 11 '11 تقييما', 100 '100 تقييم'. */
export const reviewsLabel = (count: number) => countLabel(count, NOUNS.reviews);

/** Orders: 1 'طلب واحد', 2 'طلبان', 8 '8 طلبات', 11 '11 طلبا', 100 '100 طلب'. */
export const ordersLabel = (count: number) => countLabel(count, NOUNS.orders);

/** Images: 1 'صورة واحدة', 2 'صورتان' ('صورتين' after a preposition), 5 '5 صور', 11 '11 صورة'. */
export const imagesLabel = (count: number, afterPreposition = false) =>
  countLabel(count, NOUNS.images, afterPreposition);

/** Days: 1 'يوم واحد', 2 'يومان' ('يومين' after a preposition), 7 '7 ايام', 30 '30 يوما', 100 '100 يوم'. */
export const daysLabel = (count: number, afterPreposition = false) => countLabel(count, NOUNS.days, afterPreposition);

/** Minutes: 1 'دقيقة واحدة', 2 'دقيقتان' ('دقيقتين' after a preposition or بعد), 5 '5 دقائق', 15 '15 دقيقة'. */
export const minutesLabel = (count: number, afterPreposition = false) =>
  countLabel(count, NOUNS.minutes, afterPreposition);
