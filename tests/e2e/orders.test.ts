import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeProblems,
  choosePayment,
  DEMO_USER,
  expectSeen,
  login,
  screenProblems,
  type SeenCheck,
  type Shop,
  startShop,
  toast,
} from './harness';

// Following an order end to end, in Chromium against the real server and the built app:
// a cash order placed with a saved address, opened from the orders list, its address and timeline seen, cancelled
// with the keyboard through the confirmation dialog, and the product's stock back. SCREENSHOT_DIR=<folder> keeps
// screenshots of the order page at 390 and 1280 px there, for a person to look at; without it none are taken.

let shop: Shop;
let context: BrowserContext;
let page: Page;
const screenshots = process.env.SCREENSHOT_DIR;
/** Keeps a screenshot for a person to look at, when SCREENSHOT_DIR asks for them. */
const keepScreenshot = async (on: Page, name: string, fullPage = true) => {
  if (screenshots) await on.screenshot({ path: path.join(screenshots, name), fullPage });
};

const address = {
  alias: 'المنزل',
  details: 'مدينة نصر، شارع عباس العقاد، عمارة 12',
  phone: '01123456789',
  city: 'القاهرة',
  postalCode: '11765',
};
/** The first line's image on the order page: loaded, in view and inside its line. */
const ORDER_LINE: SeenCheck = { selector: 'main section li img', container: 'li' };

/** A call to the real API as the shopper logged in on `page`. */
const api = <T>(method: string, url: string, body?: unknown) => shop.api<T>(method, url, { as: page, body });

const stockOf = async (id: string) =>
  (await shop.app.ctx.db.one<{ quantity: number; sold: number }>('SELECT quantity, sold FROM products WHERE id = $1', [
    id,
  ]))!;
