import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, expectSeen, login, seenProblems, smallTargetProblems, startShop, type Shop } from './harness';

// The shop on a phone (390×844), in Chromium against the real server and the built app:
// what a thumb needs stays on the screen, toasts keep off the top bar, and every tap target is at least 24×24 px.
// Screenshots of each screen (390 and 1280) go to SHOP_SCREENSHOT_DIR when it is set.

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };

async function screenshot(page: Page, name: string) {
  const dir = process.env.SHOP_SCREENSHOT_DIR;
  if (!dir) return;
  await fs.mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const one = async <T extends object>(sql: string) => (await shop.app.ctx.db.one<T>(sql))!;

/** A product without colours and with stock to spare, and a fresh empty cart for the demo customer. */
async function plainProduct() {
  await shop.app.ctx.db.query(
    `DELETE FROM carts WHERE user_id = (SELECT id FROM users WHERE email = '${DEMO_USER.email}')`,
  );
  return one<{ id: string; title: string }>(
    `SELECT id, title FROM products WHERE options = '[]'::jsonb AND coalesce(array_length(available_colors, 1), 0) = 0 AND quantity >= 5
     ORDER BY id LIMIT 1`,
  );
}

/** The top bar's box; nothing the test waits for may lie over it. */
const topBarBottom = (page: Page) =>
  page
    .locator('nav.navbar')
    .first()
    .evaluate((nav) => nav.getBoundingClientRect().bottom);

describe('the product page on a phone', () => {
  it('shows the price by the photo, a quantity picker, and a bottom bar with price and add-to-cart once the button scrolls away', async () => {
    const product = await plainProduct();
    const { context, page } = await shop.newPage(PHONE);
    await login(page, DEMO_USER);
    await page.goto(`/products/${product.id}`);
    // The price is on the first screen, with the photo.
    await expectSeen(page, { selector: '[data-testid="product-price"]' });
    await expectSeen(page, { selector: '.product-gallery img' });
    await screenshot(page, 'product-390-top');

    // The quantity picker: + raises the number, − lowers it, never below 1.
    const quantity = page.getByLabel('الكمية', { exact: true });
    expect(await page.getByRole('button', { name: 'انقاص الكمية' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'زيادة الكمية' }).click();
    await page.getByRole('button', { name: 'زيادة الكمية' }).click();
    expect(await quantity.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'انقاص الكمية' }).click();
    expect(await quantity.inputValue()).toBe('2');

    // No bottom bar while the page's own button is in view.
    expect(await page.locator('.sticky-action-bar').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expectSeen(page, { selector: '.sticky-action-bar button' });
    expect(await page.locator('.sticky-action-bar').innerText()).toMatch(/\d[\d,]* جنيه/);
    await screenshot(page, 'product-390-scrolled');

    // The bar adds the chosen quantity; the toast sits above the bar, off the top bar, one at a time.
    await page.locator('.sticky-action-bar').getByRole('button', { name: 'اضف للعربة' }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'تمت اضافة المنتج للعربه بنجاح' });
    await toast.waitFor();
    const barBox = (await page.locator('.sticky-action-bar').boundingBox())!;
    // Once it has slid in: above the bar, below the top bar, on the screen, and seen (nothing over it).
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return box.y + box.height <= barBox.y + 1 && box.y > 0;
      })
      .toBe(true);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThan(await topBarBottom(page));
    await expectSeen(page, { selector: '.Toastify__toast' });
    expect(await page.locator('.Toastify__toast').count()).toBe(1);
    await screenshot(page, 'product-390-toast');
    await expect
      .poll(async () => {
        const cart = await shop.app.ctx.db.one<{ count: number }>(
          `SELECT ci.count FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
           JOIN users u ON u.id = c.user_id WHERE u.email = '${DEMO_USER.email}' AND ci.product_id = '${product.id}'`,
        );
        return cart?.count;
      })
      .toBe(2);
    await context.close();
  });

  it('keeps the price beside the button at 1280, with no bottom bar', async () => {
    const product = await plainProduct();
    const { context, page } = await shop.newPage(WIDE);
    await page.goto(`/products/${product.id}`);
    await expectSeen(page, { selector: '[data-testid="product-price"]' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    expect(await page.locator('.sticky-action-bar').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'product-1280');
    await context.close();
  });
});

describe('the cart on a phone', () => {
  it('lists compact lines and keeps the total and "اتمام الشراء" at the bottom of the screen', async () => {
    await plainProduct();
    const products = await shop.app.ctx.db.query<{ id: string }>(
      `SELECT id FROM products WHERE options = '[]'::jsonb AND coalesce(array_length(available_colors, 1), 0) = 0 AND quantity >= 5
       ORDER BY id LIMIT 3`,
    );
    const { context, page } = await shop.newPage(PHONE);
    await login(page, DEMO_USER);
    for (const { id } of products) {
      await page.evaluate(
        async ({ productId }) => {
          const token = localStorage.getItem('token');
          await fetch('/api/v1/cart', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ productId, color: '' }),
          });
        },
        { productId: id },
      );
    }
    await page.goto('/cart');
    await page.locator('main li.card').nth(2).waitFor();
    const heights = await page
      .locator('main li.card')
      .evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect().height));
    expect(heights).toHaveLength(3);
    for (const height of heights) expect(height).toBeLessThanOrEqual(200);

    // The summary bar, on the first screen: the total and the purchase button, seen and not covered.
    await expectSeen(page, { selector: '[data-testid="cart-sticky-summary"] button' });
    const summary = page.getByTestId('cart-sticky-summary');
    expect(await summary.innerText()).toMatch(/الاجمالي[\s\S]*\d[\d,]* جنيه[\s\S]*اتمام الشراء/);
    await screenshot(page, 'cart-390');
    await summary.getByRole('button', { name: 'اتمام الشراء' }).click();
    await page.waitForURL((url) => url.pathname === '/order/paymethoud');
    await context.close();
  });

  it('shows the cart at 1280 with its summary beside the lines and no bottom bar', async () => {
    const { context, page } = await shop.newPage(WIDE);
    await login(page, DEMO_USER);
    await page.goto('/cart');
    await page.locator('main li.card').first().waitFor();
    await expectSeen(page, { selector: '#checkout-panel-title' });
    expect(await page.getByTestId('cart-sticky-summary').count()).toBe(0);
    await screenshot(page, 'cart-1280');
    await context.close();
  });
});

