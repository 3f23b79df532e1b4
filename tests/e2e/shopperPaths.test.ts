import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER, login, startShop, type Shop } from './harness';
import { expectSeen } from './visibility';

// Paths a shopper expects to keep, in Chromium against the real server and the built app: logout from any guarded page
// lands on the home page, and a visitor sent to log in comes back.

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

const one = async (sql: string) => (await shop.app.ctx.db.one<{ id: string }>(sql))?.id;

describe('logout in Chromium', () => {
  /** Every page behind a login of this kind, with ids of the seeded shop's own rows. */
  async function guardedPages(kind: 'customer' | 'admin') {
    if (kind === 'customer') {
      const userId = await one(`SELECT id FROM users WHERE email = '${DEMO_USER.email}'`);
      const address = await one(`SELECT id FROM addresses WHERE user_id = '${userId}' LIMIT 1`);
      return [
        '/user/allorders',
        '/user/favoriteproducts',
        '/user/addresses',
        '/user/add-address',
        '/user/profile',
        ...(address ? [`/user/edit-address/${address}`] : []),
      ];
    }
    const product = await one('SELECT id FROM products LIMIT 1');
    const coupon = await one('SELECT id FROM coupons LIMIT 1');
    const order = await one('SELECT id FROM orders LIMIT 1');
    return [
      '/admin',
      '/admin/allproducts',
      '/admin/allorders',
      '/admin/addbrand',
      '/admin/addcategory',
      '/admin/addsubcategory',
      '/admin/addproduct',
      `/admin/editproduct/${product}`,
      '/admin/addcoupon',
      ...(coupon ? [`/admin/editcoupon/${coupon}`] : []),
      ...(order ? [`/admin/orders/${order}`] : []),
      '/admin/brands',
      '/admin/categories',
      '/admin/subcategories',
    ];
  }

  // A test per kind of account: each walks all its pages, which on a busy machine takes a good part of a test's time.
  it.each([
    ['customer', DEMO_USER],
    ['admin', DEMO_ADMIN],
  ] as const)('lands on / from every guarded page, logged in as the %s', async (kind, credentials) => {
    const pages = await guardedPages(kind);
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    // Logged in once through the form; before each later page the session the login stored is put back, as a
    // login would store it (the logout being tested here only forgets it in this browser).
    await login(page, credentials);
    const session = await page.evaluate(() => ({ ...localStorage }));
    for (const path of pages) {
      await page.evaluate((stored) => Object.assign(localStorage, stored), session);
      await page.goto(path);
      await page.locator('#user-menu').click();
      await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // Still home once everything has settled, and visibly logged out.
      await page.getByRole('heading', { name: 'الاكثر مبيعا' }).waitFor();
      expect(new URL(page.url()).pathname, `${kind} ${path}`).toBe('/');
      await page.locator('nav.navbar a[href="/login"]').first().waitFor();
    }
    await context.close();
  });
});

describe('a visitor sent to log in comes back', () => {
  it('from a guarded page, and from add to cart on a product, which is then added', async () => {
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    await page.goto('/user/addresses');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(DEMO_USER.email);
    await page.getByLabel('كلمة السر', { exact: true }).fill(DEMO_USER.password);
    await page.locator('form').getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL((url) => url.pathname === '/user/addresses');

    // At phone width the name menu is inside the folded top-bar menu.
    if (!(await page.locator('#user-menu').isVisible())) await page.getByRole('button', { name: 'القائمة' }).click();
    await page.locator('#user-menu').click();
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const product = (await shop.app.ctx.db.one<{ id: string }>(
      "SELECT id FROM products WHERE options = '[]'::jsonb AND coalesce(array_length(available_colors, 1), 0) = 0 AND quantity > 5 LIMIT 1",
    ))!.id;
    await page.goto(`/products/${product}`);
    await page.getByRole('button', { name: 'اضف للعربة' }).first().click();
    const prompt = page.locator('.Toastify').getByText('قم بتسجيل الدخول اولا لاضافة المنتج للعربة');
    await prompt.waitFor();
    await page.locator('.Toastify').getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(DEMO_USER.email);
    await page.getByLabel('كلمة السر', { exact: true }).fill(DEMO_USER.password);
    await page.locator('form').getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.locator('.Toastify').getByText('تمت اضافة المنتج للعربه بنجاح').waitFor();
    await page.waitForURL((url) => url.pathname === `/products/${product}`);
    await context.close();
  });
});

describe('the listing in its address, in Chromium', () => {
  it('Back from a product opened on page 2 shows page 2; a reload keeps it', async () => {
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    await page.goto('/products?sort=-price&page=1');
    const pager = page.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    await pager.getByRole('button', { name: 'الصفحة 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await pager.getByRole('button', { name: 'الصفحة 2، الصفحة الحالية' }).waitFor();
    const first = page.locator('main .card a[href^="/products/"]').first();
    const title = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL((url) => /^\/products\/[^/]+$/.test(url.pathname));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('sort') === '-price');
    await pager.getByRole('button', { name: 'الصفحة 2، الصفحة الحالية' }).waitFor();
    await page.locator('main .card').getByText(title).first().waitFor();
    await page.reload();
    await pager.getByRole('button', { name: 'الصفحة 2، الصفحة الحالية' }).waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('-price');
    await context.close();
  });

  it('a page loaded afresh (a link from elsewhere, the return from a payment) starts at its top; Back and a reload keep its place', async () => {
    const { context, page } = await shop.newPage();
    const cards = page.locator('main .card');
    // Scrolled at once, as a person's own scrolling leaves it, whatever the page's scroll-behavior.
    const scrollTo = (top: number) => page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
    await page.goto('/products?sort=-price');
    await cards.nth(5).waitFor();
    await scrollTo(900);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    // Left for another site, then back on a shop page by a new load: nothing of the first page's place is carried over.
    await page.goto('/products?sort=price');
    await cards.nth(5).waitFor();
    await page.getByRole('navigation', { name: 'التنقل بين الصفحات' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectSeen(page, { selector: 'main .card' });
    // Within the shop, Back returns to the place the shopper left: a product opened from the middle of the list.
    await scrollTo(700);
    // Tapped where it is on the screen (Playwright's own click may scroll the page first).
    const tapped = await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main .card h2 a[href^="/products/"]')].find(
        (candidate) =>
          candidate.getBoundingClientRect().top > 100 && candidate.getBoundingClientRect().bottom < innerHeight - 100,
      )!;
      const box = link.getBoundingClientRect();
      const title = link.textContent!.trim();
      return { href: link.getAttribute('href'), title, x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    // Back at the place as soon as the listing shows, not scrolled there by an animation that a late change of the
    // page could stop short: within a line of 700 px (the page may be a few pixels shorter while the list loads
    // again, which holds the scroll there), the tapped product seen where it was.
    const expectPlaceKept = async () => {
      await page.locator(`main .card h2 a[href="${tapped.href}"]`).waitFor();
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - 700)).toBeLessThanOrEqual(24);
      await expectSeen(page, { selector: `main .card h2 a[href="${tapped.href}"]` });
    };
    await page.mouse.click(tapped.x, tapped.y);
    // The product opens at its top, at once: at the top as soon as its page shows (the address changes a moment before
    // the page does, and a busy machine can stretch that moment).
    await page.getByRole('heading', { level: 1, name: tapped.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(tapped.href);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expectPlaceKept();
    // A reload is the same visit: the place is kept.
    await page.reload();
    await cards.nth(5).waitFor();
    await expectPlaceKept();
    await context.close();
  });
});
