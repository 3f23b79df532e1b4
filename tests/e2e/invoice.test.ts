import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeProblems,
  DEMO_USER,
  digitProblems,
  englishProblems,
  expectSeen,
  login,
  overflowProblems,
  startShop,
  type Shop,
} from './harness';
import { pdfRuns, pdfShows } from './pdfText';

// The customer's invoice in Chromium against the real server and the built app (run `npx vite build` first): a cash
// order placed on the pay page, its invoice opened from the order page, printed to PDF by Chromium (the text read back
// from the PDF is the page's own, Arabic included), and laid out right to left at 390 and 1280 px with the totals in
// view. SCREENSHOT_DIR=<folder> keeps the screenshots and the PDF there, for a person to look at.

let shop: Shop;
let context: BrowserContext;
let page: Page;
const screenshots = process.env.SCREENSHOT_DIR;

const address = {
  alias: 'العمل',
  details: 'شارع التحرير 5، الدور الثاني',
  phone: '01123456789',
  city: 'الدقي',
};

async function api<T>(method: string, url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${shop.baseUrl}/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, data: (await response.json()) as T };
}

/** Everything a person should not meet on the page: sideways overflow, English, Arabic-Indic digits, serious axe violations. */
const pageProblems = async (on: Page) => [
  ...(await overflowProblems(on)),
  ...(await englishProblems(on)),
  ...(await digitProblems(on)),
  ...(await axeProblems(on)),
];

/** The texts the invoice shows, each line and table cell on its own. */
const invoiceTexts = async (on: Page) =>
  (await on.getByTestId('invoice').innerText())
    .split(/[\n\t]/)
    .map((text) => text.trim())
    .filter(Boolean);

/** The invoice's layout reads right to left: the shop before the invoice number, the product column first, labels before amounts. */
const rightToLeftProblems = (on: Page) =>
  on.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const problems: string[] = [];
    if (getComputedStyle(document.querySelector('[data-testid="invoice"]')!).direction !== 'rtl')
      problems.push('the invoice is not right to left');
    const headers = [...document.querySelectorAll('.invoice__lines th')].map((th) => th.getBoundingClientRect());
    if (!(headers[0].left > headers[headers.length - 1].right)) problems.push('the product column is not on the right');
    const total = document.querySelector('[data-testid="invoice-total"]')!;
    const label = total.previousElementSibling!.getBoundingClientRect();
    if (!(label.left > total.getBoundingClientRect().right))
      problems.push("the total's label is not right of its amount");
    if (!(box('.invoice__shop').right >= box('.invoice__title').right)) problems.push('the shop is not on the right');
    return problems;
  });

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

describe("the customer's invoice", () => {
  let invoicePath = '';

  it('is opened from the order page of a cash order placed on the pay page', async () => {
    const product = (await shop.app.ctx.db.one<{ id: string }>(
      'SELECT id FROM products WHERE quantity > 5 AND coalesce(array_length(available_colors, 1), 0) = 0 ORDER BY title LIMIT 1',
    ))!;
    expect((await api('POST', '/addresses', address)).status).toBe(200);
    expect((await api('POST', '/cart', { productId: product.id })).status).toBe(200);
    await page.goto('/order/paymethoud');
    const select = page.getByLabel('عنوان الشحن');
    await select.locator('option', { hasText: address.alias }).waitFor({ state: 'attached' });
    await select.selectOption({ label: address.alias });
    await page.getByRole('radio', { name: 'الدفع عند الاستلام' }).check();
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await page.waitForURL((url) => url.pathname === '/user/allorders');
    const { data } = await api<{ data: { _id: string }[] }>('GET', '/orders?limit=1');

    await page.goto(`/user/orders/${data.data[0]._id}`);
    await page.getByRole('link', { name: 'الفاتورة' }).click();
    invoicePath = `/user/orders/${data.data[0]._id}/invoice`;
    await page.waitForURL((url) => url.pathname === invoicePath);
    await page.getByRole('heading', { level: 1, name: 'فاتورة' }).waitFor();
  });

  it("prints to a PDF whose text is the page's own, Arabic included", async () => {
    await page.getByTestId('invoice-total').waitFor();
    await page.waitForLoadState('networkidle');
    const texts = await invoiceTexts(page);
    expect(texts).toEqual(
      expect.arrayContaining(['فاتورة', 'عنوان التوصيل', 'الاجمالي', 'طريقة الدفع: الدفع عند الاستلام']),
    );
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    if (screenshots) await fs.writeFile(path.join(screenshots, 'invoice.pdf'), pdf);
    const pages = pdfRuns(pdf);
    expect(pages).toHaveLength(1);
    expect(texts.filter((text) => !pdfShows(pages[0], text))).toEqual([]);
    // The toolbar is not printed.
    expect(pdfShows(pages[0], 'طباعة / حفظ PDF')).toBe(false);
  });

  it.each([390, 1280])('lays the invoice out right to left at %i px, with the totals in view', async (width) => {
    const { context: wide, page: on } = await shop.newPage({ width, height: 844 });
    try {
      await login(on, DEMO_USER);
      await on.goto(invoicePath);
      await on.getByTestId('invoice-total').waitFor();
      await on.waitForLoadState('networkidle');
      expect(await rightToLeftProblems(on)).toEqual([]);
      await on.getByTestId('invoice-total').scrollIntoViewIfNeeded();
      await expectSeen(on, { selector: '[data-testid="invoice-total"]', container: '[data-testid="invoice"]' });
      expect(await pageProblems(on), `invoice at ${width} px`).toEqual([]);
      const screenshot = await on.screenshot({ fullPage: true });
      expect(screenshot.byteLength).toBeGreaterThan(0);
      if (screenshots) await fs.writeFile(path.join(screenshots, `invoice-${width}.png`), screenshot);
    } finally {
      await wide.close();
    }
  });
});
