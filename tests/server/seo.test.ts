import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../common/images';
import { createBrand, createCategory, createProduct, useTestApp } from './helpers';

// The shop's real index.html as the template (its <title> is the shop's name), in a stand-in build folder.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-'));
const INDEX_HTML = fs.readFileSync(path.resolve('index.html'), 'utf8');
fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
// A Vite manifest as `vite build` writes it (build.manifest): the entry with its imports, the lazy pages with theirs.
fs.mkdirSync(path.join(webDist, '.vite'));
fs.writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_app-A.js'], css: ['assets/app-A.css'] },
    '_app-A.js': { file: 'assets/app-A.js', css: ['assets/app-A.css'] },
    '_Form-F.js': { file: 'assets/Form-F.js', imports: ['_app-A.js'] },
    '_Modal-M.js': { file: 'assets/Modal-M.js', imports: ['_app-A.js', '_Form-F.js'] },
    'src/pages/storefront/ProductDetailsPage.tsx': {
      file: 'assets/ProductDetailsPage-P.js',
      imports: ['_app-A.js', '_Modal-M.js'],
      css: ['assets/ProductDetailsPage-P.css'],
      dynamicImports: ['src/features/products/ProductGallery.tsx'],
    },
    'src/features/products/ProductGallery.tsx': {
      file: 'assets/ProductGallery-G.js',
      imports: ['_app-A.js'],
      css: ['assets/ProductGallery-G.css'],
    },
    'src/pages/storefront/ProductsPage.tsx': { file: 'assets/ProductsPage-L.js', imports: ['_app-A.js', '_Form-F.js'] },
  }),
);
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const PAGE_SIZE = 5;
const t = useTestApp({}, { webDist, sitemapPageSize: PAGE_SIZE });

/** The page as a crawler sees it: fetched without running any script, its head read as HTML. */
async function head(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers: { 'user-agent': 'facebookexternalhit/1.1', ...headers } });
  const doc = new JSDOM(res.body).window.document;
  const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? undefined;
  return {
    res,
    doc,
    title: doc.title,
    description: meta('meta[name="description"]'),
    og: Object.fromEntries(
      [...doc.querySelectorAll('meta[property^="og:"]')].map((m) => [
        m.getAttribute('property'),
        m.getAttribute('content'),
      ]),
    ),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
    titles: doc.querySelectorAll('title').length,
    descriptions: doc.querySelectorAll('meta[name="description"]').length,
  };
}

/** Scripts that would run inline (a JSON data block never runs). */
const inlineScripts = (doc: Document) =>
  [...doc.querySelectorAll<HTMLScriptElement>('script:not([type="application/json"])')].filter((s) => !s.src).length;
/** The page's first API answers (server/modules/seo), by the path the web app asks for. */
const firstAnswers = (doc: Document) => {
  const block = doc.querySelector('script#first-answers[type="application/json"]');
  return block ? (JSON.parse(block.textContent!) as Record<string, unknown>) : undefined;
};

