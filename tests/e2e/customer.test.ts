import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, expectSeen, login, MAIN_IMAGES, productCards, type Shop, startShop, toast } from './harness';

// The customer area end to end, in Chromium against the real server and the built app.
// The journeys share one logged-in shopper and run in order: cart → coupon → address → cash order → card order →
// favourites → profile → password (last, because it changes the demo user's password).

let shop: Shop;
let context: BrowserContext;
let page: Page;

interface CartAnswer {
  numOfCartItems: number;
  data: {
    _id?: string;
    totalCartPrice: number;
    totalAfterDiscount?: number;
    coupon?: string;
    products: { _id: string; count: number; color: string; product: { _id: string; title: string } }[];
  };
}
/** What the cart costs delivered to Cairo (GET /delivery/quote), by cash and online. */
interface QuoteAnswer {
  data: { totalCash: number; totalOnline: number };
}
interface OrderAnswer {
  _id: string;
  id: number;
  paymentMethodType: string;
  isPaid: boolean;
  totalOrderPrice: number;
}

/** A call to the real API as the shopper logged in on `page`. */
const api = <T>(method: string, url: string, body?: unknown) => shop.api<T>(method, url, { as: page, body });

/** The amount in a text such as '1,234.5 جنيه'. */
const amountOf = (text: string) => Number(text.replace(/٫/g, '.').replace(/[^\d.]/g, ''));

/** Adds a product from its details page, choosing the first colour when it has colours. */
async function addToCart(productId: string, withColour: boolean) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectSeen(page, MAIN_IMAGES.productPhoto);
  if (withColour) {
    await page.locator('label.color-choice').first().click();
    await expect.poll(() => page.getByRole('radio', { name: /اللون/ }).first().isChecked()).toBe(true);
  }
  await page.getByRole('button', { name: 'اضف للعربة' }).click();
  await toast(page, 'تمت اضافة المنتج للعربه بنجاح');
}

async function productIds() {
  const coloured = await shop.app.ctx.db.one<{ id: string; title: string }>(
    "SELECT id, title FROM products WHERE options = '[]'::jsonb AND array_length(available_colors, 1) > 0 AND quantity > 5 ORDER BY title LIMIT 1",
  );
  const plain = await shop.app.ctx.db.one<{ id: string; title: string }>(
    "SELECT id, title FROM products WHERE options = '[]'::jsonb AND coalesce(array_length(available_colors, 1), 0) = 0 AND quantity > 5 ORDER BY title LIMIT 1",
  );
  return { coloured: coloured!, plain: plain! };
}

async function chooseAddressAndPay(alias: string, method: 'الدفع عند الاستلام' | 'الدفع عن طريق البطاقة الائتمانية') {
  await page.goto('/order/paymethoud');
  const select = page.getByLabel('عنوان الشحن');
  await select.locator('option', { hasText: alias }).waitFor({ state: 'attached' });
  await select.selectOption({ label: alias });
  await page.getByRole('radio', { name: method }).check();
}

beforeAll(async () => {
  shop = await startShop();
  ({ context, page } = await shop.newPage({ width: 1280, height: 900 }));
  await login(page, DEMO_USER);
});
afterAll(() => shop?.close());

