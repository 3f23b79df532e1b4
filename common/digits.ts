// Shoppers on Arabic keyboards type ٠١٢… (Arabic-Indic) or ۰۱۲… (Persian); the API wants ASCII digits. The shop's
// only copy: the server imports it too (its validation, reset codes and coupon expiry dates).
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Replaces Arabic-Indic and Persian digits (and the Arabic decimal separator '٫') with ASCII. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (code === 0x066b) return '.';
    return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
  });
}

/** Number typed in a numeric input, whatever the digits; null when empty or not a number. */
export function parseNumberInput(text: string): number | null {
  const cleaned = toAsciiDigits(text).replace(/[\s\u066c,]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}
