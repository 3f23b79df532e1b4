// Arabic names for product colours, which the shop stores as CSS colours (mostly '#rrggbb' from the
// admin's picker). Shoppers and screen readers get "أسود", not "#000000". Pure code: the server's
// order e-mails use it too.

/** Common colour names as Egyptian shops use them, each with a few typical shades (more shades, fewer odd matches). */
const NAMED_COLOURS: [name: string, shades: string[]][] = [
  ['أسود', ['#000000', '#1a1a1a']],
  ['أبيض', ['#ffffff', '#f8f8f8']],
  ['رمادي', ['#808080', '#9e9e9e', '#607d8b']],
  ['رمادي غامق', ['#404040', '#555555']],
  ['فضي', ['#c0c0c0', '#d3d3d3']],
  ['أحمر', ['#e50000', '#ff0000', '#d32f2f', '#dc143c']],
  ['عنابي', ['#800020', '#800000', '#6d0f1f']],
  ['وردي', ['#ffc0cb', '#ff69b4', '#e91e63', '#f48fb1']],
  ['فوشيا', ['#ff00ff', '#d5007f']],
  ['برتقالي', ['#ff8c00', '#ffa500', '#ff5722', '#ff7f50']],
  ['أصفر', ['#ffee00', '#ffff00', '#ffeb3b']],
  ['ذهبي', ['#d4af37', '#daa520', '#c9a227']],
  ['بيج', ['#f5f5dc', '#e8d8b8', '#d2b48c']],
  ['بني', ['#8b4513', '#a52a2a', '#795548', '#5d4037', '#6f4e37']],
  ['كحلي', ['#000080', '#1a237e', '#0b1f4b']],
  ['أزرق', ['#1e56e0', '#0000ff', '#1976d2', '#3366cc']],
  ['سماوي', ['#87ceeb', '#4fc3f7', '#00bfff']],
  ['تركواز', ['#40e0d0', '#00bcd4', '#009688']],
  ['أخضر', ['#008000', '#4caf50', '#2e8b57']],
  ['أخضر فاتح', ['#90ee90', '#00ff00', '#8bc34a']],
  ['زيتي', ['#6b6b2a', '#808000', '#556b2f']],
  ['بنفسجي', ['#800080', '#9c27b0', '#673ab7', '#4b0082']],
  ['ليلكي', ['#c8a2c8', '#e6e6fa', '#b39ddb']],
];

/** CSS colour keywords the original backend's data may hold, by their usual shade. */
const CSS_KEYWORDS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  red: '#ff0000',
  maroon: '#800000',
  pink: '#ffc0cb',
  fuchsia: '#ff00ff',
  magenta: '#ff00ff',
  orange: '#ffa500',
  yellow: '#ffff00',
  gold: '#d4af37',
  beige: '#f5f5dc',
  brown: '#a52a2a',
  navy: '#000080',
  blue: '#0000ff',
  skyblue: '#87ceeb',
  turquoise: '#40e0d0',
  cyan: '#00ffff',
  green: '#008000',
  lime: '#00ff00',
  olive: '#808000',
  purple: '#800080',
  violet: '#ee82ee',
  lavender: '#e6e6fa',
};

type Rgb = [number, number, number];
type Lab = [number, number, number];

function parseColour(color: string): Rgb | undefined {
  const value = color.trim().toLowerCase();
  const hex = CSS_KEYWORDS[value] ?? value;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex);
  if (short) return [short[1], short[2], short[3]].map((d) => parseInt(d + d, 16)) as Rgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/.exec(hex);
  if (long) return [long[1], long[2], long[3]].map((d) => parseInt(d, 16)) as Rgb;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/.exec(value);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((d) => Math.min(255, Number(d))) as Rgb;
  return undefined;
}

/** sRGB → CIELAB (D65), where straight-line distance roughly follows how different colours look. */
function toLab([r, g, b]: Rgb): Lab {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const x = (lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047;
  const y = lr * 0.2126 + lg * 0.7152 + lb * 0.0722;
  const z = (lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const NAMED_LAB = NAMED_COLOURS.flatMap(([name, shades]) =>
  shades.map((hex) => ({ name, lab: toLab(parseColour(hex)!) })),
);

/** The Arabic name of a colour: its own when it is a named shade, else the nearest one; the value itself when unreadable. */
export function colorName(color: string): string {
  const rgb = parseColour(color);
  if (!rgb) return color;
  const [l, a, b] = toLab(rgb);
  let best = NAMED_LAB[0];
  let bestDistance = Infinity;
  for (const named of NAMED_LAB) {
    const distance = (named.lab[0] - l) ** 2 + (named.lab[1] - a) ** 2 + (named.lab[2] - b) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [named, distance];
  }
  return best.name;
}

/** Names for a list of colours shown together; two shades with the same name keep their code so they can be told apart. */
export function colorLabels(colors: string[]): string[] {
  const names = colors.map(colorName);
  return names.map((name, i) =>
    names.indexOf(name) !== names.lastIndexOf(name) && name !== colors[i] ? `${name} ${colors[i]}` : name,
  );
}

/** The colour a name stands for (its first shade: `أسود` → `#000000`), for names typed in a sheet; undefined if unknown. */
export function colorOfName(name: string): string | undefined {
  const wanted = name.trim().replace(/[إأآ]/g, 'ا');
  return NAMED_COLOURS.find(([named]) => named.replace(/[إأآ]/g, 'ا') === wanted)?.[1][0];
}
