import { toAsciiDigits } from '../../../../common/digits';

/** The longest SKU accepted: owners' codes are short; a longer value is a pasted description. */
export const SKU_MAX = 64;
/** Letters and digits of any script, and the separators codes use: `AB-12`, `قميص/٣`, `X.1_2`. */
const SKU_PATTERN = /^[\p{L}\p{N}]([\p{L}\p{N}._\-/ ]*[\p{L}\p{N}])?$/u;

/** A SKU as stored and compared: trimmed, Western digits, Latin letters upper-cased. */
export const normalizeSku = (value: string) => toAsciiDigits(value.trim()).toUpperCase();

/** Whether the (normalised) text is a SKU the shop accepts. */
export const isSku = (sku: string) => [...sku].length <= SKU_MAX && SKU_PATTERN.test(sku);
