import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  choosePayment,
  DEMO_ADMIN,
  DEMO_USER,
  expectSeen,
  login,
  overflowProblems,
  type Shop,
  startShop,
  toast,
} from './harness';
import { formatEGP } from '../../common/format';
import { variantLabel } from '../../common/rules/variant';

// A product in sizes × colours, in Chromium against the real server: the shopper picks "XL / أزرق", sees its own
// price, stock, SKU and photo, keeps the choice through a reload and Back, adds it, finds the cart and the order page
// naming it, and that variant's stock alone falls. SCREENSHOT_DIR=<folder> keeps the product page and the cart at 390
// and 1280 px there, for a person to look at.

let shop: Shop;
let context: BrowserContext;
let page: Page;
const screenshots = process.env.SCREENSHOT_DIR;
const keepScreenshot = async (on: Page, name: string) => {
  if (screenshots) await on.screenshot({ path: path.join(screenshots, name), fullPage: false });
};

interface Variant {
  _id: string;
  options: string[];
  quantity: number;
}
// The owner's product (written through the real API): L in blue and XL in black sold out, XL in blue dearer, with its
// own discount, SKU and the product's second photo.
const SIZE = 'المقاس';
const COLOUR = 'اللون';
const XL_BLUE = { price: 799, priceAfterDiscount: 749, quantity: 3, sku: 'VAR-XL-BLUE' };
const label = variantLabel([
  { name: SIZE, value: 'XL' },
  { name: COLOUR, value: 'أزرق' },
]);

let product: { id: string; title: string };
let variants: Variant[];
let xlBlue: Variant;
let photo = '';
const productPath = () => `/products/${product.id}`;
const variantStock = () =>
  shop.app.ctx.db.query<{ id: string; quantity: number }>(
    'SELECT id, quantity FROM product_variants WHERE product_id = $1 AND archived_at IS NULL ORDER BY id',
    [product.id],
  );

beforeAll(async () => {
  shop = await startShop();
  if (screenshots) await fs.mkdir(screenshots, { recursive: true });
  product = (await shop.app.ctx.db.one<{ id: string; title: string }>(
    'SELECT id, title FROM products WHERE coalesce(array_length(images, 1), 0) >= 2 ORDER BY title LIMIT 1',
  ))!;
  const owner = await shop.tokenOf(DEMO_ADMIN);
  const stored = await shop.api<{ data: { images: string[] } }>('GET', productPath(), {});
  photo = stored.data.data.images[1]!;
  const saved = await shop.api<{ data: { variants: Variant[] } }>('PUT', productPath(), {
    as: owner,
    body: {
      options: [
        { name: SIZE, values: [{ value: 'M' }, { value: 'L' }, { value: 'XL' }] },
        {
          name: COLOUR,
          values: [
            { value: 'أزرق', hex: '#1e40af' },
            { value: 'أسود', hex: '#000000' },
          ],
        },
      ],
      variants: [
        { options: ['M', 'أزرق'], quantity: 8, price: 699 },
        { options: ['M', 'أسود'], quantity: 6, price: 699 },
        { options: ['L', 'أزرق'], quantity: 0, price: 699 },
        { options: ['L', 'أسود'], quantity: 4, price: 699 },
        { options: ['XL', 'أزرق'], ...XL_BLUE, image: photo },
        { options: ['XL', 'أسود'], quantity: 0, price: 799 },
      ],
    },
  });
  expect(saved.status).toBe(200);
  variants = saved.data.data.variants;
  xlBlue = variants.find((v) => v.options.join() === 'XL,أزرق')!;
  ({ context, page } = await shop.newPage({ width: 1280, height: 800 }));
  await login(page, DEMO_USER);
});
afterAll(async () => {
  await context?.close();
  await shop?.close();
});

const option = (on: Page, name: string) => on.getByRole('group', { name });
const value = (on: Page, group: string, name: string) => option(on, group).getByRole('button', { name, exact: true });

/** What the product page shows for XL / أزرق: its price and struck price, stock, SKU, and its photo in view. */
async function expectXlBlue(on: Page) {
  await expect.poll(() => value(on, SIZE, 'XL').getAttribute('aria-pressed')).toBe('true');
  expect(await value(on, COLOUR, 'أزرق').getAttribute('aria-pressed')).toBe('true');
  const price = on.getByTestId('product-price');
  expect(await price.innerText()).toContain(formatEGP(XL_BLUE.priceAfterDiscount));
  expect(await price.locator('del').innerText()).toContain(formatEGP(XL_BLUE.price));
  expect(await on.getByTestId('stock-note').innerText()).toBe('متبقي 3 قطع فقط');
  expect(await on.getByTestId('product-sku').innerText()).toBe(XL_BLUE.sku);
  await expectSeen(on, { selector: `.product-gallery img[src="${photo}"]`, container: '.product-gallery' });
}

