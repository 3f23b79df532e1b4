import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueWords, DEMO_ADMIN, DEMO_USER, login, screenProblems, type Shop, startShop, toast } from './harness';

// The owner's tools end to end, in Chromium against the real server and the built app:
// a brand managed from its list, an order found by phone and delivered, today's order on the dashboard.

const stamp = String(Date.now()).slice(-6);
// A phone only this run's order has: 010 + 8 digits.
const phone = `010${String(Date.now()).slice(-8)}`;
/** Screenshots for people to look at (OWNER_SHOTS=<dir>); they never go into the repository. */
const SHOTS = process.env.OWNER_SHOTS;

let shop: Shop;
let adminPage: Page;
let adminToken: string;
let orderId: string;
let orderNumber: number;
let productId: string;

const api = <T>(method: string, url: string, token?: string, body?: unknown) =>
  shop.api<T>(method, url, { as: token, body });
beforeAll(async () => {
  shop = await startShop();
  adminToken = await shop.tokenOf(DEMO_ADMIN);
  // Today's order: the demo customer orders one product, cash on delivery, to this run's phone.
  const userToken = await shop.tokenOf(DEMO_USER);
  const { data: products } = await api<{ data: { _id: string }[] }>('GET', '/products?limit=1&quantity[gte]=2');
  await api('DELETE', '/cart', userToken);
  productId = products.data[0]._id;
  const { data: cart } = await api<{ data: { _id: string } }>('POST', '/cart', userToken, { productId });
  const { status, data: order } = await api<{ data: { _id: string; id: number } }>(
    'POST',
    `/orders/${cart.data._id}`,
    userToken,
    {
      shippingAddress: { details: 'شارع التحرير 12، الدور الثالث', phone, city: 'القاهرة', postalCode: '' },
    },
  );
  expect(status).toBe(201);
  ({ _id: orderId, id: orderNumber } = order.data);
  ({ page: adminPage } = await shop.newPage({ width: 1280, height: 900 }));
  await login(adminPage, DEMO_ADMIN);
});
afterAll(() => shop?.close());

