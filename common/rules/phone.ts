import { toAsciiDigits } from '../digits';

/**
 * An Egyptian mobile number (API.md §9.12): 010, 011, 012 or 015 and 8 digits, as the API takes it: with its 0, with
 * 20 or +20 in its place, or without either. The one rule of the shop: the server's field check and every form.
 */
export const EGYPT_MOBILE = /^((\+?20)|0)?1[0125]\d{8}$/;

/**
 * The number as a form sends it, `01XXXXXXXXX`, from the ways people type it (Arabic-Indic digits, spaces, dashes,
 * +20, 0020); null for anything that is not an Egyptian mobile number.
 */
export function nationalMobile(typed: string): string | null {
  const compact = toAsciiDigits(typed).replace(/[\s\-().]/g, '');
  if (!EGYPT_MOBILE.test(compact.replace(/^00/, '+'))) return null;
  return `0${compact.slice(-10)}`;
}
