import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaymob, type FakePaymob } from '../fakePaymob';
import { DEMO_ADMIN, DEMO_USER, login, type Shop, startShop } from './harness';

// Paying through Paymob end to end, in Chromium against the real server and the built app, with the fake Paymob of
// tests/fakePaymob.ts standing in for Paymob's unified checkout: it posts the signed transaction callback to the shop
// and sends the browser back with its signed redirect, as Paymob does. The journeys share one logged-in shopper and run
// in order: card → wallet → declined → staff refund.

let shop: Shop;
let fake: FakePaymob;
let context: BrowserContext;
let page: Page;
const address = { alias: 'شقة المعادي', details: 'المعادي، شارع 9، عمارة 4', phone: '01098765432', city: 'القاهرة' };

/** A call to the real API as the shopper logged in on `page`. */
const api = <T>(method: string, url: string, body?: unknown) => shop.api<T>(method, url, { as: page, body });

/** Seen by a person: visible, and wholly inside the window without scrolling. */
async function expectInView(locator: Locator) {
  await locator.waitFor({ state: 'visible' });
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    )
    .toBe(true);
}

/** Puts one product of at least 100 EGP in the cart and opens the pay page with the saved address chosen. */
async function toPayPage() {
  const product = await shop.app.ctx.db.one<{ id: string }>(
    "SELECT id FROM products WHERE options = '[]'::jsonb AND quantity > 5 AND price >= 100 AND coalesce(array_length(available_colors, 1), 0) = 0 ORDER BY title LIMIT 1",
  );
  expect((await api('POST', '/cart', { productId: product!.id })).status).toBe(200);
  await page.goto('/order/paymethoud');
  const select = page.getByLabel('عنوان الشحن');
  await select.locator('option', { hasText: address.alias }).waitFor({ state: 'attached' });
  await select.selectOption({ label: address.alias });
}

/** On the fake checkout (Paymob's page, same tab): the method it was opened for, then Pay or Decline. */
async function atCheckout(method: string, button: 'Pay' | 'Decline') {
  await page.waitForURL((url) => url.origin === fake.url && url.pathname === '/unifiedcheckout/');
  expect(await page.locator('#method').innerText()).toBe(method);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Back on the shop's order page after a payment: it says the payment went through and shows the order paid. */
async function seesPaidOrder() {
  await page.waitForURL((url) => /^\/user\/orders\/[0-9a-f-]+$/.test(url.pathname) && url.search === '?payment=paid');
  await expectInView(page.getByText('تم الدفع بنجاح، شكراً لك! طلبك الآن قيد التجهيز.'));
  await expectInView(page.getByTestId('order-status'));
  expect(await page.getByTestId('order-status').innerText()).toBe('تم الدفع');
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

beforeAll(async () => {
  fake = await startFakePaymob();
  shop = await startShop({ paymob: fake.settings });
  ({ context, page } = await shop.newPage());
  await login(page, DEMO_USER);
  expect((await api('POST', '/addresses', address)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await shop?.close();
  await fake?.close();
});

describe('paying through Paymob', () => {
  let paidOrderId = '';

  it('card: Paymob checkout in the same tab, Pay, and the shopper is back on the order, paid', async () => {
    await toPayPage();
    await page.getByRole('radio', { name: 'بطاقة بنكية' }).check();
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await atCheckout('card', 'Pay');
    paidOrderId = await seesPaidOrder();
    const { data } = await api<{ data: { isPaid: boolean; paymentMethodType: string } }>(
      'GET',
      `/orders/${paidOrderId}`,
    );
    expect(data.data).toMatchObject({ isPaid: true, paymentMethodType: 'card' });
    // The callback was accepted; the cart was used up.
    expect(fake.callbackAnswers).toEqual([200]);
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('0');
  });

  it('wallet: the wallet number goes to Paymob, and the paid order is shown', async () => {
    await toPayPage();
    await page.getByRole('radio', { name: 'محفظة الهاتف' }).check();
    await page.getByLabel('رقم المحفظة').fill('01055556666');
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await atCheckout('wallet', 'Pay');
    await seesPaidOrder();
    expect(fake.intentions.at(-1)!.body.billing_data.phone_number).toBe('01055556666');
  });

  it('declined: back on the pay page with a clear Arabic message, nothing ordered, the cart kept to try again', async () => {
    const before = (await api<{ results: number }>('GET', '/orders?limit=1')).data.results;
    await toPayPage();
    await page.getByRole('radio', { name: 'بطاقة بنكية' }).check();
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await atCheckout('card', 'Decline');
    await page.waitForURL((url) => url.pathname === '/order/paymethoud' && url.search === '?payment=declined');
    await expectInView(
      page.getByText('لم تتم عملية الدفع ولم يُخصم أي مبلغ: رفض البنك أو المحفظة العملية.', { exact: false }),
    );
    // The shop came back as a new page load: the address and the method chosen before are still chosen.
    await expect.poll(() => page.getByRole('radio', { name: 'بطاقة بنكية' }).isChecked()).toBe(true);
    await expect
      .poll(() =>
        page.getByLabel('عنوان الشحن').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
      )
      .toBe(address.alias);
    // The way to try again: on a phone the page's fees may put it below the message, a scroll away.
    const payAgain = page.getByRole('button', { name: 'اتمام الشراء' });
    await payAgain.scrollIntoViewIfNeeded();
    await expectInView(payAgain);
    expect(await payAgain.isEnabled()).toBe(true);
    expect((await api<{ results: number }>('GET', '/orders?limit=1')).data.results).toBe(before);
    expect((await api<{ numOfCartItems: number }>('GET', '/cart')).data.numOfCartItems).toBe(1);
  });

  it('staff refund the paid card order from its admin page; the customer sees the refund on their order page', async () => {
    const staff = await shop.newPage({ width: 1280, height: 900 });
    await login(staff.page, DEMO_ADMIN);
    await staff.page.goto(`/admin/orders/${paidOrderId}`);
    const refund = staff.page.getByRole('button', { name: 'استرداد المبلغ' });
    await refund.scrollIntoViewIfNeeded();
    await expectInView(refund);
    await refund.click();
    const dialog = staff.page.getByRole('dialog');
    await expectInView(dialog.getByText('سيُرد المبلغ كاملاً', { exact: false }));
    await dialog.getByRole('button', { name: 'استرداد المبلغ' }).click();
    await expectInView(staff.page.locator('.Toastify').getByText('تم استرداد المبلغ وإلغاء الطلب'));
    await expect.poll(() => staff.page.getByRole('button', { name: 'استرداد المبلغ' }).count()).toBe(0);
    expect(fake.refunds).toHaveLength(1);
    await staff.context.close();

    await page.goto(`/user/orders/${paidOrderId}`);
    await expectInView(page.getByTestId('order-status'));
    await expect.poll(() => page.getByTestId('order-status').innerText()).toBe('تم استرداد المبلغ');
    await expectInView(page.getByTestId('refund-notice'));
    expect(await page.getByTestId('refund-notice').innerText()).toContain('رددنا المبلغ المدفوع كاملاً');
    const refunded = page.getByRole('list', { name: 'مراحل الطلب' }).getByText('تم استرداد المبلغ');
    await refunded.scrollIntoViewIfNeeded();
    await expectInView(refunded);
    await expect.poll(async () => (await shop.latestMail(DEMO_USER.email))?.subject).toMatch(/^تم استرداد مبلغ طلبك/);
  });
});
