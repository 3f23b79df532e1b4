/*
 * The SEO pages answer crawlers and browsers in HTML, text and XML, never the API's JSON errors, so their paths are
 * read here rather than declared with fields(): what does not match is the page's own 404.
 */

/** A shared listing's path: the category's or brand's id. */
export type SharedPath = { Params: { id: string } };

/** A sitemap file's path: `/sitemaps/<n>.xml`. */
export type SitemapPath = { Params: { file: string } };

/** The page number a sitemap file's name gives (`3.xml`: 3), or undefined for any other name. */
export const sitemapPageOf = (file: string) => Number(/^([1-9]\d{0,5})\.xml$/.exec(file)?.[1]) || undefined;
