// Arabic (Egypt) grouping with Latin digits everywhere: prices, counts and dates read the same
// as the numbers shoppers type and as the API's numbers.
// Whole pounds without decimals; otherwise always two digits of piastres (3,686.40, never 3,686.4).
const moneyFormat = new Intl.NumberFormat('ar-EG', {
  numberingSystem: 'latn',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  trailingZeroDisplay: 'stripIfInteger',
});
const dateFormat = new Intl.DateTimeFormat('ar-EG', {
  numberingSystem: 'latn',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat('ar-EG', {
  numberingSystem: 'latn',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const CURRENCY_LABEL = 'جنيه';

/** An amount of pounds without the currency: formatAmount(1250) → '1,250'; formatAmount(99.5) → '99.50' */
export function formatAmount(amount: number): string {
  return moneyFormat.format(amount);
}

/** formatEGP(1250) → '1,250 جنيه'; formatEGP(99.5) → '99.50 جنيه' */
export function formatEGP(amount: number): string {
  return `${formatAmount(amount)} ${CURRENCY_LABEL}`;
}

/** Local calendar date of an ISO timestamp, e.g. '28 مارس 2024'; '' for a missing or invalid value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Local date and time of an ISO timestamp, e.g. '28 مارس 2024 في 12:15 م'; '' for a missing or invalid value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
