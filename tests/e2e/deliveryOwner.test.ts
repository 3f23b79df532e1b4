import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_USER,
  expectSeen,
  login,
  overflowProblems,
  screenProblems,
  type Shop,
  startShop,
  toast,
} from './harness';

// The owner's side of delivery in Egypt, in Chromium against the real server and the built app: a zone's fee changes
// the quote of its governorates; a cash order to Giza is confirmed from its admin page (the WhatsApp link checked),
// shipped with tracking, and the customer's order page shows both steps; the filtered orders download as CSV with
// Arabic intact. Screenshots at 390 and 1280 px go to OWNER_SHOTS=<dir> when it is set.

const SHOTS = process.env.OWNER_SHOTS;
/** The seeded demo customer's own phone (server/db/seed.ts). */
const CUSTOMER_PHONE = '01012345678';
const DELIVERY_PHONE = '01122334455';

let shop: Shop;
let adminToken: string;
let userToken: string;
let order: { _id: string; id: number; totalOrderPrice: number; shippingPrice: number };

const api = <T>(method: string, url: string, token?: string, body?: unknown) =>
  shop.api<T>(method, url, { as: token, body });

/** The quoted shipping for the demo customer's cart to a governorate. */
const quotedShipping = async (governorate: string) =>
  (await api<{ data: { shippingPrice: number } }>('GET', `/delivery/quote?governorate=${governorate}`, userToken)).data
    .data.shippingPrice;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

beforeAll(async () => {
  shop = await startShop();
  adminToken = await shop.tokenOf(DEMO_ADMIN);
  userToken = await shop.tokenOf(DEMO_USER);
  // One product in the demo customer's cart: the quote prices it.
  const { data: products } = await api<{ data: { _id: string; price: number }[] }>(
    'GET',
    '/products?limit=1&quantity[gte]=3&sort=price',
  );
  await api('DELETE', '/cart', userToken);
  const { status } = await api('POST', '/cart', userToken, { productId: products.data[0]._id });
  expect(status).toBe(200);
});
afterAll(() => shop?.close());

