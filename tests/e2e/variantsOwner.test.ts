import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueWords,
  cropEachPhoto,
  DEMO_ADMIN,
  DEMO_USER,
  expectSeen,
  login,
  pngFile,
  screenProblems,
  type Shop,
  startShop,
  toast,
} from './harness';

// The owner builds a product's sizes × colours on the product form, in Chromium against the real server and the
// built app (issue 53): a 3 × 4 grid, two combinations left out, prices and stock set; the shop then sells exactly
// that. The form is looked at 1280 and 390 px wide (VARIANT_SHOTS=<dir> keeps the screenshots for people to see).

const SHOTS = process.env.VARIANT_SHOTS;
const stamp = String(Date.now()).slice(-6);
const title = `قميص مقاسات ${stamp}`;
const SIZES = ['S', 'M', 'L'];
/** The colours as the picker gives them, and the Arabic names the form gives them (common/colorNames.ts). */
const COLOURS = [
  ['#000000', 'أسود'],
  ['#ffffff', 'أبيض'],
  ['#1e56e0', 'أزرق'],
  ['#d32f2f', 'أحمر'],
] as const;
const LEFT_OUT = ['المقاس: S، اللون: أحمر', 'المقاس: L، اللون: أبيض'];

interface StoredProduct {
  _id: string;
  quantity: number;
  price: number;
  images: string[];
  availableColors: string[];
  options: { name: string; values: { value: string; hex?: string }[] }[];
  variants: {
    _id: string;
    options: string[];
    quantity: number;
    price: number;
    priceAfterDiscount?: number;
    sku?: string;
    image?: string;
  }[];
  priceRange?: { min: number; max: number };
}

let shop: Shop;
let page: Page;
let words: Set<string>;
beforeAll(async () => {
  shop = await startShop();
  words = await catalogueWords(shop);
  ({ page } = await shop.newPage({ width: 1280, height: 900 }));
  await login(page, DEMO_ADMIN);
  if (SHOTS) await fs.mkdir(SHOTS, { recursive: true });
});
afterAll(() => shop?.close());

/** One kept combination's fields on the form. */
const row = (label: string) => page.getByRole('group', { name: label, exact: true });

