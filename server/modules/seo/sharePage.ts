import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db';
import { escapeHtml, jsonForHtml } from '../../lib/html';
import { IMAGE_SIZES, uploadSrcSet } from '../../../common/images';
import { imageUrl, type ImageBase } from '../../lib/images';
import { isId } from '../../lib/validate';
import { listingCoverImage, sharedNamedImage, sharedProduct } from './service';

/**
 * A page the server fills index.html for: a product, or the product listing of a category or brand (their
 * shared links' previews); or the whole listing /products, which gets only its preloads.
 */
export type ShareTarget = { kind: 'product' | 'category' | 'brand'; id: string } | { kind: 'listing' };

/** The lazy page chunks (and the gallery the product page always loads) to preload, by Vite manifest key. */
const PAGE_CHUNKS: Record<'product' | 'listing', string[]> = {
  product: ['src/pages/storefront/ProductDetailsPage.tsx', 'src/features/products/ProductGallery.tsx'],
  listing: ['src/pages/storefront/ProductsPage.tsx'],
};

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

const unescapeHtml = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

/** Plain text for a description: whitespace folded, at most ~160 characters (what previews show). */
function summary(text: string, max = 160) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

interface Template {
  /** index.html with its own <title> and description removed, split where the page's tags go. */
  head: string;
  tail: string;
  /** index.html's own <title> and description, for pages that keep them. */
  ownTags: string;
  /** What index.html marks `data-home-only` (the first slide's preload): the home page's alone. */
  homeHints: string;
  shopName: string;
  /** <link> tags that start each page's lazy chunks and their styles with the HTML (empty without a manifest). */
  chunkLinks: Record<'product' | 'listing', string>;
}

const TITLE = /<title>([^<]*)<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;
const HOME_ONLY = /[ \t]*<link\b[^>]*\bdata-home-only\b[^>]*>[ \t]*\n?/gi;

/**
 * Fills index.html's head for shared links, so WhatsApp and Facebook previews (which run no script)
 * show the product, category or brand. The shop's name is index.html's own <title>.
 */