describe('share previews: index.html filled on the server', () => {
  it('a product URL carries its title, description, cover image, type, locale, URL and canonical link', async () => {
    const id = await createProduct(t, {
      title: 'ساعة ذكية رياضية',
      description: 'ساعة   ذكية\nمقاومة للماء ' + 'ببطارية طويلة '.repeat(20),
    });
    const page = await head(`/products/${id}`);
    expect(page.res.statusCode).toBe(200);
    expect(page.res.headers['content-type']).toMatch(/^text\/html/);
    expect(page.res.headers['cache-control']).toBe('no-cache');
    expect(page.res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.title).toBe('ساعة ذكية رياضية | متجر');
    expect(page.description).toMatch(/^ساعة ذكية مقاومة للماء ببطارية/);
    expect(page.description!.length).toBeLessThanOrEqual(160);
    expect(page.og).toEqual({
      'og:title': 'ساعة ذكية رياضية',
      'og:description': page.description,
      'og:image': 'http://shop.test/products/cover.webp',
      'og:type': 'product',
      'og:url': `http://shop.test/products/${id}`,
      'og:locale': 'ar_EG',
      'og:site_name': 'متجر',
    });
    expect(page.canonical).toBe(`http://shop.test/products/${id}`);
    // One title and one description (the template's own were replaced), and still no inline script.
    expect([page.titles, page.descriptions, inlineScripts(page.doc)]).toEqual([1, 1, 0]);
    expect(page.doc.documentElement.getAttribute('dir')).toBe('rtl');
    expect(page.doc.querySelector('#root')).not.toBeNull();
  });

  it('escapes a hostile title and description: they stay text, no element or attribute is injected', async () => {
    const hostile = `"/><script>alert('x')</script><meta property="og:image" content="http://evil.test/a.png"> & <b>`;
    const id = await createProduct(t, { title: hostile, description: `'onload='alert(1)' ${hostile}` });
    const page = await head(`/products/${id}`);
    expect(page.title).toBe(`${hostile} | متجر`);
    expect(page.og['og:title']).toBe(hostile);
    expect(page.description).toBe(`'onload='alert(1)' ${hostile}`);
    // The page's own scripts, and the product's answer as data in which the title is text again.
    expect(page.doc.querySelectorAll('script:not(#first-answers)')).toHaveLength(INDEX_HTML.match(/<script/g)!.length);
    expect(page.res.body.match(/<\/script>/g)).toHaveLength(INDEX_HTML.match(/<\/script>/g)!.length + 1);
    expect((firstAnswers(page.doc)![`/products/${id}`] as { data: { title: string } }).data.title).toBe(hostile);
    expect(page.doc.querySelectorAll('b, meta[content="http://evil.test/a.png"]')).toHaveLength(0);
    expect(page.og['og:image']).toBe('http://shop.test/products/cover.webp');
    expect(page.res.body).not.toContain("<script>alert('x')");
  });

  it('category and brand product pages preview the category or brand with its image', async () => {
    const categoryId = await createCategory(t, 'إلكترونيات & "أجهزة"');
    const brandId = await createBrand(t, 'سامسونج');
    const category = await head(`/products/category/${categoryId}`);
    expect(category.title).toBe('إلكترونيات & "أجهزة" | متجر');
    expect(category.og).toMatchObject({
      'og:title': 'إلكترونيات & "أجهزة"',
      'og:image': 'http://shop.test/categories/cat.webp',
      'og:type': 'website',
      'og:url': `http://shop.test/products/category/${categoryId}`,
      'og:locale': 'ar_EG',
    });
    expect(category.description).toContain('إلكترونيات & "أجهزة"');
    expect(category.canonical).toBe(`http://shop.test/products/category/${categoryId}`);

    const brand = await head(`/products/brand/${brandId}`);
    expect(brand.title).toBe('سامسونج | متجر');
    expect(brand.og).toMatchObject({
      'og:image': 'http://shop.test/brands/brand.webp',
      'og:type': 'website',
      'og:url': `http://shop.test/products/brand/${brandId}`,
    });
    expect(brand.canonical).toBe(`http://shop.test/products/brand/${brandId}`);
  });

  it("unknown and malformed ids, and other routes, get index.html's own title and tags, with only the page's first answers added", async () => {
    const categoryId = await createCategory(t);
    const own = await head('/no-such-page-answers-nothing-else');
    for (const url of [
      `/products/${randomUUID()}`,
      '/products/not-an-id',
      `/products/category/${randomUUID()}`,
      '/products/brand/%27%3B--',
      // A product id under the brand path is not a brand.
      `/products/brand/${categoryId}`,
      '/cart',
      '/',
    ]) {
      const page = await head(url);
      expect(page.res.statusCode, url).toBe(200);
      expect(page.res.headers['cache-control'], url).toBe('no-cache');
      expect([page.title, page.description, page.titles, page.descriptions], url).toEqual([
        'متجر',
        own.description,
        1,
        1,
      ]);
      expect([page.og, page.canonical, inlineScripts(page.doc)], url).toEqual([{}, undefined, 0]);
      const links = (doc: Document) => [...doc.head.querySelectorAll('link')].map((l) => l.outerHTML);
      // The first slide's preload is the home page's alone: elsewhere it would compete with the page's own image.
      const ownLinks = links(new JSDOM(INDEX_HTML).window.document);
      const slide = '<link rel="preload" as="image" href="/slides/slide-1.svg" fetchpriority="high" data-home-only="">';
      expect(ownLinks, url).toContain(slide);
      expect(links(page.doc), url).toEqual(url === '/' ? ownLinks : ownLinks.filter((l) => l !== slide));
      expect(Object.keys(firstAnswers(page.doc)!), url).toContain('/shop');
      // Without the answers, the page is index.html's head and body as they are.
      page.doc.getElementById('first-answers')!.remove();
      expect(page.doc.body.outerHTML, url).toBe(new JSDOM(INDEX_HTML).window.document.body.outerHTML);
    }
  });

  it("uses PUBLIC_BASE_URL, else the address the shop listens on, never the request's Host", async () => {
    const id = await createProduct(t, { title: 'منتج' });
    const { config } = t.app.ctx;
    const saved = { publicBaseUrl: config.publicBaseUrl, host: config.host, port: config.port };
    Object.assign(config, { publicBaseUrl: undefined, host: '0.0.0.0', port: 8000 });
    try {
      const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
      const page = await head(`/products/${id}`, forged);
      expect(page.og['og:url']).toBe(`http://localhost:8000/products/${id}`);
      expect(page.og['og:image']).toBe('http://localhost:8000/products/cover.webp');
      const robots = await t.app.inject({ url: '/robots.txt', headers: forged });
      expect(robots.body).toContain('Sitemap: http://localhost:8000/sitemap.xml');
      const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: forged });
      expect(sitemap.body).not.toContain('evil.example');
      Object.assign(config, { host: '127.0.0.1', port: 5000 });
      expect((await head(`/products/${id}`, forged)).og['og:url']).toBe(`http://127.0.0.1:5000/products/${id}`);
    } finally {
      Object.assign(config, saved);
    }
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt allows the shop, keeps crawlers out of the private areas and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/user', '/cart', '/api']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('sitemap.xml is an index of pages of at most the page size that together list every category, brand and product once', async () => {
    const categories = [await createCategory(t), await createCategory(t), await createCategory(t)];
    const brands = [await createBrand(t), await createBrand(t)];
    const products: string[] = [];
    for (let i = 0; i < 8; i++)
      products.push(await createProduct(t, { categoryId: categories[0], brandId: brands[0] }));
    await t.db.query("UPDATE products SET updated_at = '2024-05-06T07:08:09Z' WHERE id = $1", [products[3]]);

    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // 4 shop pages + 3 categories + 2 brands + 8 products = 17 URLs → 4 files of 5.
    const files = locs(index.body);
    expect(files).toEqual([1, 2, 3, 4].map((n) => `http://shop.test/sitemaps/${n}.xml`));

    const listed: string[] = [];
    for (const file of files) {
      const res = await t.app.inject({ url: new URL(file).pathname });
      expect(res.statusCode, file).toBe(200);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);
      const urls = locs(res.body);
      expect(urls.length, file).toBeLessThanOrEqual(PAGE_SIZE);
      listed.push(...urls);
    }
    const expected = [
      ...['/', '/products', '/allcategory', '/allbrand'],
      ...categories.map((id) => `/products/category/${id}`),
      ...brands.map((id) => `/products/brand/${id}`),
      ...products.map((id) => `/products/${id}`),
    ].map((p) => `http://shop.test${p}`);
    expect(listed).toHaveLength(expected.length);
    expect(new Set(listed)).toEqual(new Set(expected));

    const all = (await Promise.all(files.map((f) => t.app.inject({ url: new URL(f).pathname }))))
      .map((r) => r.body)
      .join('');
    expect(all).toContain(
      `<url><loc>http://shop.test/products/${products[3]}</loc><lastmod>2024-05-06T07:08:09.000Z</lastmod></url>`,
    );
  });

  it('a sitemap page past the last, or not a page number, is a 404', async () => {
    await createProduct(t);
    // 4 shop pages + 1 category + 1 product = 6 URLs → 2 files.
    expect(locs((await t.app.inject({ url: '/sitemap.xml' })).body)).toHaveLength(2);
    for (const url of [
      '/sitemaps/3.xml',
      '/sitemaps/0.xml',
      '/sitemaps/-1.xml',
      '/sitemaps/1',
      '/sitemaps/a.xml',
      '/sitemaps/1e3.xml',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('an empty shop still has one sitemap file with the shop pages', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(locs(index.body)).toEqual(['http://shop.test/sitemaps/1.xml']);
    expect(locs((await t.app.inject({ url: '/sitemaps/1.xml' })).body)).toEqual(
      ['/', '/products', '/allcategory', '/allbrand'].map((p) => `http://shop.test${p}`),
    );
  });
});

describe('preloads in the HTML of /products/{id} and /products', () => {
  const links = (doc: Document, rel: string) => [...doc.querySelectorAll(`link[rel="${rel}"]`)];

  it("a product page preloads its gallery's first image as the page will ask for it, and its lazy chunks and their styles", async () => {
    const id = await createProduct(t);
    await t.db.query(`UPDATE products SET images = '{first.webp,second.webp}' WHERE id = $1`, [id]);
    const { doc } = await head(`/products/${id}`);
    const images = links(doc, 'preload').filter((l) => l.getAttribute('as') === 'image');
    expect(
      images.map((l) => [
        l.getAttribute('href'),
        l.getAttribute('imagesrcset'),
        l.getAttribute('imagesizes'),
        l.getAttribute('fetchpriority'),
      ]),
    ).toEqual([
      [
        'http://shop.test/products/first.webp',
        'http://shop.test/products/first-w320.webp 320w, http://shop.test/products/first-w640.webp 640w, http://shop.test/products/first.webp 1200w',
        IMAGE_SIZES.productGallery,
        'high',
      ],
    ]);
    // The page's chunk, what it imports that the entry does not load, and the gallery; never the entry's own chunks.
    expect(links(doc, 'modulepreload').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/ProductDetailsPage-P.js',
      '/assets/Modal-M.js',
      '/assets/Form-F.js',
      '/assets/ProductGallery-G.js',
    ]);
    expect(
      links(doc, 'preload')
        .filter((l) => l.getAttribute('as') === 'style')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/ProductDetailsPage-P.css', '/assets/ProductGallery-G.css']);
    expect(inlineScripts(doc)).toBe(0);
  });

  it("a product page carries the API's answer for its product, exactly as a visitor without a token gets it", async () => {
    const id = await createProduct(t, { title: 'سماعة لاسلكية', price: 1250, priceAfterDiscount: 999 });
    const { doc } = await head(`/products/${id}`);
    const api = await t.app.inject({ url: `/api/v1/products/${id}` });
    expect(api.statusCode).toBe(200);
    expect(firstAnswers(doc)![`/products/${id}`]).toEqual(api.json());
  });

  /** What the API answers a visitor without a token, as the page's first answers should hold it. */
  const apiAnswer = async (path: string) => {
    const res = await t.app.inject({ url: `/api/v1${path}` });
    expect(res.statusCode, path).toBe(200);
    return res.json() as unknown;
  };
  const EVERY_PAGE = ['/shop', '/categories?limit=100'];

  it('every page carries the shop and its categories; the home page also its brands and two product rows', async () => {
    const category = await createCategory(t);
    await createProduct(t, { categoryId: category, sold: 5 });
    for (const url of ['/cart', '/user/profile', '/admin', `/products/${randomUUID()}`, '/products?keyword=x']) {
      const answers = firstAnswers((await head(url)).doc);
      expect(Object.keys(answers ?? {}), url).toEqual(EVERY_PAGE);
    }
    const home = firstAnswers((await head('/')).doc)!;
    const paths = [...EVERY_PAGE, '/brands?limit=100', '/products?sort=-sold&limit=4', '/products?limit=4'];
    expect(Object.keys(home)).toEqual(paths);
    for (const path of paths) expect(home[path], path).toEqual(await apiAnswer(path));
  });

  it("a category's, a brand's and a first visit's listing carry their first page of products", async () => {
    const category = await createCategory(t);
    const brand = await createBrand(t);
    await createProduct(t, { categoryId: category, brandId: brand });
    const pages: [string, string][] = [
      [`/products/category/${category}`, `/products?limit=8&page=1&category=${category}`],
      [`/products/brand/${brand}`, `/products?limit=8&page=1&brand=${brand}`],
      ['/products', '/products?limit=8&page=1'],
    ];
    for (const [url, path] of pages) {
      const answers = firstAnswers((await head(url)).doc)!;
      expect(Object.keys(answers), url).toEqual([...EVERY_PAGE, path]);
      expect((answers[path] as { results: number }).results, url).toBeGreaterThan(0);
      expect(answers[path], url).toEqual(await apiAnswer(path));
    }
  });

  it('a product without gallery images preloads its cover', async () => {
    const id = await createProduct(t);
    const { doc } = await head(`/products/${id}`);
    expect(
      links(doc, 'preload')
        .filter((l) => l.getAttribute('fetchpriority') === 'high')
        .map((l) => l.getAttribute('href')),
    ).toContain('http://shop.test/products/cover.webp');
  });

  it("/products keeps the shop's title and description and preloads its chunk and the newest product's card image", async () => {
    const id = await createProduct(t);
    await t.db.query(
      `UPDATE products SET image_cover = 'newest.webp', created_at = now() + interval '1 day' WHERE id = $1`,
      [id],
    );
    const page = await head('/products');
    expect(page.res.statusCode).toBe(200);
    expect(page.res.headers['cache-control']).toBe('no-cache');
    expect([page.title, page.titles, page.descriptions]).toEqual(['متجر', 1, 1]);
    const image = links(page.doc, 'preload').find(
      (l) => l.getAttribute('href') === 'http://shop.test/products/newest.webp',
    );
    expect(image?.getAttribute('imagesizes')).toBe(IMAGE_SIZES.productCard);
    expect(image?.getAttribute('imagesrcset')).toContain('http://shop.test/products/newest-w640.webp 640w');
    expect(links(page.doc, 'modulepreload').map((l) => l.getAttribute('href'))).toEqual([
      '/assets/ProductsPage-L.js',
      '/assets/Form-F.js',
    ]);
    expect(inlineScripts(page.doc)).toBe(0);
  });
});
