import { describe, expect, it } from 'vitest';
import { colorLabels, colorName } from '../../common/colorNames';

describe('colorName', () => {
  it('names the common colours in Arabic', () => {
    const named: Record<string, string> = {
      '#000000': 'أسود',
      '#ffffff': 'أبيض',
      '#ff0000': 'أحمر',
      '#0000ff': 'أزرق',
      '#008000': 'أخضر',
      '#ffff00': 'أصفر',
      '#ffa500': 'برتقالي',
      '#800080': 'بنفسجي',
      '#ffc0cb': 'وردي',
      '#8b4513': 'بني',
      '#808080': 'رمادي',
      '#000080': 'كحلي',
      '#f5f5dc': 'بيج',
      '#d4af37': 'ذهبي',
      '#c0c0c0': 'فضي',
    };
    for (const [hex, name] of Object.entries(named)) expect(colorName(hex), hex).toBe(name);
  });

  it('gives other shades the nearest named colour as the eye sees it', () => {
    expect(colorName('#4d4d4d')).toBe('رمادي غامق');
    expect(colorName('#1e90ff')).toBe('أزرق');
    expect(colorName('#222222')).toBe('أسود');
    expect(colorName('#fafafa')).toBe('أبيض');
    expect(colorName('#dc143c')).toBe('أحمر');
    expect(colorName('#ff69b4')).toBe('وردي');
    expect(colorName('#795548')).toBe('بني');
    expect(colorName('#ff5722')).toBe('برتقالي');
    expect(colorName('#2e8b57')).toBe('أخضر');
    // A very dark blue is navy, not black or grey.
    expect(colorName('#0b1f4b')).toBe('كحلي');
  });

  it('reads short hex, upper case, alpha, rgb() and CSS keywords; leaves anything else as it is', () => {
    expect(colorName('#FFF')).toBe('أبيض');
    expect(colorName(' #FF0000 ')).toBe('أحمر');
    expect(colorName('#000000ff')).toBe('أسود');
    expect(colorName('rgb(0, 128, 0)')).toBe('أخضر');
    expect(colorName('Navy')).toBe('كحلي');
    expect(colorName('gold')).toBe('ذهبي');
    expect(colorName('لون غريب')).toBe('لون غريب');
    expect(colorName('')).toBe('');
  });
});

describe('colorLabels', () => {
  it('keeps the code of shades that share a name so they can be told apart', () => {
    expect(colorLabels(['#000000', '#ff0000', '#111111'])).toEqual(['أسود #000000', 'أحمر', 'أسود #111111']);
    expect(colorLabels(['#000000', '#ffffff'])).toEqual(['أسود', 'أبيض']);
  });
});
