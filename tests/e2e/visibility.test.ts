import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueWords,
  CATEGORY_STRIP_MORE,
  DEMO_USER,
  expectSeen,
  login,
  MAIN_IMAGES,
  screenProblems,
  type SeenCheck,
  seenProblems,
  type Shop,
  startShop,
  TOP_BAR_CART_BADGE,
  TOP_BAR_SEARCH,
} from './harness';

// Every storefront and customer route (src/app/routes.tsx) at a phone and a desktop width, checked for what a
// person sees: the page's main image loaded, in view, in its own box and not covered; nothing sticking out
// sideways; every tap target at least 24×24 px (WCAG 2.2); the top bar's search and cart badge in view on a phone;
// no English words or Arabic-Indic digits; no serious or critical axe violations.

interface RouteCase {
  path: string;
  /** Logged in as the demo customer (with a cart line, a favourite, an address and an order). */
  customer?: boolean;
  main?: SeenCheck;
  /** Something on the page that shows it has loaded its data. */
  ready?: string;
}

let shop: Shop;
const ids = { product: '', category: '', brand: '', address: '', order: '' };

/** Calls the API as the shopper logged in on `page`. */
async function api(page: Page, method: string, url: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${shop.baseUrl}/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return response.json() as Promise<{ data: { _id: string } }>;
}

/** The demo customer's account with something on every customer page: an order, a cart line, a favourite, an address. */
async function fillCustomerAccount(page: Page) {
  const { id: plain } = (await shop.app.ctx.db.one<{ id: string }>(
    "SELECT id FROM products WHERE options = '[]'::jsonb AND coalesce(array_length(available_colors, 1), 0) = 0 AND quantity > 5 ORDER BY title LIMIT 1",
  ))!;
  const address = await api(page, 'POST', '/addresses', {
    alias: 'البيت',
    details: 'القاهرة، مدينة نصر، شارع عباس العقاد 12',
    phone: '01123456789',
    city: 'القاهرة',
    postalCode: '',
  });
  ids.address = (Array.isArray(address.data) ? address.data.at(-1) : address.data)._id;
  const cart = await api(page, 'POST', '/cart', { productId: plain, color: '' });
  const order = await api(page, 'POST', `/orders/${cart.data._id}`, {
    shippingAddress: {
      alias: 'البيت',
      details: 'القاهرة، مدينة نصر، شارع عباس العقاد 12',
      phone: '01123456789',
      city: 'القاهرة',
      postalCode: '',
    },
  });
  ids.order = order.data._id;
  await api(page, 'POST', '/cart', { productId: plain, color: '' });
  await api(page, 'POST', '/wishlist', { productId: plain });
}

beforeAll(async () => {
  shop = await startShop();
  const db = shop.app.ctx.db;
  ids.product = (await db.one<{ id: string }>(
    'SELECT id FROM products WHERE array_length(images, 1) >= 3 ORDER BY title LIMIT 1',
  ))!.id;
  ids.category = (await db.one<{ id: string }>(
    'SELECT category_id AS id FROM products GROUP BY category_id ORDER BY count(*) DESC LIMIT 1',
  ))!.id;
  ids.brand = (await db.one<{ id: string }>(
    'SELECT brand_id AS id FROM products WHERE brand_id IS NOT NULL GROUP BY brand_id ORDER BY count(*) DESC LIMIT 1',
  ))!.id;
});
afterAll(() => shop?.close());

/** Latin words the storefront may show because the catalogue holds them (brand names, models, product words). */
let words: Set<string>;
beforeAll(async () => {
  words = await catalogueWords(shop);
});

