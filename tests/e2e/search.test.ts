import path from 'node:path';
import os from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, expectSeen, overflowProblems, productCards, type Shop, startShop } from './harness';

// Suggestions in the top bar and stock a shopper can see, in Chromium against the real server and the demo
// catalogue. SCREENSHOTS=1 keeps screenshots of the open list in the temp folder.

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'ابحث عن منتج' });
const FIRST_OPTION = { selector: '[role="listbox"] [role="option"]', container: '[role="listbox"]' };
const LISTBOX = { selector: '[role="listbox"]' };

describe('top-bar search suggestions in Chromium', () => {
  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`at ${width} px: typing suggests (letters folded), the list is seen and accessible, the keyboard opens a product`, async () => {
      const { context, page } = await shop.newPage({ width, height });
      await page.goto('/');
      // "ايفون" without hamza finds "آيفون"; typed letter by letter, as a shopper types.
      await searchBox(page).pressSequentially('ايفون', { delay: 40 });
      // The first letter opens the listing while its page still loads: every letter typed meanwhile is kept, in
      // the box and in the listing's address.
      await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('keyword') === 'ايفون');
      expect(await searchBox(page).inputValue()).toBe('ايفون');
      const option = page.getByRole('option', { name: /هاتف أبل آيفون 15/ });
      await option.waitFor();
      await expect.poll(() => searchBox(page).getAttribute('aria-expanded')).toBe('true');
      await expectSeen(page, LISTBOX);
      await expectSeen(page, FIRST_OPTION);
      await expectSeen(page, { selector: '[role="listbox"] [role="option"] img', container: '[role="option"]' });
      expect(await overflowProblems(page)).toEqual([]);
      expect(await axeProblems(page)).toEqual([]);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(os.tmpdir(), `suggestions-${width}.png`) });

      // The right-to-left list hangs under the box, as wide as it.
      const [list, box] = await Promise.all([
        page.locator('[role="listbox"]').boundingBox(),
        searchBox(page).boundingBox(),
      ]);
      expect(Math.round(list!.x)).toBe(Math.round(box!.x));
      expect(Math.round(list!.width)).toBe(Math.round(box!.width));
      expect(list!.y).toBeGreaterThanOrEqual(box!.y + box!.height);

      await page.keyboard.press('ArrowDown');
      await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
      expect(await searchBox(page).getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => /^\/products\/[0-9a-f-]{36}$/.test(url.pathname));
      await page.getByRole('heading', { level: 1, name: 'هاتف أبل آيفون 15' }).waitFor();
      expect(await searchBox(page).getAttribute('aria-expanded')).toBe('false');
      await context.close();
    });
  }

  it('Escape closes the list; Enter with nothing highlighted shows the listing for the word', async () => {
    const { context, page } = await shop.newPage();
    await page.goto('/allbrand');
    // Typed at once: the first letter opens the listing, whose page loads while the shopper types on. The arrows are
    // pressed once the whole word's suggestions are in (those of "شاوم" also hold شاومي, and would be replaced).
    const whole = page.waitForResponse((r) => decodeURIComponent(r.url()).includes('/suggestions?keyword=شاومي'));
    await searchBox(page).pressSequentially('شاومي', { delay: 40 });
    await whole;
    await page.getByRole('option', { name: 'شاومي', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('option', { selected: true }).count()).toBe(1);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(os.tmpdir(), 'suggestions-groups-390.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[role="listbox"]').isVisible()).toBe(false);
    expect(await searchBox(page).inputValue()).toBe('شاومي');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/products');
    await page.getByRole('heading', { level: 1, name: /\d+ (نتائج|نتيجة)/ }).waitFor();
    await context.close();
  });
});

describe('a mistyped word in Chromium', () => {
  it('"لابتوت" typed in the top bar lists laptops and says, in view, that the results are for «لابتوب»', async () => {
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await searchBox(page).pressSequentially('لابتوت', { delay: 40 });
    // The listing may first show a word typed half-way ("لاب" reads as «لا»); then the whole one.
    const note = page.getByRole('status').filter({ hasText: 'نتائج لـ' });
    await expect.poll(async () => (await note.count()) && (await note.innerText()).trim()).toBe('نتائج لـ «لابتوب»');
    await expectSeen(page, { selector: 'main [role="status"]' });
    await productCards(page).filter({ hasText: 'لابتوب' }).first().waitFor();
    await context.close();
  });
});

