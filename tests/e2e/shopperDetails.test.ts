import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { cropReady, DEMO_ADMIN, login, productCards, type Shop, startShop, toast } from './harness';

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
      await productCards(page).first().waitFor();

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

/** A photo in horizontal bands (top to bottom), each `[height, colour]`, as a PNG file to choose. */
async function bandedPhoto(name: string, width: number, bands: [number, string][]) {
  const height = bands.reduce((sum, [h]) => sum + h, 0);
  let top = 0;
  const layers = [];
  for (const [h, colour] of bands) {
    layers.push({
      input: await sharp({ create: { width, height: h, channels: 3, background: colour } })
        .png()
        .toBuffer(),
      top,
      left: 0,
    });
    top += h;
  }
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite(layers)
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The colour of a pixel of an image, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

describe('photos chosen at once on the product form', () => {
  it('go through the crop dialog one by one, and a 1200×1600 photo is saved at 4:3 as framed, not squeezed', async () => {
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    await login(page, DEMO_ADMIN);
    await page.goto('/admin/addproduct');
    // Green edges, red and blue in the middle: the dialog's first 4:3 frame of the tall photo holds only red and blue.
    const tall = await bandedPhoto('tall.png', 1200, [
      [300, '#00ff00'],
      [500, '#ff0000'],
      [500, '#0000ff'],
      [300, '#00ff00'],
    ]);
    const wide = await bandedPhoto('wide.png', 1600, [[1200, '#ffaa00']]);
    const square = await bandedPhoto('square.png', 900, [[900, '#8800ff']]);
    await page.getByLabel('اختيار صور للخانة 1').setInputFiles([tall, wide, square]);

    const dialog = page.getByRole('dialog', { name: 'قص الصورة' });
    const shown = dialog.getByRole('img', { name: 'الصورة المراد قصها' });
    for (const [position, [width, height]] of [
      [1200, 1600],
      [1600, 1200],
      [900, 900],
    ].entries()) {
      await cropReady(dialog);
      // The dialog shows this photo, at its own shape.
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
        .toEqual([width, height]);
      await dialog.getByRole('button', { name: 'قص', exact: true }).click();
      await expect
        .poll(() => page.getByRole('img', { name: `الصورة ${position + 1}` }).getAttribute('src'))
        .toMatch(/^data:image\/jpeg/);
    }
    await dialog.waitFor({ state: 'detached' });
    for (const position of [1, 2, 3]) {
      const [width, height] = await page
        .getByRole('img', { name: `الصورة ${position}` })
        .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(Math.abs(width / height - 4 / 3), `photo ${position}: ${width}×${height}`).toBeLessThan(0.01);
    }

    const title = `منتج بثلاث صور ${Date.now()}`;
    await page.getByLabel('اسم المنتج').fill(title);
    await page.getByLabel('وصف المنتج').fill('صور مقصوصة بنسبة 4:3');
    await page.getByLabel('السعر قبل الخصم').fill('500');
    await page.getByLabel('الكمية المتاحة').fill('5');
    const category = page.getByLabel('التصنيف الرئيسي');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await toast(page, 'تمت الاضافة بنجاح');

    const found = await shop.api<{ data: { imageCover: string; images: string[] }[] }>(
      'GET',
      `/products?keyword=${encodeURIComponent(title)}`,
    );
    const product = found.data.data[0];
    expect(product.images).toHaveLength(3);
    for (const url of [product.imageCover, ...product.images]) {
      const stored = Buffer.from(await (await fetch(url)).arrayBuffer());
      const { width, height } = await sharp(stored).metadata();
      expect(Math.abs(width! / height! - 4 / 3), `${url}: ${width}×${height}`).toBeLessThan(0.01);
    }
    // The tall photo is stored as the dialog framed it: red above, blue below, none of its green edges.
    const cover = Buffer.from(await (await fetch(product.imageCover)).arrayBuffer());
    const { width, height } = await sharp(cover).metadata();
    const [top, bottom] = [await pixel(cover, width! / 2, 2), await pixel(cover, width! / 2, height! - 3)];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[1]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[1]).toBeLessThan(60);
    await context.close();
  });
});

describe('the top category strip after the owner renames or deletes a category', () => {
  it('follows the change without a reload once the shopper opens a category: no old name, no link to a category gone', async () => {
    const admin = await shop.tokenOf(DEMO_ADMIN);
    const stamp = Date.now() % 100000;
    const made = async (name: string) =>
      (await shop.api<{ data: { _id: string } }>('POST', '/categories', { as: admin, body: { name } })).data.data._id;
    const [renamed, deleted] = [await made(`قديم ${stamp}`), await made(`زائل ${stamp}`)];
    const { context, page } = await shop.newPage({ width: 1280, height: 900 });
    await page.goto('/');
    const strip = page.getByRole('navigation', { name: 'التصنيفات' });
    await strip.getByRole('link', { name: `زائل ${stamp}` }).waitFor();

    // Meanwhile the owner renames one and deletes the other.
    expect(
      (await shop.api('PUT', `/categories/${renamed}`, { as: admin, body: { name: `جديد ${stamp}` } })).status,
    ).toBe(200);
    expect((await shop.api('DELETE', `/categories/${deleted}`, { as: admin })).status).toBe(204);

    // The shopper follows the link the strip still shows: the shop says the category is gone, and the strip follows.
    await strip.getByRole('link', { name: `زائل ${stamp}` }).click();
    await page.getByRole('heading', { name: 'هذا التصنيف غير موجود' }).waitFor();
    await strip.getByRole('link', { name: `جديد ${stamp}` }).waitFor();
    expect(await strip.getByRole('link', { name: `زائل ${stamp}` }).count()).toBe(0);
    expect(await strip.getByRole('link', { name: `قديم ${stamp}` }).count()).toBe(0);
    await context.close();
  });
});
