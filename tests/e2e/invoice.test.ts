import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePayment, DEMO_USER, expectSeen, login, screenProblems, type Shop, startShop } from './harness';
import { pdfRuns, pdfShows } from './pdfText';

// The customer's invoice in Chromium against the real server and the built app: a cash
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

/** A call to the real API as the shopper logged in on `page`. */
const api = <T>(method: string, url: string, body?: unknown) => shop.api<T>(method, url, { as: page, body });

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
      "SELECT id FROM products WHERE options = '[]'::jsonb AND quantity > 5 AND coalesce(array_length(available_colors, 1), 0) = 0 ORDER BY title LIMIT 1",
    ))!;
    expect((await api('POST', '/addresses', address)).status).toBe(200);
    expect((await api('POST', '/cart', { productId: product.id })).status).toBe(200);
    await choosePayment(page, address.alias);
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

  it('a card order paid on the test page prints too: paid by card, with its shipping and the VAT it includes', async () => {
    const product = (await shop.app.ctx.db.one<{ id: string }>(
      "SELECT id FROM products WHERE options = '[]'::jsonb AND quantity > 5 AND coalesce(array_length(available_colors, 1), 0) = 0 ORDER BY title LIMIT 1",
    ))!;
    const { data: cart } = await api<{ data: { _id: string } }>('POST', '/cart', { productId: product.id });
    const { data: opened } = await api<{ session: { url: string } }>(
      'POST',
      `/orders/checkout-session/${cart.data._id}`,
      { shippingAddress: { ...address, governorate: 'EG-GZ' } },
    );
    await page.goto(opened.session.url);
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await page.waitForURL((url) => url.pathname === '/user/allorders');
    const { data } = await api<{ data: { _id: string; shippingPrice: number; taxPrice: number }[] }>(
      'GET',
      '/orders?limit=1',
    );
    // Giza is in the demo shop's Greater Cairo zone: 50 EGP, unless the items reach 1,500.
    expect([0, 50]).toContain(data.data[0].shippingPrice);
    expect(data.data[0].taxPrice).toBeGreaterThan(0);

    await page.goto(`/user/orders/${data.data[0]._id}/invoice`);
    await page.getByTestId('invoice-total').waitFor();
    await page.waitForLoadState('networkidle');
    const texts = await invoiceTexts(page);
    expect(texts).toEqual(expect.arrayContaining(['طريقة الدفع: بطاقة ائتمانية', 'شامل ضريبة القيمة المضافة']));
    const pages = pdfRuns(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(texts.filter((text) => !pdfShows(pages[0], text))).toEqual([]);
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
      expect(await screenProblems(on), `invoice at ${width} px`).toEqual([]);
      const screenshot = await on.screenshot({ fullPage: true });
      expect(screenshot.byteLength).toBeGreaterThan(0);
      if (screenshots) await fs.writeFile(path.join(screenshots, `invoice-${width}.png`), screenshot);
    } finally {
      await wide.close();
    }
  });
});

