import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, login, startShop, type Shop } from './harness';

// Sessions end to end, in Chromium against the real server and the built app: a token
// revoked by a password change in another browser ends the session there with a message, not with failing pages.

const EXPIRED = 'انتهت الجلسة، سجل الدخول من جديد';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

describe('session journeys in Chromium', () => {
  it('logs out the other browser with a message once the password was changed elsewhere', async () => {
    const first = await shop.newPage({ width: 1280, height: 800 });
    const second = await shop.newPage({ width: 390, height: 844 });
    await login(first.page, DEMO_USER);
    await login(second.page, DEMO_USER);
    await second.page.goto('/user/allorders');
    await second.page.getByRole('heading', { name: 'ادارة الطلبات' }).waitFor();

    // The password changes in the first browser.
    await first.page.goto('/user/profile');
    await first.page.getByLabel('كلمة السر الحالية').fill(DEMO_USER.password);
    await first.page.getByLabel('كلمة السر الجديدة', { exact: true }).fill('Changed123');
    await first.page.getByLabel('تأكيد كلمة السر الجديدة').fill('Changed123');
    await first.page.getByRole('button', { name: 'حفظ كلمة السر' }).click();
    await first.page.waitForURL((url) => url.pathname === '/login');

    // The second browser still shows the name, until its next call to the server.
    await second.page.goto('/user/allorders');
    await second.page.locator('.Toastify').getByText(EXPIRED).first().waitFor();
    await second.page.waitForURL((url) => url.pathname === '/login');
    expect(await second.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The top bar offers the login link again (inside the phone menu at this width).
    await second.page.locator('nav.navbar a[href="/login"]').first().waitFor({ state: 'attached' });
    expect(await second.page.getByText('تعذر تحميل البيانات').count()).toBe(0);
    // Said once, although the orders and the cart badge both answered 401.
    await second.page.waitForTimeout(500);
    expect(await second.page.locator('.Toastify').getByText(EXPIRED).count()).toBe(1);

    await login(second.page, { email: DEMO_USER.email, password: 'Changed123' });
    await second.page.goto('/user/allorders');
    await second.page.getByRole('heading', { name: 'ادارة الطلبات' }).waitFor();
    expect(await second.page.locator('.Toastify').getByText(EXPIRED).count()).toBe(0);
    await first.context.close();
    await second.context.close();
  });

  it('a visitor and a wrong login never see the session message', async () => {
    const { context, page } = await shop.newPage();
    await page.goto('/cart');
    await page.getByText('قم بتسجيل الدخول اولا لعرض عربة التسوق').waitFor();
    await page.goto('/login');
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(DEMO_USER.email);
    await page.getByLabel('كلمة السر', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.locator('.Toastify').getByText('كلمة السر او الايميل خطأ').first().waitFor();
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    await context.close();
  });
});
