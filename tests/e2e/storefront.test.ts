import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, expectSeen, login, MAIN_IMAGES, productCards, type Shop, startShop } from './harness';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

describe('storefront in Chromium', () => {
  it('lets a visitor browse home → category → product, then search, filter, sort and page', async () => {
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    await page.goto('/');
    const categoryLink = page.locator('main a[href^="/products/category/"]').first();
    await categoryLink.waitFor();
    const categoryName = (await categoryLink.innerText()).trim();
    await categoryLink.click();
    await page.getByRole('heading', { name: `منتجات تصنيف ${categoryName}` }).waitFor();
    await expectSeen(page, MAIN_IMAGES.productCard);
    const productLink = page.locator('main .product-card').getByRole('heading').getByRole('link').first();
    const title = (await productLink.innerText()).trim();
    await productLink.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectSeen(page, MAIN_IMAGES.productPhoto);
    // The reviews load as the shopper scrolls towards them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('heading', { name: 'التقييمات' }).waitFor();
    await expect.poll(() => page.title()).toBe(`${title} | متجر`);

    // A link preview reads the same product from the built index.html, fetched without running any script.
    const html = await (await fetch(page.url())).text();
    const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`${title} | متجر`);
    expect(meta('og:title')).toBe(title);
    expect(meta('og:url')).toBe(page.url());
    expect(meta('og:locale')).toBe('ar_EG');
    const cover = await fetch(meta('og:image')!);
    expect([cover.status, cover.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^image\//)]);

    // Search from the top bar.
    await page.getByRole('combobox', { name: 'ابحث عن منتج' }).fill(title.split(' ')[0]);
    await page.waitForURL((url) => url.pathname === '/products');
    await page.getByRole('link', { name: title }).first().waitFor();
    await page.getByRole('combobox', { name: 'ابحث عن منتج' }).fill('');

    // Everything, 8 a page, then sorted by price from high to low.
    const heading = page.getByRole('heading', { name: /\d+ (نتيجة|نتائج)/ });
    await expect.poll(async () => Number((await heading.innerText()).match(/\d+/)?.[0] ?? 0)).toBeGreaterThan(8);
    await page.getByRole('button', { name: /ترتيب حسب/ }).hover();
    await page.getByRole('button', { name: 'السعر من الاعلى للاقل' }).click();
    await expect.poll(async () => await productCards(page).count()).toBe(8);
    const prices = async () =>
      productCards(page)
        .locator('.fw-bold')
        .allInnerTexts()
        .then((texts) => texts.map((t) => Number(t.replace(/[^\d.]/g, ''))));
    await expect
      .poll(async () => {
        const list = await prices();
        return list.every((p, i) => i === 0 || list[i - 1] >= p);
      })
      .toBe(true);
    const firstPageTop = (await prices())[0];
    await page.getByRole('button', { name: /الصفحة 2/ }).click();
    await expect.poll(async () => (await prices())[0]).toBeLessThanOrEqual(firstPageTop);

    // Filter by the category: only its count remains.
    await page.getByRole('checkbox', { name: categoryName }).check();
    await expect.poll(async () => Number((await heading.innerText()).match(/\d+/)?.[0] ?? 0)).toBeLessThan(40);
    await context.close();
  });

  it('registers, logs in, adds a product with a colour, and writes, edits and deletes a review', async () => {
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('الاسم', { exact: true }).fill('متسوق تجريبي');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
    await page.getByLabel('كلمة السر', { exact: true }).fill('Secret123');
    await page.getByLabel('تأكيد كلمة السر', { exact: true }).fill('Secret123');
    await page.getByLabel('رقم الهاتف', { exact: true }).fill('01012345678');
    await page.getByRole('button', { name: 'تسجيل الحساب' }).click();
    await page.getByText('تم تسجيل الحساب بنجاح').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await login(page, { email, password: 'Secret123' });

    const product = (await shop.app.ctx.db.one<{ id: string }>(
      "SELECT id FROM products WHERE options = '[]'::jsonb AND array_length(available_colors, 1) > 0 AND quantity > 2 LIMIT 1",
    ))!;
    await page.goto(`/products/${product.id}`);
    const badge = page.getByTestId('cart-count');
    await expect.poll(() => badge.innerText()).toBe('0');
    await page.getByRole('button', { name: 'اضف للعربة' }).click();
    await page.getByText('من فضلك اختر لون اولا للمنتج').waitFor();
    await page.locator('label.color-choice').first().click();
    await expect.poll(() => page.getByRole('radio', { name: /اللون/ }).first().isChecked()).toBe(true);
    await page.getByRole('button', { name: 'اضف للعربة' }).click();
    await page.getByText('تمت اضافة المنتج للعربه بنجاح').waitFor();
    await expect.poll(() => badge.innerText()).toBe('1');

    // Review: write, edit, delete (down the page, where the reviews are).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByLabel('اكتب تعليقك').fill('منتج رائع جدا');
    // The radios are visually hidden: click the half star that holds the input.
    await page.getByRole('radio', { name: '4.5 من 5' }).locator('..').click();
    await page.getByRole('button', { name: 'اضف تعليق' }).click();
    await page.getByText('تمت الاضافه بنجاح').waitFor();
    await page.locator('li', { hasText: 'منتج رائع جدا' }).waitFor();
    await page.getByRole('button', { name: 'تعديل التقييم' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('نص التقييم').fill('تغير رأيي قليلا');
    await dialog.getByRole('button', { name: 'تعديل' }).click();
    await page.getByText('تم تعديل التقييم بنجاح').waitFor();
    await page.locator('li', { hasText: 'تغير رأيي قليلا' }).waitFor();
    await page.getByRole('button', { name: 'حذف التقييم' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
    await page.getByText('تم حذف التقييم بنجاح').waitFor();
    await page.getByText('لا يوجد تقيمات الان').waitFor();
    await context.close();
  });

  it('recovers a forgotten password with the mailed code', async () => {
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    await page.goto('/user/forget-password');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(DEMO_USER.email);
    await page.getByRole('button', { name: 'ارسال الكود' }).click();
    await page.getByText('تم ارسال الكود للايميل').waitFor();
    await page.waitForURL((url) => url.pathname === '/user/verify-code');
    const mail = await shop.latestMail(DEMO_USER.email);
    const code = mail?.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toBeDefined();
    await page.getByLabel('الكود', { exact: true }).fill(code!);
    await page.getByRole('button', { name: 'تأكيد' }).click();
    await page.getByText('الكود صحيح').waitFor();
    await page.waitForURL((url) => url.pathname === '/user/reset-password');
    await page.getByLabel('كلمة السر الجديدة', { exact: true }).fill('NewPass123');
    await page.getByLabel('تأكيد كلمة السر الجديدة', { exact: true }).fill('NewPass123');
    await page.getByRole('button', { name: 'حفظ كلمة السر' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await login(page, { email: DEMO_USER.email, password: 'NewPass123' });
    await context.close();
  });
});

describe('the listing while its first page loads, in Chromium', () => {
  /** The rows the grid's cards (placeholders or products) take on screen. */
  const rowsOf = (cards: Locator) =>
    cards.evaluateAll((all) => {
      const boxes = all.map((card) => card.getBoundingClientRect());
      return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
    });

  it.each([
    [390, 844],
    [1280, 800],
  ])(
    'at %i px, grey cards hold the room of a whole page (8, SPEC.md §9) on screen, and the products take their place',
    async (width, height) => {
      const { context, page } = await shop.newPage({ width, height });
      // A page reached inside the app (not from the server's HTML, which carries the first answer): the listing asks.
      await page.goto('/no-such-page');
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/v1/products?**', async (route) => {
        await answered;
        await route.continue();
      });
      await page.getByRole('link', { name: 'تصفح المنتجات' }).click();

      const placeholders = page.locator('main .product-card.placeholder-glow');
      await expect.poll(() => placeholders.count()).toBe(8);
      await expectSeen(page, { selector: 'main .product-card.placeholder-glow' });
      const held = await rowsOf(placeholders);
      if (process.env.SCREENSHOTS)
        await page.screenshot({ path: path.join(os.tmpdir(), `listing-loading-${width}.png`), fullPage: true });

      answer();
      await productCards(page).nth(7).waitFor();
      expect(await placeholders.count()).toBe(0);
      await expectSeen(page, MAIN_IMAGES.productCard);
      const shown = await rowsOf(productCards(page));
      // The products stand where their placeholders stood: nothing under them moves when they arrive.
      expect(Math.abs(shown.top - held.top)).toBeLessThanOrEqual(2);
      expect(Math.abs(shown.bottom - held.bottom)).toBeLessThanOrEqual(2);
      if (process.env.SCREENSHOTS)
        await page.screenshot({ path: path.join(os.tmpdir(), `listing-loaded-${width}.png`), fullPage: true });
      await context.close();
    },
  );
});
