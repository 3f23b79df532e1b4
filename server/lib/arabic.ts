/**
 * Folds Arabic spelling variants so a shopper finds a product however they spell it (API.md §9.10):
 * diacritics and tatweel removed, أ إ آ ٱ → ا, ى → ي, ة → ه, Arabic-Indic digits → 0–9; Latin letters lower-cased.
 * Applied to stored search text and to the keyword alike.
 */
export function foldArabic(input: string): string {
  return (
    input
      .normalize('NFKC')
      .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '')
      .replace(/[أإآٱ]/g, 'ا')
      .replace(/ى/g, 'ي')
      .replace(/ة/g, 'ه')
      // ٠–٩ (U+0660) and the Persian ۰–۹ (U+06F0): a phone keyboard types either for a model number or a size.
      .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** URL form of a name, for display only (keeps Arabic letters). */
export function slugify(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^\p{L}\p{N}-]+/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