describe('the owner in Chromium', () => {
  it('manages a brand from the list: renames it, changes its image, deletes it (its product keeps going, without a brand)', async () => {
    const name = `ماركة ${stamp}`;
    const { data: brand } = await api<{ data: { _id: string; image?: string } }>('POST', '/brands', adminToken, {
      name,
    });
    const { data: category } = await api<{ data: { _id: string }[] }>('GET', '/categories?limit=1');
    const { status, data: product } = await api<{ data: { _id: string } }>('POST', '/products', adminToken, {
      title: `منتج الماركة ${stamp}`,
      description: 'وصف',
      quantity: 3,
      price: 50,
      category: category.data[0]._id,
      brand: brand.data._id,
      imageCover: `${shop.baseUrl}/products/missing.webp`,
    });
    expect(status).toBe(201);

    const page = adminPage;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'الماركات' }).click();
    await page.waitForURL('**/admin/brands');
    const card = page.getByRole('article', { name: `الماركة ${name}` });
    await expect.poll(() => card.textContent()).toContain('عدد المنتجات: 1');

    await card.getByRole('button', { name: `تعديل ${name}` }).click();
    const renamed = `${name} الجديدة`;
    await card.getByLabel('الاسم').fill(renamed);
    // Another name search knows the brand by: a Latin spelling no title has.
    await card.getByLabel('اسماء اخرى للبحث').fill(`Zorbex${stamp}`);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#22aa55' } })
      .png()
      .toBuffer();
    await card
      .getByLabel('اختيار صور للخانة 1')
      .setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: png });
    // Brand images are not cropped (SPEC §5): the new picture shows in the slot at once.
    await expect.poll(() => card.locator('img').first().getAttribute('src')).toMatch(/^data:image\//);
    await card.getByRole('button', { name: 'حفظ' }).click();
    await toast(page, 'تم حفظ التعديلات بنجاح');
    const renamedCard = page.getByRole('article', { name: `الماركة ${renamed}` });
    await renamedCard.waitFor();
    const { data: stored } = await api<{ data: { name: string; image?: string } }>('GET', `/brands/${brand.data._id}`);
    expect(stored.data.name).toBe(renamed);
    expect(stored.data.image).toMatch(/\/brands\/.+\.webp$/);
    expect(await renamedCard.locator('img').getAttribute('src')).toBe(stored.data.image);
    expect(await renamedCard.textContent()).toContain(`اسماء اخرى: Zorbex${stamp}`);
    // A shopper who types that name, in small letters, finds the brand's product.
    const shopper = await shop.newPage();
    await shopper.page.goto(`/products?keyword=zorbex${stamp}`);
    await shopper.page.locator('main .product-card', { hasText: `منتج الماركة ${stamp}` }).waitFor();
    await shopper.context.close();

    await renamedCard.getByRole('button', { name: `حذف ${renamed}` }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('بدون ماركة');
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await toast(page, 'تم الحذف بنجاح');
    await renamedCard.waitFor({ state: 'detached' });
    expect((await api('GET', `/brands/${brand.data._id}`)).status).toBe(404);
    const { data: kept } = await api<{ data: { brand?: string } }>('GET', `/products/${product.data._id}`);
    expect(kept.data.brand).toBeUndefined();
  });

  it('says clearly why a category with products cannot be deleted', async () => {
    const page = adminPage;
    await page.goto('/admin/categories');
    const first = page
      .getByRole('article')
      .filter({ hasText: /عدد المنتجات: [1-9]/ })
      .first();
    await first.getByRole('button', { name: /^حذف / }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('لا يمكن حذفه الان');
    // The dialog says why, and offers no delete the server would refuse.
    expect(await confirm.getByRole('button', { name: 'حذف' }).isDisabled()).toBe(true);
  });

  it('finds an order by the delivery phone and marks it delivered', async () => {
    const page = adminPage;
    await page.goto('/admin/allorders');
    const search = page.getByRole('searchbox', { name: /بحث برقم الطلب/ });
    await search.fill(phone);
    await search.press('Enter');
    const card = page.getByRole('article', { name: `طلب رقم #${orderNumber}` });
    await card.waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    expect(await card.textContent()).toContain('شارع التحرير 12');
    expect(await card.textContent()).toContain(phone);
    await card.getByRole('link', { name: `طلب رقم #${orderNumber}` }).click();
    await page.waitForURL(`**/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: 'عنوان التوصيل' }).waitFor();
    await page.getByRole('combobox', { name: 'حالة التوصيل' }).selectOption('true');
    await page.getByRole('button', { name: 'حفظ حالة التوصيل' }).click();
    await toast(page, 'تم تغيير حالة التوصيل بنجاح');
    const { data } = await api<{ data: { isDelivered: boolean } }>('GET', `/orders/${orderId}`, adminToken);
    expect(data.data.isDelivered).toBe(true);
  });

  it("opens the dashboard and sees today's order in the figures, the chart and its table", async () => {
    const { data } = await api<{ data: { periods: { today: { orders: number } } } }>('GET', '/dashboard', adminToken);
    expect(data.data.periods.today.orders).toBeGreaterThanOrEqual(1);
    const page = adminPage;
    await page.goto('/admin');
    const today = page.getByRole('region', { name: 'اليوم' });
    await expect.poll(() => today.textContent()).toContain(`${data.data.periods.today.orders} طلب`);
    await page.getByRole('img', { name: /رسم بياني لقيمة المبيعات اليومية/ }).waitFor();
    await page.getByText('الارقام يوما بيوم').click();
    expect(await page.getByRole('table').locator('tbody tr').count()).toBe(30);
    expect(
      await page
        .getByRole('navigation', { name: 'لوحة التحكم' })
        .getByRole('link', { name: 'الرئيسية' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.getByRole('link', { name: /تنتظر التوصيل/ }).click();
    await page.waitForURL('**/admin/allorders?isDelivered=false&isCancelled=false');
    expect(await page.getByLabel('التوصيل').inputValue()).toBe('false');
  });

  // A test per width: each walks all the screens, which on a busy machine takes a good part of a test's time.
  it.each([390, 1280])(
    'every admin screen at %i px: its own title, no sideways overflow, Arabic only, Western digits, no serious axe finding',
    async (width) => {
      const screens = [
        '/admin',
        '/admin/brands',
        '/admin/categories',
        '/admin/subcategories',
        '/admin/allproducts?stock=low',
        '/admin/allorders',
        `/admin/orders/${orderId}`,
        '/admin/addcoupon',
        '/admin/addproduct',
        `/admin/editproduct/${productId}`,
        '/admin/addbrand',
        '/admin/addcategory',
        '/admin/addsubcategory',
      ];
      if (SHOTS) await fs.mkdir(SHOTS, { recursive: true });
      // Latin words the shop's own data holds (brand names and their other names, SKUs) may show; no other English.
      const words = await catalogueWords(shop);
      const { context, page } = await shop.newPage({ width, height: width === 390 ? 844 : 800 });
      await login(page, DEMO_ADMIN);
      for (const url of screens) {
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await screenProblems(page, words), `${url} at ${width} px`).toEqual([]);
        expect(await page.title(), url).toMatch(/^\S.* \| متجر$/);
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/${width}${url.replace(/[/?=]/g, '_')}.png`, fullPage: true });
      }
      await context.close();
    },
  );
});