// Paths name the seeded records they need as :product, :category, :brand, :address and :order.
const ROUTES: RouteCase[] = [
  { path: '/', main: MAIN_IMAGES.homeSlide },
  { path: '/products', main: MAIN_IMAGES.productCard },
  { path: '/products/:product', main: MAIN_IMAGES.productPhoto, ready: 'h1' },
  { path: '/products/category/:category', main: MAIN_IMAGES.productCard },
  { path: '/products/brand/:brand', main: MAIN_IMAGES.productCard },
  { path: '/allcategory', main: MAIN_IMAGES.categoryCard },
  { path: '/allbrand', main: MAIN_IMAGES.brandCard },
  { path: '/login', ready: 'form' },
  { path: '/register', ready: 'form' },
  { path: '/user/forget-password', ready: 'form' },
  { path: '/user/verify-code', ready: 'form' },
  { path: '/user/reset-password', ready: 'form' },
  { path: '/terms', ready: 'h1' },
  { path: '/privacy', ready: 'h1' },
  { path: '/contact', ready: 'h1' },
  { path: '/no-such-page', ready: 'main' },
  { path: '/cart', customer: true, main: MAIN_IMAGES.cartLine },
  { path: '/order/paymethoud', customer: true, ready: 'main select option:nth-child(2)' },
  { path: '/user/allorders', customer: true, main: MAIN_IMAGES.orderItem },
  { path: '/user/orders/:order', customer: true, ready: 'main ol.order-timeline li' },
  { path: '/user/favoriteproducts', customer: true, main: MAIN_IMAGES.productCard },
  { path: '/user/addresses', customer: true, ready: 'main li' },
  { path: '/user/add-address', customer: true, ready: 'main form' },
  { path: '/user/edit-address/:address', customer: true, ready: 'main form' },
  { path: '/user/profile', customer: true, ready: 'main dd' },
];

describe.each([
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])('what a shopper sees at $width×$height', ({ width, height }) => {
  let visitor: { context: BrowserContext; page: Page };
  let customer: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    visitor = await shop.newPage({ width, height });
    customer = await shop.newPage({ width, height });
    await login(customer.page, DEMO_USER);
    if (!ids.address) await fillCustomerAccount(customer.page);
  });
  afterAll(async () => {
    await visitor?.context.close();
    await customer?.context.close();
  });

  it.each(ROUTES)('$path', async (route) => {
    const { page } = route.customer ? customer : visitor;
    await page.goto(route.path.replace(/:(\w+)/, (_, name: keyof typeof ids) => ids[name]));
    if (route.main) await expectSeen(page, route.main);
    else await page.locator(route.ready!).first().waitFor({ state: 'attached', timeout: 10_000 });
    // Whatever else is still loading (category strip, lazy images) has settled.
    await page.waitForLoadState('networkidle');

    const problems = [
      ...(await screenProblems(page, words, { everyLatinWord: true, moderate: true })),
      ...(await seenProblems(page, TOP_BAR_SEARCH)),
      ...(await seenProblems(page, TOP_BAR_CART_BADGE)),
      ...(await seenProblems(page, CATEGORY_STRIP_MORE)),
    ];
    expect(problems, `${route.path} at ${width} px`).toEqual([]);
    // Every page names itself in the tab (index.html's title is the shop's name alone, kept only by the home page).
    if (route.path === '/') expect(await page.title()).toBe('متجر');
    else expect(await page.title(), route.path).toMatch(/^\S.* \| متجر$/);
  });
});

describe('the product gallery', () => {
  it.each([390, 1280])(
    'at %i px the next arrow (on the left) and the dots show each photo in view, in order',
    async (width) => {
      const { context, page } = await shop.newPage({ width, height: 844 });
      await page.goto(`/products/${ids.product}`);
      await expectSeen(page, MAIN_IMAGES.productPhoto);
      const current = () => page.locator('.product-gallery__dot[aria-current="true"]').getAttribute('aria-label');
      const shownPhoto = () => page.locator(MAIN_IMAGES.productPhoto.selector).first().getAttribute('src');
      expect(await current()).toMatch(/^الصورة 1 من \d+$/);
      const first = await shownPhoto();
      const next = page.getByRole('button', { name: 'الصورة التالية' });
      // Right to left, the next photo is on the left.
      const arrow = (await next.boundingBox())!;
      const gallery = (await page.locator('.image-gallery-slides').boundingBox())!;
      expect(arrow.x + arrow.width / 2).toBeLessThan(gallery.x + gallery.width / 2);
      await next.click();
      await expect.poll(current).toMatch(/^الصورة 2 من /);
      await expectSeen(page, MAIN_IMAGES.productPhoto);
      expect(await shownPhoto()).not.toBe(first);
      // The gallery ignores a dot pressed while the previous slide is still moving (as it would for a person's
      // quick second press), so the dot is pressed again until the first photo is the current one.
      const firstDot = page.getByRole('button', { name: /^الصورة 1 من / });
      await expect
        .poll(async () => {
          if (!/^الصورة 1 من /.test((await current()) ?? '')) await firstDot.click();
          return current();
        })
        .toMatch(/^الصورة 1 من /);
      await expectSeen(page, MAIN_IMAGES.productPhoto);
      expect(await shownPhoto()).toBe(first);
      await context.close();
    },
  );
});