export function sharePages(db: Db, webDist: string) {
  // Read once: the built index.html does not change while the server runs (npm start rebuilds before starting).
  let template: Promise<Template | undefined> | undefined;
  const loadTemplate = () =>
    (template ??= Promise.all([
      fs.readFile(path.join(webDist, 'index.html'), 'utf8'),
      // `vite build` writes it (build.manifest); a build without it just gets no chunk preloads.
      fs.readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8').then(
        (json) => JSON.parse(json) as Manifest,
        () => ({}) as Manifest,
      ),
    ]).then(([html, manifest]) => {
      const shopName = unescapeHtml(TITLE.exec(html)?.[1]?.trim() ?? '');
      const ownTags = `    ${TITLE.exec(html)?.[0].trim() ?? ''}\n    ${DESCRIPTION.exec(html)?.[0].trim() ?? ''}\n`;
      // The home page's own hints (index.html marks them), which every other page leaves out.
      const homeHints = (html.match(HOME_ONLY) ?? []).join('');
      const stripped = html.replace(TITLE, '').replace(DESCRIPTION, '').replace(HOME_ONLY, '');
      const at = stripped.search(/<\/head>/i);
      const chunkLinks = {
        product: chunkPreloads(manifest, PAGE_CHUNKS.product),
        listing: chunkPreloads(manifest, PAGE_CHUNKS.listing),
      };
      return at < 0
        ? undefined
        : { head: stripped.slice(0, at), tail: stripped.slice(at), ownTags, homeHints, shopName, chunkLinks };
    }));

  /** The first product of /products as a first visit asks for it (newest first, API.md's default order). */
  async function listingCover(base: ImageBase) {
    return imageUrl(base, 'products', await listingCoverImage(db));
  }

  async function find(target: Exclude<ShareTarget, { kind: 'listing' }>, base: ImageBase) {
    if (!isId(target.id)) return undefined;
    if (target.kind === 'product') {
      // first_image, what the page's gallery shows first, is its largest paint.
      const row = await sharedProduct(db, target.id);
      return (
        row && {
          name: row.title,
          description: summary(row.description),
          image: imageUrl(base, 'products', row.image_cover),
          type: 'product',
          path: `/products/${target.id}`,
          preload: imagePreload(imageUrl(base, 'products', row.first_image), IMAGE_SIZES.productGallery),
        }
      );
    }
    const table = target.kind === 'category' ? 'categories' : 'brands';
    const row = await sharedNamedImage(db, table, target.id);
    const what = target.kind === 'category' ? 'تصنيف' : 'ماركة';
    return (
      row && {
        name: row.name,
        description: `تسوق منتجات ${what} ${row.name} بأسعار بالجنيه المصري`,
        image: imageUrl(base, table, row.image),
        type: 'website',
        path: `/products/${target.kind}/${target.id}`,
        preload: '',
      }
    );
  }

  /**
   * index.html with the target's tags (the shop's own for a page that is not shared, or an unknown target) and the
   * page's first answers; undefined when there is nothing to add (the caller sends the plain page).
   * `answers`: the page's first API answers, by the path the web app asks for (src/api/firstAnswers.ts takes them).
   */
  return async function render(
    target: ShareTarget | undefined,
    base: ImageBase,
    answers: Record<string, unknown> = {},
    home = false,
  ): Promise<string | undefined> {
    const page = await loadTemplate();
    if (!page) return undefined;
    // The shop's own title and description, with what the page needs first.
    const ownPage = (hints: string) => {
      const extra = (home ? page.homeHints : '') + hints + firstAnswers(answers);
      return extra ? `${page.head}${page.ownTags}${extra}  ${page.tail}` : undefined;
    };
    // The listing's chunk and its first card image start with the HTML.
    if (target?.kind === 'listing')
      return ownPage(page.chunkLinks.listing + imagePreload(await listingCover(base), IMAGE_SIZES.productCard));
    const found = target && (await find(target, base));
    if (!found) return ownPage('');
    const title = page.shopName ? `${found.name} | ${page.shopName}` : found.name;
    const url = `${base.origin}${found.path}`;
    const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
      value ? `    <meta ${attr}="${key}" content="${escapeHtml(value)}" />\n` : '';
    const tags =
      `    <title>${escapeHtml(title)}</title>\n` +
      meta('name', 'description', found.description) +
      `    <link rel="canonical" href="${escapeHtml(url)}" />\n` +
      meta('property', 'og:title', found.name) +
      meta('property', 'og:description', found.description) +
      meta('property', 'og:image', found.image) +
      meta('property', 'og:type', found.type) +
      meta('property', 'og:url', url) +
      meta('property', 'og:locale', 'ar_EG') +
      meta('property', 'og:site_name', page.shopName || undefined) +
      (target.kind === 'product' ? page.chunkLinks.product : '') +
      found.preload +
      firstAnswers(answers);
    return `${page.head}${tags}  ${page.tail}`;
  };
}

/** The answers as data the page reads (a JSON block never runs, so the Content-Security-Policy lets it be). */
function firstAnswers(answers: Record<string, unknown>) {
  if (Object.keys(answers).length === 0) return '';
  return `    <script type="application/json" id="${FIRST_ANSWERS_ID}">${jsonForHtml(answers)}</script>\n`;
}

/** The element's id, as src/api/firstAnswers.ts looks for it. */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * A page's largest image, fetched with the HTML instead of after the app has run: the very URL, srcset and
 * sizes the page's <img> will use (common/images.ts), so the browser reuses this response.
 */
function imagePreload(url: string | undefined, sizes: string) {
  if (!url) return '';
  const responsive = /\.webp$/.test(url)
    ? ` imagesrcset="${escapeHtml(uploadSrcSet(url))}" imagesizes="${escapeHtml(sizes)}"`
    : '';
  return `    <link rel="preload" as="image" href="${escapeHtml(url)}"${responsive} fetchpriority="high" />\n`;
}

/**
 * modulepreload for the given chunks and every chunk they import statically, and preload for their styles,
 * leaving out what index.html already loads (the entry and its imports).
 */
function chunkPreloads(manifest: Manifest, keys: string[]) {
  const loaded = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, loaded);
  const wanted = new Set<string>();
  for (const key of keys) visit(key, wanted);
  const chunks = [...wanted].filter((key) => !loaded.has(key)).map((key) => manifest[key]);
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key].css ?? []));
  const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((file) => !loadedCss.has(file));
  return (
    chunks.map((c) => `    <link rel="modulepreload" crossorigin href="/${escapeHtml(c.file)}" />\n`).join('') +
    css.map((file) => `    <link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />\n`).join('')
  );
}
