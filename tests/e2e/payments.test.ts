import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, login, startShop, type Shop } from './harness';

// The built-in test-payment page when the web app runs on another origin than the API (FRONTEND_URL unset): Pay sends
// the shopper back to the web app they came from, and the page's own CSP (form-action) lets it. Here the web app is
// opened at http://localhost:<port> while the API and its payment page are 127.0.0.1:<port>.

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
  shop.app.ctx.config.frontendUrl = undefined;
});
afterAll(() => shop?.close());

describe('test-payment page for a web app on another origin', () => {
  it('Pay returns to the web app the shopper came from, with no CSP violation, and the demo notice is shown', async () => {
    const webOrigin = shop.baseUrl.replace('127.0.0.1', 'localhost');
    const { context, page } = await shop.newPage({ width: 1280, height: 800 });
    await page.goto(webOrigin);
    await login(page, DEMO_USER);
    await expect.poll(() => page.getByRole('note').textContent()).toContain('متجر تجريبي');

    // The web app's calls as a browser sends them from its origin to the API's (CORS, as when it is built with
    // VITE_API_URL; here from Node, because the web app's own CSP keeps its pages to their own origin).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const call = async (method: string, url: string, body?: unknown) => {
      const headers = { origin: webOrigin, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const res = await fetch(`${shop.baseUrl}/api/v1${url}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    };
    const products = await call('GET', '/products?limit=1&quantity[gte]=1&price[gte]=100');
    const cart = await call('POST', '/cart', { productId: products.data[0]._id });
    const sessionUrl: string = (await call('POST', `/orders/checkout-session/${cart.data._id}`, {})).session.url;
    expect(new URL(sessionUrl).origin).toBe(shop.baseUrl);

    await page.goto(sessionUrl);
    await page.getByRole('button', { name: 'ادفع الآن' }).click();
    await page.waitForURL(`${webOrigin}/user/allorders`);
    // The harness points image URLs at 127.0.0.1 after the app's policy was built, so on the localhost pages images
    // are refused; those reports are this set-up's, not the payment page's. Its form and redirect must pass.
    expect(
      shop.takeCspViolations().filter((report) => !/Loading the image 'http:\/\/127\.0\.0\.1:\d+\//.test(report)),
    ).toEqual([]);
    await context.close();
  });
});
