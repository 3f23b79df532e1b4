import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { productCards, type Shop, startShop } from './harness';

/** SPEC.md §9: the product list shows 8 products a page. */
const PAGE_SIZE = 8;

/**
 * The listing's price order and price filter, judged by the prices the cards show (API.md §2: for
 * products, `price` is the price the shopper pays). The demo catalogue has discounted products whose
 * price before discount would put them out of order and on the wrong side of a range.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

/**
 * The paid prices of the catalogue in EGP, worked out from the rows (priceAfterDiscount counts from 1 EGP): a product
 * with sizes or capacities is listed at its cheapest variant ("من …"); a variant without a price of its own is sold at
 * the product's, and one with its own price has no discount unless it sets one.
 */
async function paidPrices(): Promise<number[]> {
  const rows = await shop.app.ctx.db.query<{ paid: number }>(
    `SELECT CASE WHEN p.options = '[]'::jsonb THEN product_paid ELSE (
       SELECT min(CASE WHEN v.price_after_discount >= 100 THEN v.price_after_discount
                       WHEN v.price IS NOT NULL THEN v.price ELSE product_paid END)
       FROM product_variants v WHERE v.product_id = p.id AND v.archived_at IS NULL) END AS paid
     FROM products p,
       LATERAL (SELECT CASE WHEN p.price_after_discount >= 100 THEN p.price_after_discount ELSE p.price END) AS pp(product_paid)`,
  );
  return rows.map((r) => r.paid / 100);
}

/** A shown price as a number, whatever digits and separators the shop prints. */
function readPrice(text: string): number {
  const ascii = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/\u066b/g, '.');
  return Number(ascii.replace(/[^\d.]/g, ''));
}

const cardTitles = (page: Page) => productCards(page).getByRole('heading').allInnerTexts();
/** The price each card shows in bold: the one the shopper pays. */
const cardPrices = async (page: Page) => (await productCards(page).locator('.fw-bold').allInnerTexts()).map(readPrice);

/** The shown prices of every page of the listing, walking the pager forward from page 1. */
async function pricesOfAllPages(page: Page): Promise<number[]> {
  const prices = [...(await cardPrices(page))];
  for (let guard = 0; guard < 20; guard++) {
    const next = page.locator('main .pagination li').last();
    if (!(await next.count()) || (await next.getAttribute('class'))?.includes('disabled')) break;
    const before = (await cardTitles(page)).join('|');
    await next.locator('a').click();
    await expect.poll(async () => (await cardTitles(page)).join('|')).not.toBe(before);
    prices.push(...(await cardPrices(page)));
  }
  return prices;
}

async function openListing(width: number) {
  const { context, page } = await shop.newPage({ width, height: width < 500 ? 844 : 800 });
  await page.goto('/products');
  await productCards(page).first().waitFor();
  return { context, page };
}

async function sortBy(page: Page, label: string, expectedFirstPage: number[]) {
  await page.getByRole('button', { name: /ترتيب حسب/ }).hover();
  await page.getByRole('button', { name: label }).click();
  // The first page shows the lowest (or highest) paid prices, in order.
  await expect.poll(() => cardPrices(page)).toEqual(expectedFirstPage);
}

describe.each([390, 1280])('product listing at %i px', (width) => {
  it('sorted by price both ways, the shown prices are in order on every page', async () => {
    const paid = await paidPrices();
    const ascending = [...paid].sort((a, b) => a - b);
    const { context, page } = await openListing(width);

    await sortBy(page, 'السعر من الاقل للاعلى', ascending.slice(0, PAGE_SIZE));
    expect(await pricesOfAllPages(page)).toEqual(ascending);

    await page.goto('/products');
    await productCards(page).first().waitFor();
    const descending = [...ascending].reverse();
    await sortBy(page, 'السعر من الاعلى للاقل', descending.slice(0, PAGE_SIZE));
    expect(await pricesOfAllPages(page)).toEqual(descending);
    await context.close();
  });

  it('a price range shows exactly the cards whose shown price is in it', async () => {
    const [from, to] = [1000, 5000];
    // The side filter's "من" is exclusive and "الى" inclusive (price[gt], price[lte]).
    const expected = (await paidPrices()).filter((p) => p > from && p <= to).sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    const { context, page } = await openListing(width);
    const filterButton = page.getByRole('button', { name: 'تصفية النتائج' });
    if (await filterButton.isVisible()) await filterButton.click();
    await page.getByLabel('من:').fill(String(from));
    await page.getByLabel('الى:').fill(String(to));
    await expect.poll(async () => (await cardPrices(page)).every((p) => p > from && p <= to)).toBe(true);
    await sortBy(page, 'السعر من الاقل للاعلى', expected.slice(0, PAGE_SIZE));
    expect(await pricesOfAllPages(page)).toEqual(expected);
    await context.close();
  });
});
