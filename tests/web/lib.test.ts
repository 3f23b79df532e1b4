import { parseNumberInput, toAsciiDigits } from '../../src/lib/digits';
import { formatDate, formatEGP } from '../../src/lib/format';
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