describe('delivering in Egypt, as the shopper sees it', () => {
  const giza = {
    alias: 'الشغل',
    governorate: 'الجيزة',
    city: 'الدقي',
    details: 'شارع التحرير 5',
    phone: '01123456789',
  };
  const aswan = {
    alias: 'بيت العائلة',
    governorate: 'EG-ASN',
    city: 'كوم امبو',
    details: 'شارع النيل، بجوار المسجد الكبير',
    phone: '01012345678',
  };
  /** Pounds of an amount as the shop prints it ('1,099.50 جنيه'). */
  const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  let product: { id: string; price: number };
  let orderId = '';

  it('adds an address in Giza with the governorate select; Giza and Aswan cost different shipping on the pay page', async () => {
    // Below the demo zones' free-shipping thresholds, so both pay shipping.
    product = (await shop.app.ctx.db.one<{ id: string; price: number }>(
      `SELECT id, coalesce(nullif(price_after_discount, 0), price) / 100.0 AS price FROM products
       WHERE options = '[]'::jsonb AND quantity > 5 AND coalesce(array_length(available_colors, 1), 0) = 0
         AND coalesce(nullif(price_after_discount, 0), price) < 100000 ORDER BY price LIMIT 1`,
    ))!;
    product.price = Number(product.price);
    await page.goto('/user/add-address');
    await page.getByLabel('تسمية العنوان').fill(giza.alias);
    // الدقي is in Giza: chosen with Cairo, the server refuses and the shopper reads why, in view, and stays.
    await page.getByLabel('المحافظة').selectOption({ label: 'القاهرة' });
    await page.getByLabel('المدينة / المنطقة').fill(giza.city);
    await page.getByLabel('العنوان بالتفصيل').fill(giza.details);
    await page.getByLabel('رقم الهاتف').fill(giza.phone);
    await page.getByRole('button', { name: 'اضافة عنوان' }).click();
    await page.getByText('المدينة «الدقي» في محافظة الجيزة وليست في محافظة القاهرة').waitFor();
    await expectSeen(page, { selector: '.Toastify__toast' });
    expect(new URL(page.url()).pathname).toBe('/user/add-address');
    await page.getByLabel('المحافظة').selectOption({ label: giza.governorate });
    await page.getByRole('button', { name: 'اضافة عنوان' }).click();
    await page.waitForURL((url) => url.pathname === '/user/addresses');
    await page.getByRole('listitem', { name: giza.alias }).getByText('الدقي، الجيزة').waitFor();
    expect((await api('POST', '/addresses', aswan)).status).toBe(200);
    expect((await api('POST', '/cart', { productId: product.id })).status).toBe(200);

    await page.goto('/order/paymethoud');
    // Cash, the method of this shopper's order above, is still chosen: its fee is in every total below.
    await expect.poll(() => page.getByRole('radio', { name: 'الدفع عند الاستلام' }).isChecked()).toBe(true);
    const select = page.getByLabel('عنوان الشحن');
    await select.locator('option', { hasText: aswan.alias }).waitFor({ state: 'attached' });
    await select.selectOption({ label: giza.alias });
    await expect.poll(() => page.getByTestId('shipping-price').innerText()).toBe('50 جنيه');
    // Giza's zone sets no cash fee of its own: the shop's (10 EGP) applies.
    await expect.poll(() => page.getByTestId('cash-fee').innerText()).toBe('10 جنيه');
    expect(amountOf(await page.getByTestId('payable').innerText())).toBeCloseTo(product.price + 50 + 10, 2);
    await select.selectOption({ label: aswan.alias });
    await page.getByTestId('chosen-address').getByText('كوم امبو، أسوان').waitFor();
    await expect.poll(() => page.getByTestId('shipping-price').innerText()).toBe('85 جنيه');
    await expect.poll(() => page.getByTestId('cash-fee').innerText()).toBe('15 جنيه');
    expect(amountOf(await page.getByTestId('payable').innerText())).toBeCloseTo(product.price + 85 + 15, 2);
    await page.getByTestId('vat').waitFor();
  });

  it('orders cash to Aswan, seeing its cash fee first; the order stores shipping, cash fee and VAT', async () => {
    await page.getByRole('radio', { name: 'الدفع عند الاستلام' }).check();
    await expect.poll(() => page.getByTestId('cash-fee').innerText()).toBe('15 جنيه');
    const total = amountOf(await page.getByTestId('payable').innerText());
    expect(total).toBeCloseTo(product.price + 85 + 15, 2);
    const vat = amountOf(await page.getByTestId('vat').innerText());
    expect(vat).toBeCloseTo(Math.round((total * 14 * 100) / 114) / 100, 2);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'pay-aswan-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await page.waitForURL((url) => url.pathname === '/user/allorders');

    const { data } = await api<{
      data: {
        _id: string;
        shippingPrice: number;
        cashFee: number;
        taxPrice: number;
        totalOrderPrice: number;
        shippingAddress: { governorate: string; governorateName: string };
      }[];
    }>('GET', '/orders?limit=1');
    const order = data.data[0];
    expect(order).toMatchObject({ shippingPrice: 85, cashFee: 15, totalOrderPrice: total, taxPrice: vat });
    expect(order.shippingAddress).toMatchObject({ governorate: 'EG-ASN', governorateName: 'أسوان' });
    orderId = order._id;
  });

  it('shows the fees, the VAT and the governorate on the order page, then confirmed and shipped with tracking', async () => {
    await page.goto(`/user/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('order-shipping').innerText()).toBe('85 جنيه');
    expect(await page.getByTestId('order-cash-fee').innerText()).toBe('15 جنيه');
    await page.getByTestId('order-vat').waitFor();
    await page.locator('address').getByText('كوم امبو، أسوان').waitFor();

    // The owner confirms by phone and ships with a courier.
    const staff = await fetch(`${shop.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@shop.local', password: 'Admin1234' }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const asStaff = (url: string, body?: unknown) =>
      fetch(`${shop.baseUrl}/api/v1/orders/${orderId}/${url}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    expect((await asStaff('confirm')).status).toBe(200);
    const shipment = {
      courier: 'بوسطة',
      trackingNumber: 'BST-889123',
      trackingUrl: 'https://bosta.co/tracking/889123',
    };
    expect((await asStaff('ship', shipment)).status).toBe(200);

    await page.reload();
    const steps = page.getByRole('list', { name: 'مراحل الطلب' }).getByRole('listitem');
    await expect.poll(() => steps.count()).toBeGreaterThan(3);
    const texts = await steps.allInnerTexts();
    expect(texts.map((text) => text.split('\n')[0])).toEqual([
      'تم تقديم الطلب',
      'تم تأكيد الطلب',
      'تم الشحن',
      'تم الدفع',
      'تم التوصيل',
    ]);
    expect(texts[2]).toContain('شركة الشحن: بوسطة');
    expect(texts[2]).toContain('رقم التتبع: BST-889123');
    const tracking = steps.nth(2).getByRole('link', { name: 'تتبع الشحنة' });
    expect(await tracking.getAttribute('href')).toBe(shipment.trackingUrl);
    expect(await tracking.getAttribute('target')).toBe('_blank');
    expect(await tracking.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.getByRole('button', { name: 'الغاء الطلب' }).count()).toBe(0);
  });

  it("prints the order's invoice with Aswan, the shipping, the cash fee and the VAT included, Arabic intact", async () => {
    await page.getByRole('link', { name: 'الفاتورة' }).click();
    await page.getByTestId('invoice-vat').waitFor();
    await page.waitForLoadState('networkidle');
    const texts = await invoiceTexts(page);
    expect(texts).toEqual(
      expect.arrayContaining([
        'الرقم الضريبي: 100-200-300',
        'كوم امبو، أسوان',
        'الشحن',
        '85 جنيه',
        'رسوم الدفع عند الاستلام',
        '15 جنيه',
        'شامل ضريبة القيمة المضافة',
      ]),
    );
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    if (screenshots) await fs.writeFile(path.join(screenshots, 'invoice-aswan.pdf'), pdf);
    const [first] = pdfRuns(pdf);
    expect(texts.filter((text) => !pdfShows(first, text))).toEqual([]);
  });
});