describe('a product in sizes and colours', () => {
  it('picking XL / أزرق shows its own price, stock, SKU and photo; the address keeps it through a reload', async () => {
    await page.goto(productPath());
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    // Before a choice: the lowest price, "من".
    expect(await page.getByTestId('product-price').innerText()).toBe(`من ${formatEGP(699)}`);
    await value(page, SIZE, 'XL').click();
    // XL in black is sold out: struck.
    expect(await option(page, COLOUR).getByRole('button', { name: /^أسود/ }).getAttribute('class')).toContain(
      'variant-value--sold-out',
    );
    await value(page, COLOUR, 'أزرق').click();
    await expectXlBlue(page);
    expect(new URL(page.url()).searchParams.get('variant')).toBe(xlBlue._id);
    expect(await overflowProblems(page)).toEqual([]);
    await keepScreenshot(page, 'variant-product-1280.png');

    await page.reload();
    await expectXlBlue(page);
  });

  it('fits a phone (390 px): the options right to left, the photo in view', async () => {
    const phone = await shop.newPage({ width: 390, height: 844 });
    try {
      await phone.page.goto(`${productPath()}?variant=${xlBlue._id}`);
      await expectXlBlue(phone.page);
      // Right to left: M, the first size, is the rightmost.
      const [m, xl] = await Promise.all(['M', 'XL'].map((v) => value(phone.page, SIZE, v).boundingBox()));
      expect(m!.x).toBeGreaterThan(xl!.x);
      expect(await overflowProblems(phone.page)).toEqual([]);
      await keepScreenshot(phone.page, 'variant-product-390.png');
    } finally {
      await phone.context.close();
    }
  });

  it('adds it; the cart names the variant, and Back brings the product page back on it', async () => {
    await page.getByRole('button', { name: 'اضف للعربة' }).first().click();
    await toast(page, 'تمت اضافة المنتج للعربه بنجاح');
    await page.goto('/cart');
    const line = page.getByRole('listitem', { name: product.title });
    expect(await line.getByTestId('line-variant').innerText()).toBe(label);
    expect(await line.getByTestId('line-price').innerText()).toBe(formatEGP(XL_BLUE.priceAfterDiscount));
    await expectSeen(page, { selector: `main li img[src="${photo}"]`, container: 'li' });
    expect(await overflowProblems(page)).toEqual([]);
    await keepScreenshot(page, 'variant-cart-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflowProblems(page)).toEqual([]);
    await expectSeen(page, { selector: `main li img[src="${photo}"]`, container: 'li' });
    await keepScreenshot(page, 'variant-cart-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goBack();
    await expectXlBlue(page);
    await page.goForward();
    await line.waitFor();
  });

  it('the listing prices it "من" and filters by size beside the other filters, in the address', async () => {
    await page.goto(`/products?keyword=${encodeURIComponent(product.title)}`);
    const filter = page.getByRole('complementary', { name: 'تصفية النتائج' });
    const xl = filter.getByRole('group', { name: SIZE }).getByRole('checkbox', { name: 'XL', exact: true });
    await xl.check();
    await page.waitForURL((url) => url.searchParams.get('options') === `${SIZE}:XL`);
    const card = page.locator('main .product-card', { has: page.getByRole('link', { name: product.title }) });
    await expect.poll(() => card.innerText()).toContain(`من ${formatEGP(699)}`);
    expect(await overflowProblems(page)).toEqual([]);
    await keepScreenshot(page, 'variant-listing-1280.png');
    await page.reload();
    await expect.poll(() => xl.isChecked()).toBe(true);
    await card.waitFor();
  });

  it('orders it by cash: the order page names the variant, and only its stock fell', async () => {
    const before = await variantStock();
    const address = {
      alias: 'المنزل',
      details: 'مدينة نصر، شارع عباس العقاد 12',
      phone: '01123456789',
      city: 'القاهرة',
    };
    expect((await shop.api('POST', '/addresses', { as: page, body: address })).status).toBe(200);
    await choosePayment(page, address.alias);
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await toast(page, 'تم انشاء طلبك بنجاح');
    await page.waitForURL((url) => url.pathname === '/user/allorders');

    const { data } = await shop.api<{ data: { _id: string }[] }>('GET', '/orders?limit=1', { as: page });
    await page.goto(`/user/orders/${data.data[0]!._id}`);
    const item = page.locator('main').getByRole('listitem', { name: product.title });
    await expect.poll(() => item.innerText()).toContain(label);
    await expectSeen(page, { selector: 'main section li img', container: 'li' });

    const after = await variantStock();
    expect(after).toEqual(before.map((v) => (v.id === xlBlue._id ? { ...v, quantity: v.quantity - 1 } : v)));
  });
});
