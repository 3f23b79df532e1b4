/* global process */
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';

/**
 * Production builds keep only the Bootstrap rules the shop uses (the issue's budget: home CSS ≤ 30 KB gzip).
 * Applied to Bootstrap's stylesheet alone; our own CSS and other packages' CSS pass through untouched.
 * Class names that appear literally in src/ are found by scanning it; react-bootstrap builds the rest from
 * its component prefixes and props (variant, bg, size, xs/md/lg, show, active…), so those families are kept
 * whole for every component the app imports. A new react-bootstrap component needs its prefix added here.
 */
const HTML_TAGS =
  'html body main header footer nav section article aside div span p a img picture source svg ul ol li dl dt dd h1 h2 h3 h4 h5 h6 ' +
  'strong b em small mark abbr blockquote figure figcaption hr pre code kbd samp sub sup table caption thead tbody tfoot tr th td ' +
  'form fieldset legend label input button select optgroup option textarea output progress iframe summary details template [hidden] [role] [type]';

const purgeBootstrap = purgeCSSPlugin({
  content: ['index.html', 'src/**/*.{ts,tsx}'],
  contentFunction: () => ['index.html', 'src/**/*.{ts,tsx}', { raw: HTML_TAGS, extension: 'html' }],
  safelist: {
    standard: [
      'active',
      'disabled',
      'show',
      'showing',
      'hiding',
      'fade',
      'collapse',
      'collapsing',
      'collapsed',
      'slide',
      'visually-hidden',
      'visually-hidden-focusable',
      'was-validated',
      'is-valid',
      'is-invalid',
      'valid-feedback',
      'invalid-feedback',
      'lead',
      'h-100',
      'w-100',
    ],
    greedy: [
      /^btn/,
      /^badge/,
      /^bg-/,
      /^text-bg-/,
      /^card/,
      /^carousel/,
      /^col/,
      /^row/,
      /^g-/,
      /^container/,
      /^nav/,
      /^navbar/,
      /^drop/,
      /^modal/,
      /^form/,
      /^input-group/,
      /^spinner/,
      /^alert/,
      /^page-/,
      /^pagination/,
      /^close/,
      /^btn-close/,
      /^tooltip/,
      /^popover/,
    ],
    variables: [],
  },
});

/** Runs the purge on Bootstrap's stylesheet only. */
const purgeBootstrapOnly = {
  postcssPlugin: 'purge-bootstrap-only',
  OnceExit(root, helpers) {
    if (!/[\\/]bootstrap[\\/]dist[\\/]css[\\/]/.test(root.source?.input.file ?? '')) return;
    return purgeBootstrap.OnceExit(root, helpers);
  },
};

export default { plugins: process.env.NODE_ENV === 'production' ? [purgeBootstrapOnly] : [] };