describe('the owner delivers in Egypt, in Chromium', () => {
  it("sets a zone's fee on the zones screen, and the quote for a governorate of it changes", async () => {
    expect(await quotedShipping('EG-ASN')).toBe(85);
    const { page, context } = await shop.newPage({ width: 1280, height: 900 });
    await login(page, DEMO_ADMIN);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'لوحة التحكم' }).getByRole('link', { name: 'مناطق الشحن' }).click();
    await page.waitForURL('**/admin/delivery');
    const south = page.getByRole('article', { name: 'الصعيد' });
    await expect.poll(() => south.textContent()).toContain('أسوان');
    expect(await south.textContent()).toContain('85 جنيه');

    await south.getByRole('button', { name: 'تعديل منطقة الصعيد' }).click();
    const dialog = page.getByRole('dialog', { name: 'تعديل منطقة الصعيد' });
    await dialog.getByLabel('رسوم الشحن (جنيه)').fill('٩٥');
    expect(await dialog.getByRole('checkbox', { name: 'أسوان' }).isChecked()).toBe(true);
    // Giza is in Greater Cairo: the form says so, and it is left there.
    expect(await dialog.locator('.form-check', { hasText: 'الجيزة' }).textContent()).toContain('في القاهرة الكبرى');
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await toast(page, 'تم حفظ منطقة الشحن بنجاح');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => south.textContent()).toContain('95 جنيه');

    expect(await quotedShipping('EG-ASN')).toBe(95);
    expect(await quotedShipping('EG-LX')).toBe(95);
    // Other zones keep their fee.
    expect(await quotedShipping('EG-GZ')).toBe(50);
    await context.close();
  });

  it('the zones and settings screens at 390 and 1280 px: seen, in the window, Arabic only', async () => {
    for (const width of [390, 1280]) {
      const { page, context } = await shop.newPage({ width, height: width === 390 ? 844 : 800 });
      await login(page, DEMO_ADMIN);
      await page.goto('/admin/delivery');
      await page.getByRole('article', { name: 'القاهرة الكبرى' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await screenProblems(page), `zones at ${width} px`).toEqual([]);
      expect(await page.title()).toMatch(/^مناطق الشحن - لوحة التحكم \| متجر$/);
      await expectSeen(page, { selector: 'h1' });
      await expectSeen(page, { selector: '[role="tablist"] [aria-selected="true"]' });
      // The add button and the first zone's name are on the first screen, not pushed out of it.
      await expectSeen(page, { selector: '#delivery-tabs-tabpane-zones .btn-dark' });
      await expectSeen(page, { selector: 'article h3' });
      await shoot(page, `${width}_admin_delivery`);

      await page.getByRole('button', { name: 'اضافة منطقة شحن' }).click();
      const dialog = page.getByRole('dialog', { name: 'اضافة منطقة شحن' });
      await dialog.getByLabel('اسم المنطقة').waitFor();
      await expectSeen(page, { selector: '.modal.show #zone-name' });
      await expectSeen(page, { selector: '.modal.show .modal-footer, .modal.show button[type="submit"]' });
      expect(await overflowProblems(page)).toEqual([]);
      await shoot(page, `${width}_admin_delivery_form`);
      await dialog.getByRole('button', { name: 'تراجع' }).click();

      await page.goto('/admin/settings');
      await page.getByLabel('اسم المتجر').waitFor();
      expect(await page.getByLabel('نسبة ضريبة القيمة المضافة (%)').inputValue()).toBe('14');
      expect(await screenProblems(page), `settings at ${width} px`).toEqual([]);
      await expectSeen(page, { selector: '#settings-shopName' });
      await shoot(page, `${width}_admin_settings`);
      await context.close();
    }
  });

  it('confirms a cash order through its page (WhatsApp link checked), ships it with tracking, and the customer sees both steps', async () => {
    const placed = await api<{ data: typeof order & { shippingAddress: { governorateName?: string } } }>(
      'POST',
      `/orders/${(await api<{ data: { _id: string } }>('GET', '/cart', userToken)).data.data._id}`,
      userToken,
      {
        shippingAddress: {
          details: 'شارع الهرم 20، الدور الثاني',
          phone: DELIVERY_PHONE,
          city: 'الهرم',
          governorate: 'EG-GZ',
          postalCode: '',
        },
      },
    );
    expect(placed.status).toBe(201);
    order = placed.data.data;
    expect(placed.data.data.shippingAddress.governorateName).toBe('الجيزة');

    for (const width of [390, 1280]) {
      const { page, context } = await shop.newPage({ width, height: width === 390 ? 844 : 800 });
      await login(page, DEMO_ADMIN);
      await page.goto(`/admin/orders/${order._id}`);
      await page.getByRole('heading', { name: `تفاصيل الطلب رقم #${order.id}` }).waitFor();
      // Western digits with a comma between thousands, piastres only when there are any (24,053 or 1,250.50).
      const total = new Intl.NumberFormat('en-US', {
        minimumFractionDigits: 2,
        trailingZeroDisplay: 'stripIfInteger',
      } as Intl.NumberFormatOptions).format(order.totalOrderPrice);
      const message = `مرحبًا عميل تجريبي، نؤكد طلبك رقم #${order.id} بإجمالي ${total} ج.م. هل نرسله إلى العنوان المسجل؟`;
      for (const [phone, number] of [
        [CUSTOMER_PHONE, '201012345678'],
        [DELIVERY_PHONE, '201122334455'],
      ]) {
        const link = page.getByRole('link', { name: `تأكيد الطلب عبر واتساب على ${phone}` });
        const href = (await link.getAttribute('href'))!;
        expect(href).toBe(`https://wa.me/${number}?text=${encodeURIComponent(message)}`);
        expect(new URL(href).searchParams.get('text')).toBe(message);
      }
      // The fees as the server stored them.
      const money = await page.locator('dl', { hasText: 'الاجمالي' }).first().innerText();
      expect(money).toMatch(order.shippingPrice ? new RegExp(`الشحن\\s+${order.shippingPrice} جنيه`) : /الشحن\s+مجاني/);
      expect(money).toContain('منها ضريبة القيمة المضافة');
      expect(await screenProblems(page), `order page at ${width} px`).toEqual([]);
      await expectSeen(page, { selector: 'h1' });
      await page.getByRole('button', { name: 'تأكيد الطلب' }).scrollIntoViewIfNeeded();
      await expectSeen(page, { selector: 'button.btn-success' });
      await page.getByRole('link', { name: `تأكيد الطلب عبر واتساب على ${CUSTOMER_PHONE}` }).scrollIntoViewIfNeeded();
      await expectSeen(page, { selector: `a[aria-label="تأكيد الطلب عبر واتساب على ${CUSTOMER_PHONE}"]` });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `${width}_admin_order`);
      await context.close();
    }

    const { page, context } = await shop.newPage({ width: 1280, height: 900 });
    await login(page, DEMO_ADMIN);
    await page.goto(`/admin/orders/${order._id}`);
    await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
    await toast(page, 'تم تأكيد الطلب بنجاح');
    const steps = page.getByRole('list', { name: 'مراحل الطلب' }).getByRole('listitem');
    await expect.poll(() => steps.allInnerTexts()).toContainEqual(expect.stringMatching(/^تم تأكيد الطلب/));

    const form = page.getByRole('form', { name: 'شحن الطلب' });
    await form.getByLabel('شركة الشحن').fill('بوسطة');
    await form.getByLabel('رقم التتبع (اختياري)').fill('BOS-20261126');
    await form.getByLabel('رابط التتبع (اختياري)').fill('https://bosta.co/tracking-shipment/?track_id=BOS-20261126');
    await form.getByRole('button', { name: 'شحن الطلب' }).click();
    await toast(page, 'تم تسجيل شحن الطلب');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => steps.allInnerTexts()).toContainEqual(expect.stringMatching(/^تم الشحن/));
    expect(await page.getByRole('link', { name: /bosta\.co/ }).getAttribute('href')).toBe(
      'https://bosta.co/tracking-shipment/?track_id=BOS-20261126',
    );
    await shoot(page, '1280_admin_order_shipped');
    // The owner's copy of the invoice, to print with the parcel.
    await page.getByRole('link', { name: 'الفاتورة' }).click();
    await page.waitForURL(`**/admin/orders/${order._id}/invoice`);
    const invoice = page.getByTestId('invoice');
    await expect.poll(() => invoice.getByTestId('invoice-number').textContent()).toContain(String(order.id));
    expect(await invoice.innerText()).toContain('شامل ضريبة القيمة المضافة');
    await context.close();

    const stored = await api<{
      data: { isConfirmed: boolean; isShipped: boolean; shipment: { courier: string; trackingNumber: string } };
    }>('GET', `/orders/${order._id}`, adminToken);
    expect(stored.data.data).toMatchObject({
      isConfirmed: true,
      isShipped: true,
      shipment: { courier: 'بوسطة', trackingNumber: 'BOS-20261126' },
    });

    const customer = await shop.newPage();
    await login(customer.page, DEMO_USER);
    await customer.page.goto(`/user/orders/${order._id}`);
    const timeline = customer.page.getByRole('list', { name: 'مراحل الطلب' }).getByRole('listitem');
    await expect
      .poll(async () => (await timeline.allInnerTexts()).map((text) => text.split('\n')[0]))
      .toEqual(expect.arrayContaining(['تم تقديم الطلب', 'تم تأكيد الطلب', 'تم الشحن']));
    await customer.context.close();
  });

  it('downloads the unconfirmed cash orders, then the lines, as CSV files Excel opens in Arabic', async () => {
    const { page, context } = await shop.newPage({ width: 1280, height: 900 });
    await login(page, DEMO_ADMIN);
    await page.goto('/admin/allorders');
    await page.getByRole('article').first().waitFor();
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const files = [
      // A line per order: its delivery address and courier among the Arabic columns.
      { label: 'تصدير الطلبات (CSV)', name: `orders-${date}.csv`, has: ['شارع الهرم 20، الدور الثاني', 'بوسطة'] },
      // A line per order item: the product ordered.
      { label: 'تصدير منتجات الطلبات (CSV)', name: `order-lines-${date}.csv`, has: ['المنتج', 'الكمية'] },
    ];
    for (const { label, name, has } of files) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: label }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      const bytes = await fs.readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.startsWith('رقم الطلب,')).toBe(true);
      expect(text).toMatch(new RegExp(`^${order.id},`, 'm'));
      for (const part of has) expect(text).toContain(part);
    }

    // The filter narrows the list and the files alike: our order is confirmed now, so it is in neither.
    // The switch is the URL's: it shows checked once the page has followed the link it makes.
    const unconfirmed = page.getByRole('checkbox', { name: 'طلبات الدفع عند الاستلام غير المؤكدة' });
    await unconfirmed.click();
    await page.waitForURL('**/admin/allorders?unconfirmed=true');
    await expect.poll(() => unconfirmed.isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: `طلب رقم #${order.id}` }).count()).toBe(0);
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'تصدير الطلبات (CSV)' }).click(),
    ]);
    const filteredText = (await fs.readFile((await filtered.path())!)).toString('utf8');
    expect(filteredText).not.toContain('شارع الهرم 20، الدور الثاني');
    await context.close();
  });
});
