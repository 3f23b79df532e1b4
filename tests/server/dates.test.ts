import { describe, expect, it } from 'vitest';
import { parseExpire } from '../../server/lib/dates';

/** What a browser's `toLocaleDateString()` prints for that day in `locale`, as the original web app sends it. */
const printed = (locale: string, year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(locale, { timeZone: 'UTC' });

describe('parseExpire: dates as staff type them', () => {
  it('reads a date-only value as the end of that day in Cairo', () => {
    expect(parseExpire('2025-03-15')?.toISOString()).toBe('2025-03-15T21:59:59.999Z'); // UTC+2
    expect(parseExpire('2025-07-01')?.toISOString()).toBe('2025-07-01T20:59:59.999Z'); // summer time, UTC+3
    expect(parseExpire('3/15/2025')?.toISOString()).toBe('2025-03-15T21:59:59.999Z');
    expect(parseExpire('٣/١٥/٢٠٢٥')?.toISOString()).toBe('2025-03-15T21:59:59.999Z');
    expect(parseExpire(printed('en-US', 2025, 3, 15))?.toISOString()).toBe('2025-03-15T21:59:59.999Z');
  });

  it("reads an Arabic browser's date (day first, right-to-left marks, Arabic-Indic or ASCII digits) as that day", () => {
    // As the issue reported it, and as Arabic locales print 31 December 2030: "٣١‏/١٢‏/٢٠٣٠" and "31‏/12‏/2030".
    const lastDayOf2030 = '2030-12-31T21:59:59.999Z';
    for (const value of [
      '٣١\u200f/١٢\u200f/٢٠٣٠',
      printed('ar-EG', 2030, 12, 31),
      printed('ar', 2030, 12, 31),
      '31\u200f/12\u200f/2030',
    ])
      expect([value, parseExpire(value)?.toISOString()]).toEqual([value, lastDayOf2030]);
    // Day first only when the marks say so: 3/4 is 4 March in Arabic, 3 April in English.
    expect(parseExpire(printed('ar-EG', 2030, 3, 4))?.toISOString()).toBe('2030-03-04T21:59:59.999Z');
    expect(parseExpire(printed('en-US', 2030, 4, 3))?.toISOString()).toBe('2030-04-03T21:59:59.999Z');
    expect(parseExpire('\u200f١٥\u200f/٣\u200f/٢٠٢٥')?.toISOString()).toBe('2025-03-15T21:59:59.999Z');
    // An impossible day is still refused, whichever way round.
    expect(parseExpire('٣١\u200f/٢\u200f/٢٠٣٠')).toBeUndefined();
    expect(parseExpire('\u200f١٢\u200f/٣١\u200f/٢٠٣٠')).toBeUndefined();
  });

  it('takes a date-time with Z, an offset a clock can have (−12:00 to +14:00), or none (Cairo time)', () => {
    expect(parseExpire('2025-07-01T10:00:00Z')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseExpire('2025-07-01T10:00:00+03:00')?.toISOString()).toBe('2025-07-01T07:00:00.000Z');
    expect(parseExpire('2025-07-01T10:00:00+05:45')?.toISOString()).toBe('2025-07-01T04:15:00.000Z'); // Nepal
    expect(parseExpire('2025-07-01T10:00:00+14:00')?.toISOString()).toBe('2025-06-30T20:00:00.000Z'); // Kiribati
    expect(parseExpire('2025-07-01T10:00:00-12:00')?.toISOString()).toBe('2025-07-01T22:00:00.000Z');
    expect(parseExpire('2025-07-01T10:00')?.toISOString()).toBe('2025-07-01T07:00:00.000Z');
  });

  it('refuses impossible offsets, days and times, and anything that is not a date', () => {
    for (const bad of [
      '2099-01-01T00:00:00+99:99',
      '2099-01-01T00:00:00+24:00',
      '2099-01-01T00:00:00+14:01',
      '2099-01-01T00:00:00-12:30',
      '2099-01-01T00:00:00+03:60',
      '2025-02-30',
      '13/1/2025',
      'tomorrow',
      '2025-03-15T25:00',
      '',
      20250315,
      null,
    ])
      expect([bad, parseExpire(bad)]).toEqual([bad, undefined]);
  });
});