describe('the owner builds variants on the product form', () => {
  it('makes a 3 × 4 grid less two, with prices, stock, a SKU and a photo, and the shop sells exactly that', async () => {
    await page.goto('/admin/addproduct');
    await page
      .getByLabel('اختيار صور للخانة 1')
      .setInputFiles([
        await pngFile('shirt.png', 1200, 900, '#dddddd'),
        await pngFile('shirt-blue.png', 1200, 900, '#1e56e0'),
      ]);
    await cropEachPhoto(page, 2);
    await page.getByLabel('اسم المنتج').fill(title);
    await page.getByLabel('وصف المنتج').fill('قميص قطن بثلاثة مقاسات واربعة الوان');
    await page.getByLabel('السعر قبل الخصم').first().fill('350');
    const category = page.getByLabel('التصنيف الرئيسي');
    await category.locator('option').nth(1).waitFor({ state: 'attached' });
    await category.selectOption({ index: 1 });

    await page.getByRole('button', { name: 'اضافة خيار' }).click();
    await page.getByLabel('اسم الخيار').fill('المقاس');
    const size = page.getByLabel('قيمة جديدة لـ المقاس');
    for (const value of SIZES) {
      await size.fill(value);
      await size.press('Enter');
    }
    await page.getByRole('button', { name: 'اضافة خيار' }).click();
    await page.getByLabel('اسم الخيار').nth(1).fill('اللون');
    // Each colour picked is named in Arabic by the form.
    for (const [hex, name] of COLOURS) {
      await page.getByLabel('اللون', { exact: true }).fill(hex);
      await page.getByRole('button', { name: 'اضافة القيمة الى اللون' }).click();
      await page.getByRole('button', { name: `حذف ${name} من اللون` }).waitFor();
    }
    await page.getByRole('heading', { name: 'الانواع: 12 من 12' }).waitFor();
    for (const label of LEFT_OUT) await page.getByRole('button', { name: `استبعاد ${label}` }).click();
    await page.getByRole('heading', { name: 'الانواع: 10 من 12' }).waitFor();

    await page.getByLabel('المخزون لكل الانواع', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'تطبيق على الكل: المخزون لكل الانواع' }).click();
    const blueM = row('المقاس: M، اللون: أزرق');
    await blueM.getByLabel('المخزون').fill('2');
    await blueM.getByLabel('السعر قبل الخصم').fill('400');
    await blueM.getByLabel('السعر بعد الخصم').fill('380');
    await blueM.getByLabel('رمز SKU').fill(`SH-${stamp}-M-BL`);
    await blueM.getByLabel('الصورة').selectOption({ label: 'الصورة 2' });
    await row('المقاس: L، اللون: أسود').getByLabel('المخزون').fill('0');
    await page.getByText('مجموع مخزون الانواع: 42').waitFor();

    // The grid as the owner sees it, wide and on a phone: the same page, narrowed.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await blueM.scrollIntoViewIfNeeded();
      await expectSeen(page, { selector: '#product-variants [role="group"] input' });
      for (const field of ['المخزون', 'السعر قبل الخصم', 'الصورة'])
        expect(await blueM.getByLabel(field).isVisible(), field).toBe(true);
      expect(await screenProblems(page, words)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/variant-form-${width}.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await toast(page, 'تمت الاضافة بنجاح');

    // The shop's API sells exactly the ten kept, each at its stock and price, M in blue with its own photo.
    const found = await shop.api<{ data: { _id: string }[] }>('GET', `/products?keyword=${encodeURIComponent(stamp)}`);
    expect(found.data.data).toHaveLength(1);
    const id = found.data.data[0]._id;
    const { data } = await shop.api<{ data: StoredProduct }>('GET', `/products/${id}`);
    const product = data.data;
    expect(product.options).toEqual([
      { name: 'المقاس', values: SIZES.map((value) => ({ value })) },
      { name: 'اللون', values: COLOURS.map(([hex, value]) => ({ value, hex })) },
    ]);
    expect(product.availableColors).toEqual(COLOURS.map(([hex]) => hex));
    const expected = SIZES.flatMap((s) => COLOURS.map(([, c]) => [s, c]))
      .filter(([s, c]) => !LEFT_OUT.includes(`المقاس: ${s}، اللون: ${c}`))
      .map(([s, c]) => ({
        options: [s, c],
        quantity: s === 'M' && c === 'أزرق' ? 2 : s === 'L' && c === 'أسود' ? 0 : 5,
        price: s === 'M' && c === 'أزرق' ? 400 : 350,
      }));
    expect(product.variants.map(({ options, quantity, price }) => ({ options, quantity, price }))).toEqual(expected);
    const blue = product.variants.find((v) => v.options.join() === 'M,أزرق')!;
    expect(blue).toMatchObject({ priceAfterDiscount: 380, sku: `SH-${stamp}-M-BL`, image: product.images[1] });
    expect(product.quantity).toBe(42);
    expect(product.priceRange).toEqual({ min: 350, max: 380 });

    // The shopper's page of M in blue (a shared link): its price, struck price, stock, SKU and photo; in L, white is
    // no combination and black is sold out.
    // The edit form reads back what was saved: the same grid, the same two left out.
    await page.goto(`/admin/editproduct/${id}`);
    await page.getByRole('heading', { name: 'الانواع: 10 من 12' }).waitFor();
    for (const label of LEFT_OUT) await page.getByRole('button', { name: `ارجاع ${label}` }).waitFor();
    expect(await blueM.getByLabel('المخزون').inputValue()).toBe('2');
    expect(await blueM.getByLabel('السعر قبل الخصم').inputValue()).toBe('400');
    expect(await blueM.getByLabel('السعر بعد الخصم').inputValue()).toBe('380');
    expect(await blueM.getByLabel('الصورة').inputValue()).toBe('1');
    expect(await row('المقاس: L، اللون: أسود').getByLabel('المخزون').inputValue()).toBe('0');

    // One page, looked at on a phone and then wide.
    const { page: shopper, context } = await shop.newPage({ width: 390, height: 844 });
    await shopper.goto(`/products/${id}?variant=${blue._id}`);
    const price = shopper.getByTestId('product-price');
    await expect.poll(() => price.textContent()).toMatch(/380[\s\S]*400|400[\s\S]*380/);
    expect(await shopper.getByTestId('product-sku').textContent()).toBe(`SH-${stamp}-M-BL`);
    expect(await shopper.getByTestId('stock-count').textContent()).toBe('2');
    await expectSeen(shopper, { selector: '[data-testid="product-price"]' });
    const colours = shopper.getByRole('group', { name: 'اللون' });
    await shopper.getByRole('group', { name: 'المقاس' }).getByRole('button', { name: 'L', exact: true }).click();
    await colours.getByRole('button', { name: 'أزرق', exact: true }).waitFor();
    // What a screen reader says of each swatch (the sold-out ones are struck on screen).
    expect(await colours.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.textContent))).toEqual([
      'أسود، نفذت الكمية',
      'أبيض، نفذت الكمية',
      'أزرق',
      'أحمر',
    ]);
    expect(await price.textContent()).toMatch(/^350/);
    for (const width of [390, 1280]) {
      await shopper.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectSeen(shopper, { selector: '[data-testid="variant-option"] button[aria-pressed="true"]' });
      expect(await screenProblems(shopper, words)).toEqual([]);
      if (SHOTS) await shopper.screenshot({ path: `${SHOTS}/variant-product-${width}.png`, fullPage: true });
    }
    await context.close();

    // The owner's list (on the phone) edits one variant's stock; the others stay as they were.
    await page.goto(`/admin/allproducts?keyword=${stamp}`);
    const card = page.locator('article', { has: page.getByRole('heading', { name: title }) });
    await card.getByText('من 350 جنيه').waitFor();
    await card.getByText('المخزون: 42 في 10 انواع').click();
    const stock = card.getByLabel('المقاس: M، اللون: أزرق', { exact: true });
    await stock.fill('7');
    await card.getByRole('button', { name: `حفظ مخزون ${title} (المقاس: M، اللون: أزرق)` }).click();
    await card.getByRole('status').getByText('تم حفظ الكمية').waitFor();
    await card.getByText('المخزون: 47 في 10 انواع').waitFor();
    await expectSeen(page, { selector: 'article details[open] input' });
    expect(await screenProblems(page, words)).toEqual([]);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/variant-list-390.png` });
    const after = (await shop.api<{ data: StoredProduct }>('GET', `/products/${id}`)).data.data;
    expect(after.quantity).toBe(47);
    const stockAfterEdit = expected.map((v) => (v.options.join() === 'M,أزرق' ? 7 : v.quantity));
    expect(after.variants.map((v) => v.quantity)).toEqual(stockAfterEdit);

    // The demo customer orders one M in blue (cash): the owner's order page names the variant and its SKU, and only
    // that variant's stock fell by one.
    const customer = await shop.tokenOf(DEMO_USER);
    await shop.api('DELETE', '/cart', { as: customer });
    const cart = await shop.api<{ data: { _id: string } }>('POST', '/cart', {
      as: customer,
      body: { productId: id, variant: blue._id },
    });
    expect(cart.status).toBe(200);
    const order = await shop.api<{ data: { _id: string } }>('POST', `/orders/${cart.data.data._id}`, {
      as: customer,
      body: {
        shippingAddress: { details: 'شارع التحرير 12', phone: `010${stamp}00`, city: 'القاهرة', postalCode: '' },
      },
    });
    expect(order.status).toBe(201);
    await page.goto(`/admin/orders/${order.data.data._id}`);
    const line = page.locator('main li', { hasText: 'المقاس: M، اللون: أزرق' });
    await line.waitFor();
    expect(await line.textContent()).toContain(`رمز: SH-${stamp}-M-BL`);
    await expectSeen(page, { selector: 'main li img', container: 'li' });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/variant-order-390.png` });
    const sold = (await shop.api<{ data: StoredProduct }>('GET', `/products/${id}`)).data.data;
    expect(sold.variants.map((v) => v.quantity)).toEqual(
      stockAfterEdit.map((q, i) => (expected[i].options.join() === 'M,أزرق' ? q - 1 : q)),
    );
  });
});
