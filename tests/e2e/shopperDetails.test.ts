import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, startShop, type Shop } from './harness';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

/** Presses Tab, as a keyboard-only shopper does, until `target` has the focus (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** The text of each line an element's words are drawn on, as a person reads them. */
function drawnLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const line = lines.find((l) => Math.abs(l.top - top) < 4);
        if (line) line.text += text[i];
        else lines.push({ top, text: text[i] });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((l) => l.text);
  });
}

describe('the profile at 390 px', () => {
  it('wraps a long e-mail address after its @ or before a dot, never mid-word, inside the card', async () => {
    const email = 'fatma.abdelrahman.elsayed@egyptianhomeware.com';
    const signup = await shop.api('POST', '/auth/signup', {
      body: { name: 'فاطمة', email, password: 'Fatma12345', passwordConfirm: 'Fatma12345', phone: '01012345670' },
    });
    expect(signup.status).toBe(201);
    const { context, page } = await shop.newPage({ width: 390, height: 844 });
    await login(page, { email, password: 'Fatma12345' });
    await page.goto('/user/profile');
    const shown = page.locator('dd', { hasText: 'fatma' }).locator('[dir="ltr"]');
    await shown.waitFor();
    const lines = await drawnLines(shown);
    expect(lines.join('')).toBe(email);
    // Too long for one line at 390 px: it wraps, each line ending at the @ or just before a dot.
    expect(lines.length).toBeGreaterThan(1);
    for (let i = 1; i < lines.length; i += 1) expect(lines[i - 1].endsWith('@') || lines[i].startsWith('.')).toBe(true);
    const card = (await page.locator('section.card', { hasText: 'البيانات الشخصية' }).boundingBox())!;
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    await context.close();
  });
});

describe('the home offers', () => {
  it.each([390, 1280])(
    'at %i px the slide and the laptops banner are links a keyboard reaches, named in Arabic, leading to the listing',
    async (width) => {
      const { context, page } = await shop.newPage({ width, height: 844 });
      await page.goto('/');
      const slide = page.getByRole('link', { name: 'هناك خصم كبير خصم يصل إلى 50% على مشترياتك' });
      await slide.waitFor();
      // Only the slide shown is a link to reach: the others are out of the way.
      expect(await page.locator('.home-slider a').count()).toBe(4);
      expect(await slide.count()).toBe(1);
      await tabTo(page, slide);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products');
      expect(new URL(page.url()).searchParams.get('sort')).toBe('-sold');
      await page.locator('main .product-card').first().waitFor();

      await page.goto('/');
      const banner = page.getByRole('link', { name: 'خصم يصل إلى 30% على أجهزة اللابتوب' });
      await banner.waitFor();
      await tabTo(page, banner, 200);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products');
      expect(new URL(page.url()).searchParams.get('keyword')).toBe('لابتوب');
      // The laptops lead the results once the search has answered (the best sellers may show until then).
      const titles = page.locator('main .product-card .product-card__title');
      await expect.poll(() => titles.first().textContent()).toContain('لابتوب');
      await context.close();
    },
  );
});