describe('a word more than 1,000 products hold, in Chromium', () => {
  it('the listing says «أكثر من 1,000 نتيجة» above the cards, in view and right to left, at 390 and 1280 px', async () => {
    // 1,001 more wireless mice, copies of the demo one with their own slugs and the same searchable words.
    await shop.app.ctx.db.exec(
      `INSERT INTO products (title, slug, description, quantity, price, image_cover, images, category_id, brand_id, search_vector)
       SELECT title, 'capped-count-' || g, description, quantity, price, image_cover, images, category_id, brand_id, search_vector
         FROM products, generate_series(1, 1001) AS g
        WHERE title = 'ماوس ديل لاسلكي'`,
    );
    try {
      for (const { width, height } of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        const { context, page } = await shop.newPage({ width, height });
        await page.goto('/');
        await searchBox(page).fill('ماوس');
        await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('keyword') === 'ماوس');
        // Enter: the shopper asks for the listing itself, and the suggestions over it close.
        await searchBox(page).press('Enter');
        await expect.poll(() => searchBox(page).getAttribute('aria-expanded')).toBe('false');
        const count = page.getByRole('heading', { level: 1, name: 'أكثر من 1,000 نتيجة' });
        await count.waitFor();
        await expectSeen(page, { selector: 'main h1' });
        // Above the first card, and on the right of the row it shares with the sort (right to left).
        const [heading, firstCard] = await Promise.all([count.boundingBox(), productCards(page).first().boundingBox()]);
        expect(heading!.y + heading!.height).toBeLessThanOrEqual(firstCard!.y);
        expect(heading!.x + heading!.width).toBeGreaterThan(width / 2);
        expect(await overflowProblems(page)).toEqual([]);
        if (process.env.SCREENSHOTS)
          await page.screenshot({ path: path.join(os.tmpdir(), `capped-count-${width}.png`) });
        await context.close();
      }
    } finally {
      await shop.app.ctx.db.exec(`DELETE FROM products WHERE slug LIKE 'capped-count-%'`);
    }
  });
});

describe('stock in Chromium', () => {
  it('a product with no stock says "نفذت الكمية" on its card and page, with a disabled button; a few left are counted', async () => {
    const row = await shop.app.ctx.db.one<{ id: string }>(
      `UPDATE products SET quantity = 0 WHERE title = 'ماوس ديل لاسلكي' RETURNING id`,
    );
    const few = await shop.app.ctx.db.one<{ id: string }>(
      `UPDATE products SET quantity = 3 WHERE title = 'لابتوب ديل إكس بي إس 13' RETURNING id`,
    );
    const { context, page } = await shop.newPage({ width: 390, height: 844 });

    await page.goto(`/products/${row!.id}`);
    await page.getByRole('heading', { level: 1, name: 'ماوس ديل لاسلكي' }).waitFor();
    // The page's own button (a phone also repeats it in the bar at the bottom once it scrolls away).
    const button = page.getByRole('button', { name: 'نفذت الكمية' }).first();
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.getByTestId('stock-note').scrollIntoViewIfNeeded();
    await expectSeen(page, { selector: '[data-testid="stock-note"]' });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(os.tmpdir(), 'sold-out-page-390.png') });

    await searchBox(page).fill('ماوس ديل');
    await page.waitForURL((url) => url.pathname === '/products');
    const card = productCards(page).filter({ hasText: 'ماوس ديل لاسلكي' });
    await card.waitFor();
    await expectSeen(page, { selector: 'main .product-card__sold-out', container: '.product-card' });
    expect(await card.locator('.product-card__sold-out').innerText()).toBe('نفذت الكمية');
    expect(Math.round((await card.boundingBox())!.height)).toBe(345);
    if (process.env.SCREENSHOTS) await card.screenshot({ path: path.join(os.tmpdir(), 'sold-out-card-390.png') });

    await page.goto(`/products/${few!.id}`);
    await page.getByText('متبقي 3 قطع فقط').waitFor();
    if (process.env.SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: path.join(os.tmpdir(), 'few-left-page-1280.png') });
    }
    expect(await page.getByRole('button', { name: 'اضف للعربة' }).first().isEnabled()).toBe(true);
    await context.close();
  });
});