describe('tap targets at 390 px (WCAG 2.2 target size, 24×24 CSS px; the other screens in visibility.test.ts)', () => {
  it('the product page, with its stars, gallery dots and quantity', async () => {
    const product = await plainProduct();
    const { context, page } = await shop.newPage(PHONE);
    await login(page, DEMO_USER);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'زيادة الكمية' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await smallTargetProblems(page)).toEqual([]);
    expect(await seenProblems(page, { selector: 'nav.navbar' })).toEqual([]);
    await context.close();
  });
});

describe('the register form at 390 and 1280 px', () => {
  it.each([PHONE, WIDE])('keeps its labels in sight and says a refusal under its field ($width px)', async (size) => {
    const { context, page } = await shop.newPage(size);
    await page.goto('/register');
    await page.getByLabel('الاسم', { exact: true }).fill('متسوق تجريبي');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(`phone-${size.width}@example.com`);
    await page.getByLabel('كلمة السر', { exact: true }).fill('Secret123');
    await page.getByLabel('تأكيد كلمة السر', { exact: true }).fill('Secret124');
    await page.getByLabel('رقم الهاتف', { exact: true }).fill('01012345678');
    await page.getByRole('button', { name: 'تسجيل الحساب' }).click();
    // The refusal is under the confirmation field, seen, and stays after a toast would have gone.
    await expectSeen(page, { selector: '#register-passwordConfirm-error' });
    expect(await page.locator('#register-passwordConfirm-error').innerText()).toBe(
      'كلمة السر وتأكيد كلمة السر غير متطابقين',
    );
    const field = (await page.locator('#register-passwordConfirm').boundingBox())!;
    const error = (await page.locator('#register-passwordConfirm-error').boundingBox())!;
    expect(error.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
    // Every label is seen while its field is filled.
    for (const id of ['name', 'email', 'password', 'passwordConfirm', 'phone'])
      await expectSeen(page, { selector: `label[for="register-${id}"]` });
    await screenshot(page, `register-${size.width}`);
    await page.waitForTimeout(5500);
    expect(await page.locator('#register-passwordConfirm-error').isVisible()).toBe(true);
    await context.close();
  });
});