/** Presses Tab until the element has the focus (at most `limit` times); fails when it never gets it. */
async function tabTo(on: Page, target: ReturnType<Page['getByRole']>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await on.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

beforeAll(async () => {
  shop = await startShop();
  if (screenshots) await fs.mkdir(screenshots, { recursive: true });
  ({ context, page } = await shop.newPage({ width: 1280, height: 800 }));
  await login(page, DEMO_USER);
});
afterAll(async () => {
  await context?.close();
  await shop?.close();
});

describe('an order a shopper can follow', () => {
  let product: { id: string; title: string };
  let stockBefore: { quantity: number; sold: number };
  let orderPath = '';

  it('places a cash order with a saved address; the order keeps the whole address', async () => {
    product = (await shop.app.ctx.db.one<{ id: string; title: string }>(
      "SELECT id, title FROM products WHERE options = '[]'::jsonb AND quantity > 5 AND coalesce(array_length(available_colors, 1), 0) = 0 ORDER BY title LIMIT 1",
    ))!;
    stockBefore = await stockOf(product.id);
    expect((await api('POST', '/addresses', address)).status).toBe(200);
    expect((await api('POST', '/cart', { productId: product.id })).status).toBe(200);

    await choosePayment(page, address.alias);
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await toast(page, 'تم انشاء طلبك بنجاح');
    await page.waitForURL((url) => url.pathname === '/user/allorders');

    const { data } = await api<{ data: { _id: string; id: number; shippingAddress: unknown }[] }>(
      'GET',
      '/orders?limit=1',
    );
    // Kept whole, with the governorate its city names.
    expect(data.data[0].shippingAddress).toEqual({ ...address, governorate: 'EG-C', governorateName: 'القاهرة' });
    expect(await stockOf(product.id)).toEqual({ quantity: stockBefore.quantity - 1, sold: stockBefore.sold + 1 });
    orderPath = `/user/orders/${data.data[0]._id}`;
  });

  it('opens it from its card in the orders list: number, address, payment, line and timeline', async () => {
    const { data } = await api<{ data: { id: number }[] }>('GET', '/orders?limit=1');
    const heading = `طلب رقم #${data.data[0].id}`;
    await page.getByRole('article', { name: heading }).getByRole('link', { name: heading }).click();
    await page.waitForURL((url) => url.pathname === orderPath);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expectSeen(page, ORDER_LINE);
    await page.waitForLoadState('networkidle');

    const main = page.locator('main');
    for (const text of [
      address.alias,
      address.details,
      address.city,
      address.phone,
      'الدفع عند الاستلام',
      'قيد التنفيذ',
    ]) {
      await expect.poll(() => main.innerText()).toContain(text);
    }
    await main.getByRole('link', { name: product.title }).waitFor();
    const steps = page.getByRole('list', { name: 'مراحل الطلب' }).getByRole('listitem');
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringMatching(/^تم تقديم الطلب\n.*\d{1,2}:\d{2}/),
      'تم تأكيد الطلب\nلم يتم بعد',
      'تم الشحن\nلم يتم بعد',
      'تم الدفع\nلم يتم بعد',
      'تم التوصيل\nلم يتم بعد',
    ]);
    // The timeline runs down the right-hand side in Arabic: each step's dot sits at its step's right edge.
    expect(await steps.first().evaluate((li) => getComputedStyle(li, '::before').right)).toBe('0px');

    expect(await screenProblems(page), 'order page at 1280 px').toEqual([]);
    await keepScreenshot(page, 'order-1280.png');
  });

  it('fits a phone too (390 px)', async () => {
    const phone = await shop.newPage({ width: 390, height: 844 });
    try {
      await login(phone.page, DEMO_USER);
      await phone.page.goto(orderPath);
      await phone.page.getByRole('list', { name: 'مراحل الطلب' }).waitFor();
      await expectSeen(phone.page, ORDER_LINE);
      await phone.page.waitForLoadState('networkidle');
      expect(await screenProblems(phone.page), 'order page at 390 px').toEqual([]);
      await keepScreenshot(phone.page, 'order-390.png');
    } finally {
      await phone.context.close();
    }
  });

  it('cancels it with the keyboard through the confirmation dialog; the stock comes back', async () => {
    const cancel = page.getByRole('button', { name: 'الغاء الطلب' });
    await page.locator('body').focus();
    await tabTo(page, cancel);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^الغاء طلب رقم #\d+؟$/ });
    await dialog.waitFor();
    // Focus is inside the dialog, which has no serious axe violation; Escape closes it and gives the focus back.
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await axeProblems(page), 'cancel dialog').toEqual([]);
    await keepScreenshot(page, 'order-cancel-dialog-1280.png', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await stockOf(product.id)).quantity).toBe(stockBefore.quantity - 1);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'الغاء الطلب' }), 5);
    await page.keyboard.press('Enter');
    await toast(page, 'تم الغاء طلبك بنجاح');
    await dialog.waitFor({ state: 'detached' });
    // The cancel button is gone with the dialog: the focus lands on the order's heading, not on the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('order-heading');

    await expect.poll(() => page.getByTestId('order-status').innerText()).toBe('ملغي');
    const steps = page.getByRole('list', { name: 'مراحل الطلب' }).getByRole('listitem');
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringMatching(/^تم تقديم الطلب\n/),
      expect.stringMatching(/^تم الغاء الطلب\n.*\d{1,2}:\d{2}/),
    ]);
    expect(await cancel.count()).toBe(0);
    expect(await stockOf(product.id)).toEqual(stockBefore);
    const { data } = await api<{ data: { quantity: number } }>('GET', `/products/${product.id}`);
    expect(data.data.quantity).toBe(stockBefore.quantity);
    expect(await screenProblems(page), 'cancelled order page').toEqual([]);
    await keepScreenshot(page, 'order-cancelled-1280.png');

    // The orders list marks it too.
    await page.goto('/user/allorders');
    await page.locator('main article').first().getByText('ملغي', { exact: true }).waitFor();
  });

  it('someone else’s order is not found', async () => {
    const other = await shop.newPage({ width: 390, height: 844 });
    try {
      const email = `other-${Date.now()}@example.com`;
      const res = await fetch(`${shop.baseUrl}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'عميل آخر',
          email,
          password: 'Secret123',
          passwordConfirm: 'Secret123',
          phone: '01012345678',
        }),
      });
      expect(res.status).toBe(201);
      await login(other.page, { email, password: 'Secret123' });
      await other.page.goto(orderPath);
      await other.page.getByRole('heading', { level: 1, name: 'هذا الطلب غير موجود' }).waitFor();
    } finally {
      await other.context.close();
    }
  });
});
