/**
 * Dates as shop staff type them (API.md §5.10, §7.13, §9.8), for coupon expiry: ISO dates and date-times, the browser's
 * `M/D/YYYY`, and an Arabic browser's `D‏/M‏/YYYY` (what the original web app sends from an Arabic browser, e.g.
 * "٣١‏/١٢‏/٢٠٣٠": day first, right-to-left marks after the day and the month, Arabic-Indic or ASCII digits). A value
 * without a time means the end of that day in Cairo; a date-time without an offset is Cairo wall-clock time, and an
 * offset must be one a clock can have (−12:00 to +14:00).
 */
import { toAsciiDigits } from '../../common/digits';

const SHOP_TIME_ZONE = 'Africa/Cairo';

const cairoParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Cairo's offset from UTC, in ms, at the instant `utcMs`. */
function cairoOffset(utcMs: number): number {
  const parts = Object.fromEntries(cairoParts.formatToParts(new Date(utcMs)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC instant of a Cairo wall-clock time (two passes settle daylight-saving changes). */
function fromCairoWallTime(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): Date {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  let utc = wall - cairoOffset(wall);
  utc = wall - cairoOffset(utc);
  return new Date(utc);
}

const validDay = (y: number, mo: number, d: number) =>
  mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/**
 * A right-to-left or Arabic letter mark after the day and before its slash: an Arabic locale prints dates so, an
 * English one never. A mark only in front ("‏3/15/2031", pasted from right-to-left text) says nothing of the order.
 */
const RIGHT_TO_LEFT_MARKS = /[\d\u0660-\u0669\u06F0-\u06F9][\u200F\u061C]+\//;

/** Arabic-Indic and Persian digits → ASCII; direction marks removed. */
function normalise(value: string): string {
  return toAsciiDigits(value)
    .replace(/[\u200E\u200F\u061C]/g, '')
    .trim();
}

/** Real time-zone offsets run from −12:00 to +14:00; `+24:00` or `+99:99` is no moment at all. */
const MAX_OFFSET_MINUTES = { '+': 14 * 60, '-': 12 * 60 };

/** The expiry instant, or undefined when the value is not one of the accepted forms. */
export function parseExpire(raw: unknown): Date | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = normalise(raw);
  const dayFirst = RIGHT_TO_LEFT_MARKS.test(raw);
  const endOfDay = (y: number, mo: number, d: number) =>
    validDay(y, mo, d) ? fromCairoWallTime(y, mo, d, 23, 59, 59, 999) : undefined;

  let m = ISO_DATE.exec(value);
  if (m) return endOfDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = SLASH_DATE.exec(value);
  if (m)
    return dayFirst
      ? endOfDay(Number(m[3]), Number(m[2]), Number(m[1]))
      : endOfDay(Number(m[3]), Number(m[1]), Number(m[2]));
  m = ISO_DATE_TIME.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m![i] ?? 0));
  if (!validDay(y, mo, d) || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  if (!m[8]) return fromCairoWallTime(y, mo, d, h, mi, s, ms);
  if (m[8].toUpperCase() === 'Z') return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
  const sign = m[8][0] as '+' | '-';
  const [offsetHours, offsetMinutes] = [Number(m[8].slice(1, 3)), Number(m[8].slice(-2))];
  const offset = offsetHours * 60 + offsetMinutes;
  if (offsetMinutes > 59 || offset > MAX_OFFSET_MINUTES[sign]) return undefined;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - (sign === '-' ? -1 : 1) * offset * 60_000);
}
