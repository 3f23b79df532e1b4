import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cropEachPhoto,
  cropReady,
  DEMO_ADMIN,
  DEMO_USER,
  login,
  pngFile,
  type Shop,
  startShop,
  toast,
} from './harness';

// The admin area end to end, in Chromium against the real server and the built app.

const ADMIN_CHUNK = /\/assets\/admin-[^/]+\.js$/;
const stamp = Date.now().toString(36);
const names = {
  category: `تصنيف ${stamp}`,
  subcategory: `فرعي ${stamp}`,
  brand: `ماركة ${stamp}`,
  product: `منتج تجريبي ${stamp}`,
  coupon: `E2E${stamp}`.toUpperCase(),
};

let shop: Shop;
let adminPage: Page;

const api = <T>(method: string, url: string, token?: string, body?: unknown) =>
  shop.api<T>(method, url, { as: token, body });

/**
 * Does `action` and waits for a new toast saying `text`. The ones already showing are marked first: they may close
 * while the action runs (a slow save outlasts them), so counting toasts could miss the new one.
 */
async function actionToast(page: Page, text: string, action: () => Promise<void>) {
  const toasts = page.locator('.Toastify').getByText(text);
  await toasts.evaluateAll((shown) => shown.forEach((toast) => toast.setAttribute('data-seen-before', '')));
  await action();
  await toasts.and(page.locator(':not([data-seen-before])')).first().waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  shop = await startShop();
  ({ page: adminPage } = await shop.newPage({ width: 1280, height: 900 }));
  await login(adminPage, DEMO_ADMIN);
});
afterAll(() => shop?.close());

describe('admin code stays out of the storefront', () => {
  it('the build has admin chunks, and shoppers on /, /products and /products/:id load none of them', async () => {
    const built = await fs.readdir(path.resolve('dist/assets'));
    expect(built.some((file) => /^admin-.+\.js$/.test(file))).toBe(true);

    const { data } = await api<{ data: { _id: string }[] }>('GET', '/products?limit=1');
    const { context, page } = await shop.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const url of ['/', '/products', `/products/${data.data[0]._id}`]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((script) => ADMIN_CHUNK.test(script))).toEqual([]);
    await context.close();
  });

  it('a customer visiting /admin routes is sent to /login without loading admin code', async () => {
    const { context, page } = await shop.newPage();
    await login(page, DEMO_USER);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const url of ['/admin/allproducts', '/admin/addproduct', '/admin/allorders']) {
      await page.goto(url);
      await page.waitForURL((u) => u.pathname === '/login');
    }
    expect(scripts.filter((script) => ADMIN_CHUNK.test(script))).toEqual([]);
    await context.close();
  });
});