describe('customer journeys in Chromium', () => {
  const alias = 'البيت';

  it('fills the cart, changes a count and applies SALE10, with the total the server computed', async () => {
    const { coloured, plain } = await productIds();
    await addToCart(coloured.id, true);
    await addToCart(plain.id, false);
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('2');

    await page.goto('/cart');
    const plainLine = page.getByRole('listitem', { name: plain.title });
    await plainLine.waitFor();
    await page.getByRole('listitem', { name: coloured.title }).getByText('اللون:').waitFor();
    await plainLine.getByLabel('الكمية').fill('3');
    await plainLine.getByLabel('الكمية').blur();
    await expect
      .poll(
        async () =>
          (await api<CartAnswer>('GET', '/cart')).data.data.products.find((l) => l.product._id === plain.id)?.count,
      )
      .toBe(3);
    const beforeCoupon = (await api<CartAnswer>('GET', '/cart')).data.data.totalCartPrice;
    await expect.poll(async () => amountOf(await page.getByTestId('cart-total').innerText())).toBe(beforeCoupon);

    await page.getByLabel('كود الخصم').fill('SALE10');
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await toast(page, 'تم تطبيق الكوبون بنجاح');
    const { data: cart } = await api<CartAnswer>('GET', '/cart');
    expect(cart.data.coupon).toBe('SALE10');
    expect(cart.data.totalAfterDiscount).toBeCloseTo(cart.data.totalCartPrice * 0.9, 2);
    const afterDiscount = page.getByTestId('cart-total-after-discount');
    await expect.poll(async () => amountOf(await afterDiscount.innerText())).toBe(cart.data.totalAfterDiscount);
    expect(await afterDiscount.innerText()).toContain('جنيه');
    expect(amountOf(await page.getByTestId('cart-total').innerText())).toBe(cart.data.totalCartPrice);

    // The coupon stays through a count change, and its discount follows the new total (API.md §6.3).
    await plainLine.getByLabel('الكمية').fill('2');
    await plainLine.getByLabel('الكمية').blur();
    await expect
      .poll(
        async () =>
          (await api<CartAnswer>('GET', '/cart')).data.data.products.find((l) => l.product._id === plain.id)?.count,
      )
      .toBe(2);
    const { data: changed } = await api<CartAnswer>('GET', '/cart');
    expect(changed.data.coupon).toBe('SALE10');
    expect(changed.data.totalCartPrice).toBeLessThan(cart.data.totalCartPrice);
    expect(changed.data.totalAfterDiscount).toBeCloseTo(changed.data.totalCartPrice * 0.9, 2);
    await expect.poll(async () => amountOf(await afterDiscount.innerText())).toBe(changed.data.totalAfterDiscount);
    await page.getByTestId('applied-coupon').getByText('SALE10').waitFor();
    await expectSeen(page, MAIN_IMAGES.cartLine);
  });

  it('adds an address, then places a cash order and finds it in my orders', async () => {
    await page.goto('/user/add-address');
    await page.getByLabel('تسمية العنوان').fill(alias);
    await page.getByLabel('المحافظة').selectOption({ label: 'القاهرة' });
    await page.getByLabel('المدينة / المنطقة').fill('مدينة نصر');
    await page.getByLabel('العنوان بالتفصيل').fill('شارع عباس العقاد، عمارة 12');
    await page.getByLabel('رقم الهاتف').fill('01123456789');
    await page.getByRole('button', { name: 'اضافة عنوان' }).click();
    await toast(page, 'تم اضافة العنوان بنجاح');
    await page.waitForURL((url) => url.pathname === '/user/addresses');
    await page.getByRole('listitem', { name: alias }).getByText('01123456789').waitFor();

    const { data: cart } = await api<CartAnswer>('GET', '/cart');
    // The items after the coupon, delivered to Cairo, paid in cash (the server's quote, which the pay page shows).
    const { data: quote } = await api<QuoteAnswer>('GET', '/delivery/quote?governorate=EG-C');
    await chooseAddressAndPay(alias, 'الدفع عند الاستلام');
    await expect.poll(async () => amountOf(await page.getByTestId('payable').innerText())).toBe(quote.data.totalCash);
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    await toast(page, 'تم انشاء طلبك بنجاح');
    await page.waitForURL((url) => url.pathname === '/user/allorders');

    const { data: orders } = await api<{ data: OrderAnswer[] }>('GET', '/orders?limit=5');
    const order = orders.data[0];
    expect(order).toMatchObject({
      paymentMethodType: 'cash',
      isPaid: false,
      totalOrderPrice: quote.data.totalCash,
    });
    const card = page.getByRole('article', { name: `طلب رقم #${order.id}` });
    await card.getByText('الدفع عند الاستلام').waitFor();
    await card.getByText('لم يتم الدفع').waitFor();
    expect(amountOf((await card.getByText(/^الاجمالي:/).innerText()).replace('الاجمالي:', ''))).toBe(
      order.totalOrderPrice,
    );
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('0');

    // The confirmation e-mail went to the outbox with the order's number, lines and the delivery address (its alias
    // and phone, as the web app sends them).
    await expect
      .poll(async () => (await shop.latestMail(DEMO_USER.email))?.subject)
      .toBe(`تم استلام طلبك رقم #${order.id}`);
    const mail = (await shop.latestMail(DEMO_USER.email))!;
    expect(mail.text).toContain(alias);
    expect(mail.text).toContain('01123456789');
    for (const line of cart.data.products) expect(mail.text).toContain(`- ${line.product.title}`);
  });

  it('pays by card on the test-payment page and sees the paid order', async () => {
    const { coloured } = await productIds();
    await addToCart(coloured.id, true);
    const { data: quote } = await api<QuoteAnswer>('GET', '/delivery/quote?governorate=EG-C');
    await chooseAddressAndPay(alias, 'الدفع عن طريق البطاقة الائتمانية');
    await expect.poll(async () => amountOf(await page.getByTestId('payable').innerText())).toBe(quote.data.totalOnline);

    // The payment page opens in a new window; if a popup blocker refused, the shop navigated there in place.
    // Promise.any: the way that did not happen times out later without an unhandled rejection.
    const opened = Promise.any([context.waitForEvent('page'), page.waitForURL(/\/payments\/test\//).then(() => page)]);
    await page.getByRole('button', { name: 'اتمام الشراء' }).click();
    const payment = await opened;
    await payment.waitForURL(/\/payments\/test\//);
    await payment.getByRole('button', { name: 'ادفع الآن' }).waitFor();
    expect(await payment.locator('body').innerText()).toContain('جنيه');
    await payment.getByRole('button', { name: 'ادفع الآن' }).click();
    await payment.waitForURL((url) => url.pathname === '/user/allorders');

    const { data: orders } = await api<{ data: OrderAnswer[] }>('GET', '/orders?limit=5');
    const order = orders.data[0];
    expect(order).toMatchObject({ paymentMethodType: 'card', isPaid: true, totalOrderPrice: quote.data.totalOnline });
    await expect
      .poll(async () => (await shop.latestMail(DEMO_USER.email))?.subject)
      .toBe(`تم الدفع وتأكيد طلبك رقم #${order.id}`);
    const card = payment.getByRole('article', { name: `طلب رقم #${order.id}` });
    await card.getByText('تم الدفع').waitFor();
    await card.getByText('بطاقة ائتمانية').waitFor();
    await payment.getByText(`عدد الطلبات ${orders.data.length}`).waitFor();
    await expectSeen(payment, MAIN_IMAGES.orderItem);
    if (payment !== page) {
      // The checkout tab hears back from the orders page the payment tab returned to: it refreshes the cart and the
      // badge, says the order was paid and shows the orders, instead of keeping the old amount.
      await toast(page, 'تم الدفع بنجاح');
      await page.waitForURL((url) => url.pathname === '/user/allorders');
      await page
        .getByRole('article', { name: `طلب رقم #${order.id}` })
        .getByText('تم الدفع')
        .waitFor();
      await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('0');
      await payment.close();
    }
  });

  it('toggles a favourite heart on a product card, finds it in favourites, then removes it', async () => {
    await page.goto('/products');
    const productCard = productCards(page).first();
    await productCard.waitFor();
    const title = (await productCard.getByRole('heading').getByRole('link').innerText()).trim();
    const heart = productCard.getByRole('button', { name: 'اضافة للمفضلة' });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await toast(page, 'تمت اضافة المنتج للمفضلة بنجاح');

    await page.goto('/user/favoriteproducts');
    const favourite = productCards(page).filter({ hasText: title });
    await favourite.waitFor();
    expect(await productCards(page).count()).toBe(1);
    await expectSeen(page, MAIN_IMAGES.productCard);
    await favourite.getByRole('button', { name: 'اضافة للمفضلة' }).click();
    await toast(page, 'تم حذف المنتج من المفضلة بنجاح');
    await page.goto('/user/favoriteproducts');
    await page.getByText('لا توجد منتجات مفضلة حاليا').waitFor();
    const { data: wishlist } = await api<{ data: unknown[] }>('GET', '/wishlist');
    expect(wishlist.data).toEqual([]);
  });

  it('keeps a heart tapped before the favourites have loaded filled, as the server saved it', async () => {
    // A slow network: the page's read of the favourites reaches the server before the tap, and its answer ("none")
    // arrives only after the tap has been saved.
    let listRead!: () => void;
    let tapSaved!: () => void;
    const read = new Promise<void>((resolve) => (listRead = resolve));
    const saved = new Promise<void>((resolve) => (tapSaved = resolve));
    await page.route('**/api/v1/wishlist', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const readBeforeTheTap = await route.fetch();
      listRead();
      await saved;
      await route.fulfill({ response: readBeforeTheTap });
    });
    try {
      const listAnswered = page.waitForResponse(
        (res) => res.url().endsWith('/api/v1/wishlist') && res.request().method() === 'GET',
      );
      await page.goto('/products');
      const heart = productCards(page).first().getByRole('button', { name: 'اضافة للمفضلة' });
      await read;
      await heart.click();
      await toast(page, 'تمت اضافة المنتج للمفضلة بنجاح');
      tapSaved();
      await listAnswered;
      // Two frames: the answer is in the store and on the screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await heart.getAttribute('aria-pressed')).toBe('true');
      await expectSeen(page, { selector: 'main .product-card button[aria-pressed="true"] path[fill="#dc3545"]' });
    } finally {
      await page.unroute('**/api/v1/wishlist');
    }
    const { data: wishlist } = await api<{ data: { _id: string }[] }>('GET', '/wishlist');
    expect(wishlist.data).toHaveLength(1);
    await api('DELETE', `/wishlist/${wishlist.data[0]._id}`);
  });

  it("keeps a line removed while the cart page's read of the cart was on its way, as the server has it", async () => {
    const { coloured, plain } = await productIds();
    for (const product of [coloured, plain]) {
      const colours = (await shop.api<{ data: { availableColors: string[] } }>('GET', `/products/${product.id}`)).data;
      await api('POST', '/cart', { productId: product.id, color: colours.data.availableColors[0] ?? '' });
    }
    await page.goto('/');
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('2');

    // A slow network: the cart page's read reaches the server before the tap on "ازالة", and its answer (both lines)
    // is held until the removal has been answered, or a second has passed when the removal waits for the read.
    const calls: string[] = [];
    let tapped!: () => void;
    const tap = new Promise<void>((resolve) => (tapped = resolve));
    let removalAnswered!: () => void;
    const removal = new Promise<void>((resolve) => (removalAnswered = resolve));
    const isRemoval = (request: Request) =>
      request.method() === 'DELETE' && /\/api\/v1\/cart\/[^/]+$/.test(request.url());
    const onRequest = (request: Request) => isRemoval(request) && calls.push('removal sent');
    const onResponse = (response: Response) => isRemoval(response.request()) && removalAnswered();
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.route('**/api/v1/cart', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const readBeforeTheTap = await route.fetch();
      calls.push('read');
      await tap;
      await Promise.race([removal, new Promise((resolve) => setTimeout(resolve, 1000))]);
      calls.push('read answered');
      await route.fulfill({ response: readBeforeTheTap });
    });
    try {
      // Client-side, as a shopper taps the top bar's link: the lines loaded on the home page show at once.
      await page
        .getByRole('link', { name: /العربة/ })
        .first()
        .click();
      const plainLine = page.getByRole('listitem', { name: plain.title });
      await plainLine.waitFor();
      await expect.poll(() => calls).toEqual(['read']);
      await plainLine.getByRole('button', { name: `ازالة ${plain.title} من العربة` }).click();
      tapped();
      await toast(page, 'تم حذف المنتج من العربة');
      await expect.poll(() => calls).toContain('read answered');
      // Two frames: every answer is in the store and on the screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await plainLine.count()).toBe(0);
      await expectSeen(page, MAIN_IMAGES.cartLine);
      expect(await page.getByTestId('cart-count').innerText()).toBe('1');
      // The removal went out once the read was answered: the server answered them in the order they were made.
      expect(calls).toEqual(['read', 'read answered', 'removal sent']);
    } finally {
      page.off('request', onRequest);
      page.off('response', onResponse);
      await page.unroute('**/api/v1/cart');
    }
    const { data: cart } = await api<CartAnswer>('GET', '/cart');
    expect(cart.data.products.map((line) => line.product._id)).toEqual([coloured.id]);
    await api('DELETE', '/cart');
  });

  it("keeps a deleted address gone when the page's earlier read of the addresses is answered last", async () => {
    const work = { alias: 'العمل', details: 'المعادي، شارع 9، عمارة 4', phone: '01123456789', city: 'القاهرة' };
    expect((await api('POST', '/addresses', work)).status).toBe(200);
    await page.goto('/user/addresses');
    await page.getByRole('button', { name: `حذف ${work.alias}` }).waitFor();
    await page.getByRole('link', { name: 'اضافة عنوان جديد' }).click();
    await page.waitForURL((url) => url.pathname === '/user/add-address');

    // Back on the list through the side menu (client-side), the addresses loaded before show while the page reads them again. That read
    // reaches the server before the deletion; on a slow link its answer (both addresses) comes after the deletion's
    // re-read.
    let reReadAnswered!: () => void;
    const reRead = new Promise<void>((resolve) => (reReadAnswered = resolve));
    let reads = 0;
    let earlierAnswered!: () => void;
    const earlierRead = new Promise<void>((resolve) => (earlierAnswered = resolve));
    await page.route('**/api/v1/addresses', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      reads += 1;
      if (reads > 1) {
        await route.continue();
        return;
      }
      const readBeforeTheDeletion = await route.fetch();
      await reRead;
      await route.fulfill({ response: readBeforeTheDeletion });
      earlierAnswered();
    });
    try {
      await page.getByRole('link', { name: 'العناوين الشخصية' }).first().click();
      await expect.poll(() => reads).toBe(1);
      await page.getByRole('button', { name: `حذف ${work.alias}` }).click();
      // The only read answered from now on is the re-read after the deletion: the earlier one is held.
      const reReadDone = page.waitForResponse(
        (res) => res.url().endsWith('/api/v1/addresses') && res.request().method() === 'GET',
      );
      await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
      await toast(page, 'تم حذف العنوان بنجاح');
      await reReadDone;
      reReadAnswered();
      await earlierRead;
      // Two frames: the late answer is in the store and on the screen.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.getByRole('button', { name: `حذف ${work.alias}` }).count()).toBe(0);
      await page.getByRole('button', { name: `حذف ${alias}` }).waitFor();
    } finally {
      await page.unroute('**/api/v1/addresses');
    }
    const { data: saved } = await api<{ data: { alias: string }[] }>('GET', '/addresses');
    expect(saved.data.map((a) => a.alias)).toEqual([alias]);
  });

  it('edits the profile name in the dialog', async () => {
    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'تعديل', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'تعديل البيانات الشخصية' }).waitFor();
    await dialog.getByLabel('الاسم').fill('عميل معدل');
    await dialog.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await toast(page, 'تم التحديث بنجاح');
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('dd', { hasText: 'عميل معدل' }).waitFor();
    await page.getByRole('button', { name: 'عميل معدل' }).waitFor();
    const { data: me } = await api<{ data: { name: string } }>('GET', '/users/getMe');
    expect(me.data.name).toBe('عميل معدل');
  });

  it('changes the password, is sent to /login, and logs in with the new one', async () => {
    await page.goto('/user/profile');
    await page.getByLabel('كلمة السر الحالية').fill(DEMO_USER.password);
    await page.getByLabel('كلمة السر الجديدة', { exact: true }).fill('Changed123');
    await page.getByLabel('تأكيد كلمة السر الجديدة').fill('Changed123');
    await page.getByRole('button', { name: 'حفظ كلمة السر' }).click();
    await toast(page, 'تم التحديث بنجاح');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The old password no longer works.
    await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(DEMO_USER.email);
    await page.getByLabel('كلمة السر', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await toast(page, 'كلمة السر او الايميل خطأ');
    await login(page, { email: DEMO_USER.email, password: 'Changed123' });
    // Back on the profile the password change sent them away from.
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    await page.getByRole('button', { name: 'عميل معدل' }).waitFor();
  });
});
