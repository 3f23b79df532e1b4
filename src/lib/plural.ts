// Arabic has six plural forms; Intl.PluralRules('ar') picks the form, the shop picks the words.
const arabicPlural = new Intl.PluralRules('ar');
const countFormat = new Intl.NumberFormat('ar-EG', { numberingSystem: 'latn' });

/** The words of one counted noun: whole phrases for 0, 1 and 2; the noun that follows the number otherwise. */
interface ArabicNoun {
  zero: string;
  one: string;
  two: string;
  /** After 3–10 (plural). */
  few: string;
  /** After 11–99 and 100, 1000 … (singular accusative). */
  many: string;
}

/** A count with its noun in correct Arabic, with Western digits like the rest of the shop. */
function countLabel(count: number, noun: ArabicNoun): string {
  const form = arabicPlural.select(count);
  if (form === 'zero' || form === 'one' || form === 'two') return noun[form];
  // 'many' (11–99, 111–199 …) and 'other' (100–102, 1000 …) both take the singular accusative.
  return `${countFormat.format(count)} ${form === 'few' ? noun.few : noun.many}`;
}

const RESULTS: ArabicNoun = { zero: 'لا توجد نتائج', one: 'نتيجة واحدة', two: 'نتيجتان', few: 'نتائج', many: 'نتيجة' };
const PIECES: ArabicNoun = { zero: 'لا توجد قطع', one: 'قطعة واحدة', two: 'قطعتان', few: 'قطع', many: 'قطعة' };

/**
 * A search's result count: 0 'لا توجد نتائج', 1 'نتيجة واحدة', 2 'نتيجتان', 3–10 '3 نتائج', 11–99 '11 نتيجة',
 * 100 '100 نتيجة'.
 */
export const resultsLabel = (count: number) => countLabel(count, RESULTS);

/** Pieces of a product: 1 'قطعة واحدة', 2 'قطعتان', 3 '3 قطع', 11 '11 قطعة'. */
export const piecesLabel = (count: number) => countLabel(count, PIECES);
