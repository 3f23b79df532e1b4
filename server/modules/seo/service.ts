import type { Db } from '../../db';
import { catalogueSizes, findSharedNamedImage, findSharedProduct, newestProductCover, sitemapRows } from './repository';

/** What a shared link's page shows (server/modules/seo/sharePage.ts reads them here, not in the repository). */
export const sharedProduct = (db: Db, id: string) => findSharedProduct(db, id);
export const sharedNamedImage = (db: Db, table: 'categories' | 'brands', id: string) =>
  findSharedNamedImage(db, table, id);
/** The cover of the first product a first visit to /products sees. */
export const listingCoverImage = async (db: Db) => (await newestProductCover(db))?.image_cover ?? null;

/** The sitemaps protocol's limit of URLs per file. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Rows read per query while a page streams out. */
const BATCH = 2_000;

const xmlEscape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Pages of the web app worth finding, then every category, brand and product, in this order. */
const STATIC_PATHS = ['/', '/products', '/allcategory', '/allbrand'];
const SECTIONS = [
  { table: 'categories', path: '/products/category/' },
  { table: 'brands', path: '/products/brand/' },
  { table: 'products', path: '/products/' },
] as const;

async function sectionSizes(db: Db) {
  const sizes = await catalogueSizes(db);
  return SECTIONS.map((section) => sizes[section.table]);
}

/** How many sitemap files the index lists (at least one, holding the static pages). */
export async function sitemapPageCount(db: Db, pageSize: number) {
  const total = STATIC_PATHS.length + (await sectionSizes(db)).reduce((a, b) => a + b, 0);
  return Math.max(1, Math.ceil(total / pageSize));
}

export function sitemapIndexXml(base: string, pages: number) {
  let xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (let n = 1; n <= pages; n++) xml += `  <sitemap><loc>${xmlEscape(`${base}/sitemaps/${n}.xml`)}</loc></sitemap>\n`;
  return `${xml}</sitemapindex>\n`;
}

/**
 * Sitemap file `page` (from 1) as chunks of XML: the URLs at positions [(page-1)·size, page·size) of
 * the whole list. Rows are read in id order, in batches that continue after the last id seen (keyset),
 * so a page of 50,000 products costs a few index scans and never holds them all in memory.
 */
export async function* sitemapPage(db: Db, base: string, page: number, pageSize: number): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${xmlEscape(base + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>\n`;

  let skip = (page - 1) * pageSize;
  let left = pageSize;
  const staticPart = STATIC_PATHS.slice(skip, skip + left);
  if (staticPart.length) yield staticPart.map((p) => url(p)).join('');
  skip = Math.max(0, skip - STATIC_PATHS.length);
  left -= staticPart.length;

  const sizes = await sectionSizes(db);
  for (const [i, section] of SECTIONS.entries()) {
    if (left <= 0) break;
    if (skip >= sizes[i]) {
      skip -= sizes[i];
      continue;
    }
    let after: string | undefined;
    while (left > 0) {
      const limit = Math.min(BATCH, left);
      const rows = await sitemapRows(db, section.table, { after, skip }, limit);
      if (!rows.length) break;
      yield rows.map((r) => url(section.path + r.id, r.updated_at)).join('');
      left -= rows.length;
      after = rows.at(-1)!.id;
      if (rows.length < limit) break;
    }
    skip = 0;
  }
  yield '</urlset>\n';
}
