import fs from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEGP } from '../../common/format';
import { toCsv } from '../../server/lib/csv';
import { DEMO_ADMIN, login, screenProblems, startShop, type Shop } from './harness';

// The owner's catalogue in a spreadsheet, in Chromium against the real server and the built app: the demo catalogue
// exported, one price edited in the file, the file previewed and applied, and the new price in the storefront.

let shop: Shop;
let page: Page;

beforeAll(async () => {
  shop = await startShop();
  ({ page } = await shop.newPage({ width: 1280, height: 900 }));
  await login(page, DEMO_ADMIN);
});
afterAll(() => shop?.close());

const toast = (text: string) => page.locator('.Toastify').getByText(text).first().waitFor();

describe('the catalogue sheet in Chromium', () => {
  it('the owner exports, edits a price in the file, previews, applies, and the storefront shows the new price', async () => {
    await page.goto('/admin/allproducts');
    await page.getByRole('article').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'تصدير CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [heading, ...rows] = parse(bytes, { bom: true }) as string[][];
    expect(heading.slice(0, 5)).toEqual(['sku', 'id', 'title', 'description', 'price']);
    const total = (await (await fetch(`${shop.baseUrl}/api/v1/products?limit=1`)).json()) as { results: number };
    expect(rows.length).toBeGreaterThanOrEqual(total.results);

    // A product without a discount gets a new price, as the owner would type it in Excel: with a thousands separator.
    const column = (name: string) => heading.indexOf(name);
    const row = rows.find((r) => r[column('priceAfterDiscount')] === '')!;
    const [id, title] = [row[column('id')], row[column('title')]];
    const newPrice = Number(row[column('price')]) + 1000.5;
    row[column('price')] = newPrice.toLocaleString('en-US', { minimumFractionDigits: 2 });
    const edited = Buffer.from(toCsv(heading, rows), 'utf8');

    await page.getByLabel('استيراد').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: edited });
    await page.getByRole('heading', { name: 'معاينة الاستيراد' }).waitFor();
    await page.getByText('منتجات ستُحدّث: 1').waitFor();
    await page.getByText('أسطر مرفوضة: 0').waitFor();
    await page.getByText(`بدون تغيير: ${rows.length - 1}`).waitFor();
    const changes = page.getByRole('table', { name: 'المنتجات التي ستُحدّث' });
    expect(await changes.getByRole('row').nth(1).innerText()).toContain(title);
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await toast('تم الاستيراد: 0 منتج جديد و1 منتج محدّث');

    const visitor = await shop.newPage();
    await visitor.page.goto(`/products/${id}`);
    await visitor.page.getByRole('heading', { name: title }).first().waitFor();
    await visitor.page.getByText(formatEGP(newPrice)).first().waitFor();
    await visitor.context.close();

    // The audit log has the import, by the owner, with its counts, in Arabic.
    await page.goto('/admin/audit');
    const entry = page.getByRole('row').filter({ hasText: 'استيراد ملف المنتجات' }).first();
    await entry.waitFor();
    const text = await entry.innerText();
    expect(text).toMatch(/منتجات محدثة:?\s*1\b/);
    expect(text).toMatch(/منتجات جديدة:?\s*0\b/);
    expect(text).toContain('المالك');
    expect(await screenProblems(page)).toEqual([]);
  });
});
