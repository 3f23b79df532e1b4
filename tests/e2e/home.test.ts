import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, expectSeen, login, MAIN_IMAGES, productCards, type Shop, startShop } from './harness';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

describe('home page in Chromium', () => {
  it('shows the seeded categories in a right-to-left layout', async () => {
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    await page.goto('/');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    const firstCategory = (await shop.app.ctx.db.one<{ name: string }>(
      'SELECT name FROM categories ORDER BY created_at DESC, id DESC LIMIT 1',
    ))!.name;
    const link = page.locator('a[href^="/products/category/"]', { hasText: firstCategory }).first();
    await link.waitFor();
    await expectSeen(page, MAIN_IMAGES.homeSlide);
    // In RTL the document flows from the right: the search box sits to the left of the logo.
    const direction = await page.evaluate(() => getComputedStyle(document.body).direction);
    expect(direction).toBe('rtl');
    await context.close();
  });
});

describe('Content-Security-Policy in Chromium', () => {
  it('the shop works under the policy while an injected inline script is blocked and reported', async () => {
    const { context, page } = await shop.newPage();
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('a[href^="/products/category/"]').first().waitFor();
    expect(shop.takeCspViolations()).toEqual([]);

    // What a stored cross-site script would try: it must not run, and the harness must notice.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => shop.takeCspViolations().length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
    await context.close();
  });

  it('loads the toasts (react-toastify) only when a toast is shown, not with the page', async () => {
    const { context, page } = await shop.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Longer than the few seconds after the load event at which the toasts used to be fetched anyway.
    await page.waitForTimeout(4000);
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((s) => /\/Toasts-[^/]+\.js$/.test(s))).toEqual([]);
    expect(await page.locator('.Toastify').count()).toBe(0);
    await context.close();
  });
});

describe("the storefront's first load in Chromium", () => {
  it("carries none of the customer's, the checkout's or the owner's state code, which comes with their pages", async () => {
    // One action of each state area that a later chunk adds to the store (src/app/rootReducer.ts), as the build keeps it.
    const LATER_AREAS = [
      'orders/fetch',
      'delivery/fetchGovernorates',
      'userAddress/fetch',
      'coupon/fetchAll',
      'audit/fetchPage',
      'review/fetchPage',
      'subCategory/fetchOfCategory',
      'checkOut/createCashOrder',
      'user/logIn',
      'products/fetchAdminList',
      'shopSettings/fetch',
    ];
    const { context, page } = await shop.newPage();
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto('/');
    await productCards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    // The build writes a string in any of the three quotes.
    const holds = (code: string, text: string) => ['"', "'", '`'].some((q) => code.includes(`${q}${text}${q}`));
    const code = (await Promise.all(scripts)).join('\n');
    expect(holds(code, 'products/fetchList')).toBe(true); // the storefront's own areas are there
    expect(LATER_AREAS.filter((area) => holds(code, area))).toEqual([]);

    // A customer's page brings its areas with it, and they work: the orders list loads into the store.
    await login(page, DEMO_USER);
    await page.goto('/user/allorders');
    await page.getByText(/^عدد الطلبات \d+$/).waitFor();
    expect(holds((await Promise.all(scripts)).join('\n'), 'orders/fetch')).toBe(true);
    await context.close();
  });
});

