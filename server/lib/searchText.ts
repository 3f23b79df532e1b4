import { foldArabic } from './arabic';
import { BROKEN_PLURALS } from './brokenPlurals';

/**
 * How the shop's search reads Arabic (and Latin) text: words, not substrings. The same functions analyse stored
 * text when it is written and the keyword when it is searched, so both sides always agree.
 *
 * A word is a run of letters and digits after foldArabic. Each stored word is kept twice in the product's
 * `search_vector` (migration 018): as itself, marked `=` (`=الشاشات`), and as its light stem (`شاش`), so a
 * search can tell an exact word from a stem match and rank it first.
 *
 * The stem follows Lucene's Arabic light stemmer (Larkey, Ballesteros & Connell's "light10"): the definite article
 * with its attached particles (ال وال بال كال فال لل) and the common suffixes (ها ان ات ون ين يه/ية ه/ة ي) come off,
 * keeping at least three letters (Lucene keeps two: "بنات" → "بن" would meet "بن", coffee). Broken plurals of shop
 * vocabulary go to their singular's stem through a small table (brokenPlurals.ts). The single-letter particles
 * و ف ب ك ل are not removed from stored words, since most words that begin with those letters are not particles
 * ("كابل", "بنطلون", "فستان", "لابتوب"); "و" alone is, often enough ("وشاحن"), that a stored word starting with it
 * also keeps the stem without it. The keyword side removes one of them only when the whole word is not a word of
 * the shop (searchQuery.ts).
 */

/** Longer words are cut to this many characters, on both sides (a tsvector word has a size limit; no real word is longer). */
export const MAX_WORD_LENGTH = 40;
/** The stem keeps at least this many letters. */
const MIN_STEM = 3;
const DEFINITE_ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];
/** The single letters that attach to the next word: and, so, with, like, for. */
export const ATTACHED_PARTICLES = ['و', 'ف', 'ب', 'ك', 'ل'];
const ARABIC_LETTER = /[\u0621-\u064A]/;

const SINGULAR_OF = new Map(
  Object.entries(BROKEN_PLURALS).map(([plural, one]) => [foldArabic(plural), foldArabic(one)]),
);

/** The words of a text, folded, in order (repeats kept). */
export function wordsOf(text: string): string[] {
  return foldArabic(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

const removeSuffixes = (word: string) => {
  let stem = word;
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= MIN_STEM) stem = stem.slice(0, -suffix.length);
  }
  return stem;
};

/** The word without its definite article, repeatedly: folding makes "ألعاب" start with "ال" as "الألعاب" does. */
function articleForms(word: string): string[] {
  const forms = [word];
  for (;;) {
    const last = forms[forms.length - 1];
    const article = DEFINITE_ARTICLES.find((a) => last.startsWith(a) && last.length - a.length >= 2);
    if (!article) return forms;
    forms.push(last.slice(article.length));
  }
}

/**
 * A folded word without its definite article ("الموبايل" → "موبايل"): the form the search calls exact, so the
 * article never makes a match a lesser one.
 */
export const exactForm = (word: string): string => articleForms(word).at(-1)!;

/** The light stem of one folded word (Latin words and numbers are their own stem). */
export function stemOf(word: string): string {
  if (!ARABIC_LETTER.test(word)) return word;
  const forms = articleForms(word);
  for (const form of forms) {
    const singular = SINGULAR_OF.get(form);
    if (singular) return removeSuffixes(exactForm(singular));
  }
  const stem = removeSuffixes(forms.at(-1)!);
  const singular = SINGULAR_OF.get(stem);
  return singular ? removeSuffixes(exactForm(singular)) : stem;
}

/** The exact form of a folded word as the search vector keeps it (`=` keeps exact forms apart from stems). */
export const exactTerm = (word: string) => `=${exactForm(word)}`;

/** What a stored word is indexed under: itself, its stem, and for a word starting with "و" the stem without it. */
export function termsOfWord(word: string): string[] {
  const terms = new Set([exactTerm(word), stemOf(word)]);
  if (word.startsWith('و') && word.length > MIN_STEM && ARABIC_LETTER.test(word)) terms.add(stemOf(word.slice(1)));
  return [...terms];
}

/** All terms of a text (names and aliases of categories and brands are matched against these). */
export const termsOf = (text: string): Set<string> => new Set(wordsOf(text).flatMap(termsOfWord));

/** A lexeme as a quoted tsvector/tsquery literal (words hold only letters and digits, but quote all the same). */
export const quoteLexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A product's `search_vector` as tsvector text: title terms at position 1 with weight A, description terms at
 * position 2 (weight D), so a search can ask for title words alone (`:A`).
 */
export function productSearchVector(title: string, description: string): string {
  const weights = new Map<string, string[]>();
  const add = (text: string, position: string) => {
    for (const term of termsOf(text)) {
      const at = weights.get(term) ?? [];
      if (!at.includes(position)) at.push(position);
      weights.set(term, at);
    }
  };
  add(title, '1A');
  add(description, '2');
  return [...weights].map(([term, at]) => `${quoteLexeme(term)}:${at.join(',')}`).join(' ');
}