describe('the home slide', () => {
  it.each([390, 1280])(
    'at %i px its heading and subtitle stay inside the slide, clear of the picture drawn on its left part',
    async (width) => {
      const { context, page } = await shop.newPage({ width, height: 844 });
      await page.goto('/');
      await expectSeen(page, MAIN_IMAGES.homeSlide);
      const boxes = await page.locator('.home-slider .carousel-item.active').evaluate((slide) => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
        };
        return {
          image: box(slide.querySelector('img')),
          heading: box(slide.querySelector('h2')),
          subtitle: box(slide.querySelector('p')),
        };
      });
      for (const text of [boxes.heading, boxes.subtitle]) {
        expect(text.left, `left edge at ${width} px`).toBeGreaterThanOrEqual(
          boxes.image.left + 0.45 * boxes.image.width - 1,
        );
        expect(text.right).toBeLessThanOrEqual(boxes.image.right);
        expect(text.top).toBeGreaterThanOrEqual(boxes.image.top);
        expect(text.bottom).toBeLessThanOrEqual(boxes.image.bottom);
      }
      await context.close();
    },
  );
});

describe('product cards and Latin-text fields', () => {
  it('gives every product card the same 345 px height, titles clamped to two lines, at both widths', async () => {
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/products');
      await page.locator('main .product-card .product-card__title a').first().waitFor();
      const cards = await page.locator('main .product-card').evaluateAll((all) =>
        all.map((card) => {
          const title = card.querySelector('.product-card__title')!;
          const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
          return {
            height: Math.round(card.getBoundingClientRect().height),
            titleLines: Math.round(title.getBoundingClientRect().height / lineHeight),
          };
        }),
      );
      expect(cards.length).toBeGreaterThan(4);
      expect(new Set(cards.map((card) => card.height)), `card heights at ${width} px`).toEqual(new Set([345]));
      expect(Math.max(...cards.map((card) => card.titleLines))).toBeLessThanOrEqual(2);
    }
    await context.close();
  });

  it('reads e-mail, phone and code fields left to right, empty or filled, on the account screens as in the profile', async () => {
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    const layout = (selector: string) =>
      page.locator(selector).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        return { direction: style.direction, align: style.textAlign };
      });
    for (const [path, selector, value] of [
      ['/register', 'input[type="email"]', 'shopper@example.com'],
      ['/register', 'input[type="tel"]', '01012345678'],
      ['/user/forget-password', 'input[type="email"]', 'shopper@example.com'],
      ['/user/verify-code', 'input[dir="ltr"]', '123456'],
    ] as const) {
      await page.goto(path);
      await page.locator(selector).waitFor();
      // Empty: no placeholder stands in for the (visible) label, so the field is already left to right, on the right.
      expect(await page.locator(selector).getAttribute('placeholder'), `${path} ${selector}`).toBeNull();
      expect(await layout(selector), `${path} ${selector} empty`).toEqual({ direction: 'ltr', align: 'end' });
      await page.locator(selector).fill(value);
      // Filled: the Latin value reads left to right, still on the right (the end of a left-to-right line).
      expect(await layout(selector), `${path} ${selector} filled`).toEqual({ direction: 'ltr', align: 'end' });
    }
    await context.close();
  });
});