describe('the built storefront, as the shop sends it', () => {
  it('sends the files of the first load in gzip smaller than level 9 (Zopfli) to a browser without brotli, each the very file', async () => {
    // What index.html loads before the app runs: its entry script, the modules it preloads and its style sheet.
    const html = await fs.readFile(path.resolve('dist/index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(1);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    for (const file of files) {
      const built = await fs.readFile(path.resolve(`dist${file}`));
      const res = await shop.app.inject({ url: file, headers: { 'accept-encoding': 'gzip, deflate' } });
      expect([res.statusCode, res.headers['content-encoding']], file).toEqual([200, 'gzip']);
      expect(zlib.gunzipSync(res.rawPayload).equals(built), file).toBe(true);
      expect(res.rawPayload.length, file).toBeLessThan(zlib.gzipSync(built, { level: 9 }).length);
    }
  });

  it("holds none of the router's developer warnings (react-router's production build)", async () => {
    const dir = path.resolve('dist/assets');
    const scripts = (await fs.readdir(dir)).filter((file) => file.endsWith('.js'));
    const code = (await Promise.all(scripts.map((file) => fs.readFile(path.join(dir, file), 'utf8')))).join('\n');
    const has = (text: string) => code.includes(text);
    expect(has('useNavigate')).toBe(true); // the router is there, its warnings are not
    expect(['does not have an element or Component', 'You rendered descendant <Routes>'].filter(has)).toEqual([]);
  });
});

describe('the first screen in Chromium', () => {
  it('the home page and a category page opened from a link draw with no API request: their data came with the HTML', async () => {
    const category = (await shop.app.ctx.db.one<{ id: string; name: string }>(
      `SELECT c.id, c.name FROM categories c JOIN products p ON p.category_id = c.id GROUP BY c.id ORDER BY c.name LIMIT 1`,
    ))!;
    const { context, page } = await shop.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await page.goto('/');
    await productCards(page).first().waitFor();
    await page.locator('a[href^="/products/category/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await page.goto(`/products/category/${category.id}`);
    await productCards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await context.close();
  });

  it('a product page opened from a link starts from the product in its HTML: shown, with no request for it; opened inside the shop, it asks', async () => {
    const product = (await shop.app.ctx.db.one<{ id: string; title: string }>(
      'SELECT id, title FROM products ORDER BY sold DESC, id LIMIT 1',
    ))!;
    const { context, page } = await shop.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/products/')) asked.push(pathname);
    });
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await expectSeen(page, MAIN_IMAGES.productPhoto);
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => path === `/api/v1/products/${product.id}`)).toEqual([]);

    // Taken once: the same product opened again inside the shop is asked for, as fresh as the API has it.
    await page.goto('/');
    await page.locator(`main a[href="/products/${product.id}"]`).first().click();
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    expect(asked.filter((path) => path === `/api/v1/products/${product.id}`)).toHaveLength(1);
    await context.close();
  });

  it("a product page draws its first photo before the gallery's code has come, as preloaded and where the gallery then shows it", async () => {
    const product = (await shop.app.ctx.db.one<{ id: string; title: string }>(
      'SELECT id, title FROM products WHERE cardinality(images) > 1 ORDER BY sold DESC, id LIMIT 1',
    ))!;
    const { context, page } = await shop.newPage({ width: 412, height: 823 });
    // The gallery's chunk (preloaded by the HTML, imported by the page) is held back until the photo has been checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ProductGallery-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/products/${product.id}`);
    const standIn = { selector: '.product-gallery-placeholder' };
    await expectSeen(page, standIn);
    expect(await page.locator('.image-gallery').count()).toBe(0);
    const drawn = await page.locator(standIn.selector).evaluate((img: HTMLImageElement) => ({
      alt: img.alt,
      src: img.getAttribute('src'),
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      fetchpriority: img.getAttribute('fetchpriority'),
    }));
    const preload = await page.locator('link[rel="preload"][as="image"][imagesrcset]').evaluate((link) => ({
      src: link.getAttribute('href'),
      srcset: link.getAttribute('imagesrcset'),
      sizes: link.getAttribute('imagesizes'),
    }));
    expect(drawn).toEqual({ ...preload, alt: `${product.title} - صورة 1`, fetchpriority: 'high' });
    const before = await page.locator(standIn.selector).boundingBox();

    release();
    await expectSeen(page, MAIN_IMAGES.productPhoto);
    expect(await page.locator(standIn.selector).count()).toBe(0);
    // The gallery keeps copies of its slides off to the sides: the photo is the one in the window.
    const shown = await page.locator(MAIN_IMAGES.productPhoto.selector).evaluateAll((imgs: HTMLImageElement[]) =>
      imgs
        .map((img) => ({ img, box: img.getBoundingClientRect() }))
        .filter(({ box }) => box.left >= 0 && box.right <= window.innerWidth)
        .map(({ img, box }) => ({
          alt: img.alt,
          srcset: img.getAttribute('srcset'),
          box: { x: box.x, y: box.y, width: box.width, height: box.height },
        })),
    );
    // The very box: the gallery takes the photo's place without moving it or anything around it.
    expect(shown).toEqual([{ alt: drawn.alt, srcset: drawn.srcset, box: before }]);
    await context.close();
  });

  it('a product page on a phone loads its reviews, code and data, only as the shopper scrolls near them', async () => {
    // A long description keeps the reviews well below the first screen.
    const product = (await shop.app.ctx.db.one<{ id: string; title: string }>(
      'SELECT id, title FROM products ORDER BY length(description) DESC, id LIMIT 1',
    ))!;
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    const reviewsLoaded = () => loaded.filter((path) => /ReviewsSection-[^/]+\.js$|\/reviews$/.test(path));
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(reviewsLoaded()).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('heading', { name: 'التقييمات' }).waitFor();
    expect(reviewsLoaded()).toHaveLength(2);
    await context.close();
  });

  it('a shopper on a phone scrolling down a product page sees nothing move as its reviews arrive', async () => {
    // A product with six reviews (a full first page of 5, and a pager), one to three lines long as shoppers write them.
    const product = (await shop.app.ctx.db.one<{ id: string; title: string }>(
      // Short enough for "منتجات قد تعجبك" to come into view right under the reviews; not the product of the next test.
      'SELECT id, title FROM products ORDER BY length(description), id OFFSET 1 LIMIT 1',
    ))!;
    await shop.app.ctx.db.exec(
      `INSERT INTO users (name, slug, email, role, password_hash)
         SELECT 'مشتري ' || g, 'reviewer-' || g, 'reviewer' || g || '@example.com', 'user', 'x' FROM generate_series(1, 6) g;
       INSERT INTO reviews (review, rating, user_id, product_id)
         SELECT (ARRAY['ممتاز',
                       'منتج جيد جدا والتوصيل كان سريعا، أنصح به',
                       'الخامة أقل مما توقعت لكن السعر مناسب، والتغليف كان ممتازا ووصل في موعده تماما',
                       'جميل',
                       'استخدمته أسبوعين ولا توجد أي مشكلة حتى الآن',
                       'رائع وسعره مناسب جدا مقارنة بالمحلات، سأشتري منه مرة أخرى إن شاء الله'])[g],
                1 + g % 5, u.id, '${product.id}'
           FROM users u, generate_series(1, 6) g WHERE u.email = 'reviewer' || g || '@example.com';
       UPDATE products SET ratings_quantity = 6, ratings_average = 3.5 WHERE id = '${product.id}';`,
    );
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    // Every layout shift of the visit (a scroll is no input that excuses one).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await page.waitForLoadState('networkidle');
    const mayLike = page.getByRole('heading', { name: 'منتجات قد تعجبك' });
    // A thumb's flicks, a screen's third at a time, until "منتجات قد تعجبك" is on screen; then the reviews come.
    for (
      let flick = 0;
      flick < 20 && !((await mayLike.isVisible()) && (await mayLike.boundingBox())!.y < 844);
      flick++
    ) {
      await page.mouse.wheel(0, 280);
      await page.waitForTimeout(120);
    }
    await page.getByRole('heading', { name: 'التقييمات' }).waitFor();
    await page.locator('section[aria-labelledby="reviews-title"] li').first().waitFor();
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.05);
    await context.close();
    await shop.app.ctx.db.exec(
      `DELETE FROM users WHERE email LIKE 'reviewer_@example.com';
       UPDATE products SET ratings_quantity = 0, ratings_average = 0 WHERE id = '${product.id}';`,
    );
  });

  it('the reviews bring the pager only with a second page, the form only for a customer, the dialogs only for an author', async () => {
    // The chunks by the name the build gives them (dist/.vite/manifest.json).
    const manifest = JSON.parse(await fs.readFile(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string }
    >;
    const chunk = (name: string) => {
      const found = Object.values(manifest).find((c) => c.name === name);
      expect(found, name).toBeDefined();
      return `/${found!.file}`;
    };
    const pager = [chunk('Paginator')];
    const form = [chunk('ReviewForm'), chunk('Form')];
    const dialogs = [chunk('ReviewEditDialog'), chunk('ConfirmModal'), chunk('Modal')];
    const product = (await shop.app.ctx.db.one<{ id: string }>(
      'SELECT id FROM products ORDER BY length(description), id LIMIT 1',
    ))!;
    const PASSWORD = 'Review12345';

    /** The scripts a fresh page of the product fetches until its reviews are listed (logged in as `who`). */
    async function scriptsOfReviews(who?: { email: string; password: string }) {
      const { context, page: first } = await shop.newPage({ width: 412, height: 823 });
      if (who) await login(first, who);
      // A page of its own: the login screen's chunks do not count.
      const page = who ? await context.newPage() : first;
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
      });
      await page.goto(`/products/${product.id}`);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const section = page.locator('section[aria-labelledby="reviews-title"]');
      await section.locator('li, p.text-body-secondary').first().waitFor();
      await page.waitForLoadState('networkidle');
      return { context, page, fetched: (files: string[]) => files.filter((file) => scripts.has(file)) };
    }

    // No review yet: a visitor gets none of them.
    let visit = await scriptsOfReviews();
    await visit.page.getByText('لا يوجد تقيمات الان').waitFor();
    expect(visit.fetched([...pager, ...form, ...dialogs])).toEqual([]);
    await visit.context.close();

    // Six reviews, two pages: the visitor now gets the pager, and still neither the form nor the dialogs.
    const reviewers = Array.from({ length: 6 }, (_, i) => ({
      name: `مقيم ${i + 1}`,
      email: `reviewer${i}@example.com`,
    }));
    for (const [i, reviewer] of reviewers.entries()) {
      const signup = await shop.api('POST', '/auth/signup', {
        body: { ...reviewer, password: PASSWORD, passwordConfirm: PASSWORD, phone: `0101234560${i}` },
      });
      expect(signup.status).toBe(201);
      const as = await shop.tokenOf({ email: reviewer.email, password: PASSWORD });
      const review = await shop.api('POST', `/products/${product.id}/reviews`, {
        as,
        body: { review: `رأي ${i + 1}`, rating: 4 },
      });
      expect(review.status).toBe(201);
    }
    visit = await scriptsOfReviews();
    await visit.page.getByRole('navigation', { name: 'التنقل بين الصفحات' }).waitFor();
    expect(visit.fetched([...pager, ...form, ...dialogs])).toEqual(pager);
    await visit.context.close();

    // A customer who has not reviewed it gets the form, not the dialogs.
    visit = await scriptsOfReviews(DEMO_USER);
    await visit.page.getByLabel('اكتب تعليقك').waitFor();
    expect(visit.fetched([...form, ...dialogs])).toEqual(form);
    await visit.context.close();

    // The author of a review on the first page gets the dialogs' code, and the dialog opens.
    const firstPage = await shop.api<{ data: { user: { name: string } }[] }>(
      'GET',
      `/products/${product.id}/reviews?page=1&limit=5`,
    );
    const author = reviewers.find((r) => r.name === firstPage.data.data[0].user.name)!;
    visit = await scriptsOfReviews({ email: author.email, password: PASSWORD });
    await visit.page.getByRole('button', { name: 'تعديل التقييم' }).click();
    await visit.page.getByRole('dialog').getByLabel('نص التقييم').waitFor();
    expect(visit.fetched(dialogs)).toEqual(dialogs);
    await visit.context.close();
  });
});
