import sharp from 'sharp';
import type { Shape } from './catalogue';

/** Demo pictures drawn locally (no downloads): a gradient, a simple silhouette of the kind of product and an initial. */
const SHAPES: Record<Shape, string> = {
  tv: '<rect x="-150" y="-100" width="300" height="180" rx="12"/><rect x="-40" y="90" width="80" height="14" rx="4"/>',
  phone: '<rect x="-70" y="-130" width="140" height="260" rx="24"/><circle cx="0" cy="108" r="9" fill-opacity="0.3"/>',
  laptop: '<rect x="-130" y="-100" width="260" height="160" rx="10"/><path d="M-170 70 H170 L150 100 H-150 Z"/>',
  shirt:
    '<path d="M-60 -120 L-150 -70 L-120 -10 L-90 -30 V130 H90 V-30 L120 -10 L150 -70 L60 -120 Q0 -80 -60 -120 Z"/>',
  dress: '<path d="M-40 -130 H40 L55 -40 L130 130 H-130 L-55 -40 Z"/>',
  appliance:
    '<rect x="-110" y="-130" width="220" height="260" rx="16"/><circle cx="0" cy="20" r="70" fill-opacity="0.35"/>',
  bottle:
    '<rect x="-25" y="-135" width="50" height="40" rx="6"/><rect x="-80" y="-95" width="160" height="225" rx="36"/>',
  toy: '<rect x="-120" y="-20" width="100" height="100" rx="10"/><rect x="20" y="-20" width="100" height="100" rx="10"/><rect x="-50" y="-130" width="100" height="100" rx="10"/>',
};

function svg(width: number, height: number, hue: number, shape: Shape, initial: string, variant: number) {
  const scale = (Math.min(width, height) / 600) * (variant ? 0.85 : 1);
  const angle = variant * 12;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,${60 - variant * 6}%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,32%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <g transform="translate(${width / 2},${height / 2}) scale(${scale}) rotate(${angle})" fill="#ffffff" fill-opacity="0.85">${SHAPES[shape]}</g>
  <circle cx="${width - 70}" cy="70" r="44" fill="#ffffff" fill-opacity="0.9"/>
  <text x="${width - 70}" y="86" font-family="DejaVu Sans, Noto Sans Arabic, sans-serif" font-size="46" font-weight="bold" text-anchor="middle" fill="hsl(${hue},60%,30%)">${initial}</text>
</svg>`);
}

/** A PNG (fast to encode; storeImage converts it to WebP). 4:3 for products, square for categories and brands. */
export function demoImage(options: {
  hue: number;
  shape: Shape;
  initial: string;
  square?: boolean;
  variant?: number;
}): Promise<Buffer> {
  const [width, height] = options.square ? [600, 600] : [800, 600];
  const initial = options.initial.replace(/[<>&"']/g, '');
  return sharp(svg(width, height, options.hue, options.shape, initial, options.variant ?? 0))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