describe('admin journeys', () => {
  let productId = '';

  it('creates a category, a subcategory and a brand with images', async () => {
    const page = adminPage;
    await page.goto('/admin/addcategory');
    await page.getByLabel('اختيار صور للخانة 1').setInputFiles(await pngFile('category.png'));
    await page.getByRole('img', { name: 'الصورة 1' }).waitFor();
    await page.getByLabel('اسم التصنيف').fill(names.category);
    await page.getByRole('button', { name: 'اضافة التصنيف', exact: true }).click();
    await toast(page, 'تمت عملية الاضافة بنجاح');

    await page.goto('/admin/addsubcategory');
    const parent = page.getByLabel('التصنيف الرئيسي');
    await parent.locator('option', { hasText: names.category }).waitFor({ state: 'attached' });
    await parent.selectOption({ label: names.category });
    await page.getByLabel('اسم التصنيف الفرعي').fill(names.subcategory);
    await page.getByRole('button', { name: 'اضافة التصنيف الفرعي' }).click();
    await toast(page, 'تمت عملية الاضافة بنجاح');

    await page.goto('/admin/addbrand');
    await page.getByLabel('اختيار صور للخانة 1').setInputFiles(await pngFile('brand.png', 600, 600, '#cc3366'));
    await page.getByLabel('اسم الماركة').fill(names.brand);
    await page.getByRole('button', { name: 'اضافة الماركة' }).click();
    await toast(page, 'تمت عملية الاضافة بنجاح');

    const categories = await api<{ data: { _id: string; name: string; image?: string }[] }>(
      'GET',
      `/categories?keyword=${encodeURIComponent(stamp)}`,
    );
    expect(categories.data.data.map((c) => c.name)).toContain(names.category);
    expect(categories.data.data[0].image).toMatch(/^http/);
    const brands = await api<{ data: { name: string; image?: string }[] }>(
      'GET',
      `/brands?keyword=${encodeURIComponent(stamp)}`,
    );
    expect(brands.data.data.map((b) => b.name)).toContain(names.brand);
  });

  it('creates a product with two images (each cropped), colours and subcategories, seen in the storefront', async () => {
    const page = adminPage;
    await page.goto('/admin/addproduct');
    await page
      .getByLabel('اختيار صور للخانة 1')
      .setInputFiles([await pngFile('one.png', 1200, 900), await pngFile('two.png', 1000, 800, '#22aa55')]);
    // Each photo goes through the crop dialog in turn.
    await cropEachPhoto(page, 2);

    await page.getByLabel('اسم المنتج').fill(names.product);
    await page.getByLabel('وصف المنتج').fill('وصف منتج من اختبار المتصفح');
    await page.getByLabel('السعر قبل الخصم').fill('١٥٠٠');
    // Above the price: the server refuses the first save.
    await page.getByLabel('السعر بعد الخصم').fill('2000');
    await page.getByLabel('الكمية المتاحة').fill('20');
    const category = page.getByLabel('التصنيف الرئيسي');
    await category.locator('option', { hasText: names.category }).waitFor({ state: 'attached' });
    await category.selectOption({ label: names.category });
    await page.getByRole('checkbox', { name: names.subcategory }).check();
    await page.getByLabel('الماركة').selectOption({ label: names.brand });

    await page.getByRole('button', { name: 'اضافة لون' }).click();
    await page.getByRole('button', { name: 'اضف اللون' }).click();
    await page.getByRole('button', { name: 'اضافة لون' }).click();
    const hex = page.locator('.chrome-picker input').first();
    await hex.fill('#ff0000');
    // Enter in the picker's hex field must not submit the product form: from Enter until Save is pressed, no
    // product is sent and no field is marked refused.
    const sentEarly: string[] = [];
    const watchSaves = (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/products')
        sentEarly.push(request.url());
    };
    page.on('request', watchSaves);
    await hex.press('Enter');
    await page.getByRole('button', { name: 'اضف اللون' }).click();
    await page.getByRole('button', { name: 'حذف اللون أسود' }).waitFor();
    await page.getByRole('button', { name: 'حذف اللون أحمر' }).waitFor();
    page.off('request', watchSaves);
    expect(sentEarly).toEqual([]);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

    // A refused save keeps everything and names the reason beside its field; the second save needs no retyping.
    const refused = 'السعر بعد الخصم يجب ان يكون اقل من السعر قبل الخصم';
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await toast(page, refused);
    const discount = page.getByLabel('السعر بعد الخصم');
    await expect.poll(() => discount.getAttribute('aria-invalid')).toBe('true');
    await page.locator('#product-priceAfterDiscount-error', { hasText: refused }).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByLabel('اسم المنتج').inputValue()).toBe(names.product);
    expect(await page.getByLabel('اسم المنتج').isEnabled()).toBe(true);
    expect(await page.getByRole('img', { name: 'الصورة 2' }).getAttribute('src')).toMatch(/^data:image\/jpeg/);
    await page.getByRole('button', { name: 'حذف اللون أحمر' }).waitFor();
    await discount.fill('1200');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await toast(page, 'تمت الاضافة بنجاح');
    await expect.poll(() => page.getByLabel('اسم المنتج').inputValue()).toBe('');

    const found = await api<{
      data: {
        _id: string;
        images: string[];
        imageCover: string;
        availableColors: string[];
        subcategory: string[];
        price: number;
        priceAfterDiscount?: number;
        brand?: string;
      }[];
    }>('GET', `/products?keyword=${encodeURIComponent(stamp)}`);
    expect(found.data.data).toHaveLength(1);
    const product = found.data.data[0];
    productId = product._id;
    expect(product.images).toHaveLength(2);
    expect(product.availableColors).toEqual(['#000000', '#ff0000']);
    expect(product.subcategory).toHaveLength(1);
    expect(product.price).toBe(1500);
    expect(product.priceAfterDiscount).toBe(1200);

    const { context, page: shopper } = await shop.newPage();
    await shopper.goto(`/products/${productId}`);
    await shopper.getByText(names.product).first().waitFor();
    await context.close();
  });

  it('edits the product, keeping its images', async () => {
    const page = adminPage;
    const before = await api<{ data: { images: string[]; imageCover: string } }>('GET', `/products/${productId}`);
    await page.goto(`/admin/editproduct/${productId}`);
    const title = page.getByLabel('اسم المنتج');
    await expect.poll(() => title.inputValue()).toBe(names.product);
    await page.getByRole('img', { name: 'الصورة 2' }).waitFor();
    await title.fill(`${names.product} معدل`);
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await toast(page, 'تم التعديل بنجاح');
    const after = await api<{ data: { title: string; images: string[]; imageCover: string } }>(
      'GET',
      `/products/${productId}`,
    );
    expect(after.data.data.title).toBe(`${names.product} معدل`);
    expect(after.data.data.images).toEqual(before.data.data.images);
    expect(after.data.data.imageCover).toBe(before.data.data.imageCover);

    // A new second image, then a second save: only the gallery is sent, and the second save works from the
    // images the server answered with (it used to send URLs the first save had deleted).
    await page.getByLabel('اختيار صور للخانة 3').setInputFiles(await pngFile('three.png', 1000, 750, '#aa2255'));
    const dialog = page.getByRole('dialog', { name: 'قص الصورة' });
    await cropReady(dialog);
    await dialog.getByRole('button', { name: 'قص', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await actionToast(page, 'تم التعديل بنجاح', () => page.getByRole('button', { name: 'حفظ التعديلات' }).click());
    const changed = await api<{ data: { images: string[]; imageCover: string } }>('GET', `/products/${productId}`);
    expect(changed.data.data.images).toHaveLength(3);
    expect(changed.data.data.imageCover).toBe(before.data.data.imageCover);
    await expect
      .poll(() => page.getByRole('img', { name: 'الصورة 3' }).getAttribute('src'))
      .toBe(changed.data.data.images[2]);

    await page.getByLabel('الكمية المتاحة').fill('25');
    await actionToast(page, 'تم التعديل بنجاح', () => page.getByRole('button', { name: 'حفظ التعديلات' }).click());
    const again = await api<{ data: { images: string[]; quantity: number } }>('GET', `/products/${productId}`);
    expect(again.data.data.quantity).toBe(25);
    expect(again.data.data.images).toEqual(changed.data.data.images);
    for (const url of again.data.data.images) expect((await fetch(url)).status).toBe(200);
  });

  it('at 1280×800 keeps the Crop button of a tall image on screen, refuses a text file named .png, and opens the colour picker at 652 px under its button', async () => {
    const { context, page } = await shop.newPage({ width: 1280, height: 800 });
    await login(page, DEMO_ADMIN);
    await page.goto('/admin/addproduct');
    await page
      .getByLabel('اختيار صور للخانة 1')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await toast(page, 'يمكن رفع ملفات الصور فقط');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('img', { name: 'الصورة 1' }).count()).toBe(0);

    await page.getByLabel('اختيار صور للخانة 1').setInputFiles(await pngFile('tall.png', 900, 2400, '#558822'));
    const dialog = page.getByRole('dialog', { name: 'قص الصورة' });
    await cropReady(dialog);
    const crop = await dialog.getByRole('button', { name: 'قص', exact: true }).boundingBox();
    expect(crop!.y + crop!.height).toBeLessThanOrEqual(800);
    await dialog.getByRole('button', { name: 'قص', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const add = page.getByRole('button', { name: 'اضافة لون' });
    const button = await add.boundingBox();
    await add.click();
    const picker = await page.locator('.chrome-picker').boundingBox();
    expect(Math.round(picker!.width)).toBe(652);
    // Right to left: the picker starts (on the right) where its button does.
    expect(Math.abs(picker!.x + picker!.width - (button!.x + button!.width))).toBeLessThan(4);
    await context.close();
  });

  it('creates, edits and deletes a coupon', async () => {
    const page = adminPage;
    await page.goto('/admin/addcoupon');
    await page.getByLabel('اسم الكوبون').fill(names.coupon);
    const date = page.getByLabel('تاريخ الانتهاء');
    expect(await date.getAttribute('type')).toBe('text');
    await date.click();
    expect(await date.getAttribute('type')).toBe('date');
    await date.fill('2031-04-10');
    await page.getByLabel('نسبة الخصم (%)').fill('15');
    await page.getByRole('button', { name: 'اضافة كوبون' }).click();
    await toast(page, 'تم اضافة الكوبون بنجاح');
    const card = page.locator('article', { hasText: `اسم الكوبون: ${names.coupon}` });
    await card.waitFor();
    await card.getByText('نسبة الخصم: 15%').waitFor();

    await card.getByRole('link', { name: `تعديل الكوبون ${names.coupon}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/editcoupon/'));
    const discount = page.getByLabel('نسبة الخصم (%)');
    await expect.poll(() => discount.inputValue()).toBe('15');
    await discount.fill('30');
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await toast(page, 'تم تعديل الكوبون بنجاح');
    await page.waitForURL((url) => url.pathname === '/admin/addcoupon');
    await card.getByText('نسبة الخصم: 30%').waitFor();

    await card.getByRole('button', { name: `حذف الكوبون ${names.coupon}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
    await toast(page, 'تم حذف الكوبون بنجاح');
    await card.waitFor({ state: 'detached' });
  });

  it("opens a shopper's order and marks it paid and delivered", async () => {
    const token = await shop.tokenOf(DEMO_USER);
    await api('DELETE', '/cart', token);
    expect((await api('POST', '/cart', token, { productId, color: '#ff0000' })).status).toBe(200);
    const cart = await api<{ data: { _id: string } }>('GET', '/cart', token);
    const created = await api<{ data: { _id: string; id: number } }>('POST', `/orders/${cart.data.data._id}`, token, {
      shippingAddress: { details: 'المنزل', phone: '01012345678', city: '', postalCode: '' },
    });
    expect(created.status).toBe(201);
    const order = created.data.data;

    const page = adminPage;
    await page.goto('/admin/allorders');
    const card = page.getByRole('article', { name: `طلب رقم #${order.id}` });
    await card.waitFor();
    await card.getByText(DEMO_USER.email).waitFor();
    await card.getByRole('link', { name: `طلب رقم #${order.id}` }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order._id}`);
    await page.getByRole('link', { name: `${names.product} معدل` }).waitFor();

    const paid = page.getByLabel('حالة الدفع', { exact: true });
    expect(await paid.inputValue()).toBe('false');
    expect(await page.getByRole('button', { name: 'حفظ حالة الدفع' }).isDisabled()).toBe(true);
    await paid.selectOption('true');
    await page.getByRole('button', { name: 'حفظ حالة الدفع' }).click();
    await toast(page, 'تم تغيير حالة الدفع بنجاح');
    // Done: the select shows "yes" and nothing more can be sent.
    await expect.poll(() => paid.isDisabled()).toBe(true);
    expect(await paid.inputValue()).toBe('true');
    expect(await page.getByRole('button', { name: 'حفظ حالة الدفع' }).isDisabled()).toBe(true);
    await page.getByLabel('حالة التوصيل', { exact: true }).selectOption('true');
    await page.getByRole('button', { name: 'حفظ حالة التوصيل' }).click();
    await toast(page, 'تم تغيير حالة التوصيل بنجاح');
    // Once fetched again, the order's state badges say both.
    await page.locator('.badge', { hasText: /^تم الدفع$/ }).waitFor();
    await page.locator('.badge', { hasText: /^تم التوصيل$/ }).waitFor();
    expect(await page.getByLabel('حالة التوصيل', { exact: true }).isDisabled()).toBe(true);
    // The detail page is in the orders section of the menu.
    expect(
      await page
        .getByRole('navigation', { name: 'لوحة التحكم' })
        .getByRole('link', { name: 'ادارة الطلبات' })
        .getAttribute('class'),
    ).toContain('active');

    const adminToken = await shop.tokenOf(DEMO_ADMIN);
    const after = await api<{ data: { isPaid: boolean; isDelivered: boolean } }>(
      'GET',
      `/orders/${order._id}`,
      adminToken,
    );
    expect(after.data.data).toMatchObject({ isPaid: true, isDelivered: true });
  });
});
