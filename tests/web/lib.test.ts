import { parseNumberInput, toAsciiDigits } from '../../common/digits';
import { formatDate, formatEGP } from '../../common/format';
import {
  daysLabel,
  imagesLabel,
  ordersLabel,
  piecesLabel,
  productsLabel,
  resultsLabel,
  reviewsLabel,
} from '../../src/lib/plural';
import { oneAtATime } from '../../src/lib/oneAtATime';
import { availableOnlyText, lowStockText } from '../../src/lib/stock';
import { getStored, removeStored, setStored } from '../../src/lib/storage';
import { customer } from './mocks/fixtures';

describe('formatEGP', () => {
  it('groups thousands with Latin digits and the pound label', () => {
    expect(formatEGP(1250)).toBe('1,250 جنيه');
    expect(formatEGP(99.5)).toBe('99.50 جنيه');
    expect(formatEGP(99.999)).toBe('100 جنيه');
    expect(formatEGP(0)).toBe('0 جنيه');
  });
});

describe('resultsLabel', () => {
  it('uses the Arabic plural form for each count, with Western digits', () => {
    expect(resultsLabel(0)).toBe('لا توجد نتائج');
    expect(resultsLabel(1)).toBe('نتيجة واحدة');
    expect(resultsLabel(2)).toBe('نتيجتان');
    expect(resultsLabel(3)).toBe('3 نتائج');
    expect(resultsLabel(10)).toBe('10 نتائج');
    expect(resultsLabel(11)).toBe('11 نتيجة');
    expect(resultsLabel(99)).toBe('99 نتيجة');
    expect(resultsLabel(100)).toBe('100 نتيجة');
    expect(resultsLabel(103)).toBe('103 نتائج');
    expect(resultsLabel(1500)).toBe('1,500 نتيجة');
  });
});

describe('counted Arabic phrases (Intl.PluralRules ar: zero, one, two, few, many, other)', () => {
  const counts = [0, 1, 2, 3, 11, 100];
  it.each([
    ['products', productsLabel, ['لا توجد منتجات', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجا', '100 منتج']],
    ['reviews', reviewsLabel, ['لا توجد تقييمات', 'تقييم واحد', 'تقييمان', '3 تقييمات', '11 تقييما', '100 تقييم']],
    ['orders', ordersLabel, ['لا توجد طلبات', 'طلب واحد', 'طلبان', '3 طلبات', '11 طلبا', '100 طلب']],
    ['pieces', piecesLabel, ['لا توجد قطع', 'قطعة واحدة', 'قطعتان', '3 قطع', '11 قطعة', '100 قطعة']],
    ['images', imagesLabel, ['لا توجد صور', 'صورة واحدة', 'صورتان', '3 صور', '11 صورة', '100 صورة']],
    ['days', daysLabel, ['لا توجد ايام', 'يوم واحد', 'يومان', '3 ايام', '11 يوما', '100 يوم']],
  ])('%s', (_, label: (count: number) => string, forms) => {
    expect(counts.map((count) => label(count))).toEqual(forms);
  });

  it('puts the dual after a preposition in its genitive form, and only the dual', () => {
    expect(`اكثر من ${imagesLabel(2, true)}`).toBe('اكثر من صورتين');
    expect(`يحتوي على ${productsLabel(2, true)}`).toBe('يحتوي على منتجين');
    expect(`في اخر ${daysLabel(2, true)}`).toBe('في اخر يومين');
    expect([1, 5, 30].map((count) => daysLabel(count, true))).toEqual(['يوم واحد', '5 ايام', '30 يوما']);
  });

  it('8 orders and 8 pieces are plurals, not singulars ("8 طلب", "8 قطعة")', () => {
    expect(ordersLabel(8)).toBe('8 طلبات');
    expect(piecesLabel(8)).toBe('8 قطع');
    expect(productsLabel(5)).toBe('5 منتجات');
    expect(reviewsLabel(1)).toBe('تقييم واحد');
  });
});

describe('stock texts', () => {
  it('count pieces in correct Arabic plurals with Western digits', () => {
    expect([1, 2, 3, 10, 11, 100].map((count) => piecesLabel(count))).toEqual([
      'قطعة واحدة',
      'قطعتان',
      '3 قطع',
      '10 قطع',
      '11 قطعة',
      '100 قطعة',
    ]);
    expect([0, 1, 2, 3, 5, 6].map(lowStockText)).toEqual([
      null,
      'متبقي قطعة واحدة فقط',
      'متبقي قطعتان فقط',
      'متبقي 3 قطع فقط',
      'متبقي 5 قطع فقط',
      null,
    ]);
    expect(lowStockText(undefined)).toBeNull();
    expect([0, 1, 2, 4, 11].map(availableOnlyText)).toEqual([
      'نفذت الكمية',
      'متوفر قطعة واحدة فقط',
      'متوفر قطعتان فقط',
      'متوفر 4 قطع فقط',
      'متوفر 11 قطعة فقط',
    ]);
  });
});

describe('formatDate', () => {
  it('shows a local date with Latin digits', () => {
    expect(formatDate('2024-03-28T10:15:00.000Z')).toMatch(/28.*2024/);
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('digits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('رقم ١٢ و 3')).toBe('رقم 12 و 3');
  });

  it('parses numeric input whatever the digits', () => {
    expect(parseNumberInput('١٢٥٠')).toBe(1250);
    expect(parseNumberInput('١٢٫٥')).toBe(12.5);
    expect(parseNumberInput('١٬٢٥٠')).toBe(1250);
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('abc')).toBeNull();
  });
});

describe('storage', () => {
  it('keeps the token as a plain string and the user as JSON', () => {
    setStored('token', 'abc');
    setStored('user', customer);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(customer);
    expect(getStored('user')).toEqual(customer);
  });

  it('reads corrupt JSON as nothing stored', () => {
    localStorage.setItem('user', '{oops');
    expect(getStored('user')).toBeNull();
  });

  it('removes keys', () => {
    setStored('searchWord', 'هاتف');
    setStored('catChecked', ['cat-1']);
    removeStored('searchWord', 'catChecked');
    expect(getStored('searchWord')).toBeNull();
    expect(getStored('catChecked')).toBeNull();
  });
});

describe('oneAtATime', () => {
  it('starts each call once the one before has settled, in the order given, failed or not', async () => {
    const run = oneAtATime();
    const events: string[] = [];
    const releases: (() => void)[] = [];
    const call =
      (name: string, fails = false) =>
      () => {
        events.push(`start ${name}`);
        return new Promise<string>((resolve, reject) => {
          releases.push(() => (fails ? reject(new Error(name)) : resolve(name)));
        });
      };
    const first = run(call('first', true));
    const second = run(call('second'));
    const third = run(call('third'));
    await Promise.resolve();
    expect(events).toEqual(['start first']);
    releases[0]();
    await expect(first).rejects.toThrow('first');
    await vi.waitFor(() => expect(events).toEqual(['start first', 'start second']));
    releases[1]();
    expect(await second).toBe('second');
    await vi.waitFor(() => expect(events).toEqual(['start first', 'start second', 'start third']));
    releases[2]();
    expect(await third).toBe('third');
  });
});
