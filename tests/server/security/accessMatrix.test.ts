import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueResetCode, verifyResetCode } from '../../../server/modules/auth/resetCodes';
import { createCategory, createTestApp, resetDb, type TestContext, type TestUser } from '../helpers';
import { buildWorld, saveScene, shippingAddress, snapshot, type Actor, type Method, type World } from './world';

/**
 * The access-control matrix: every route that acts on data × the five actors → the status API.md
 * §4.3 and §5 promise. TABLE is the only place where a route's permissions are written down; a
 * served route missing from it (or an entry for a route that is not served) fails the build.
 *
 * Each cell starts from the same scene (world.ts). A refused cell must answer API.md's status and
 * message (401 not logged in, 403 role not allowed, 404 for another customer's thing) and change
 * nothing at all; a permitted cell must get the success status, with a body that really succeeds.
 */

const ACTORS: Actor[] = ['visitor', 'user', 'other', 'manager', 'admin'];
type Row = Record<Actor, number>;

const NOT_LOGGED_IN = 'You are not logged in. Please login to get access';
const FORBIDDEN = 'You are not allowed to perform this action';

/** The columns of §4.3, in ACTORS order. `other` always acts on `user`'s things. */
const row = (visitor: number, user: number, other: number, manager: number, admin: number): Row => ({
  visitor,
  user,
  other,
  manager,
  admin,
});
const everyone = (ok: number) => row(ok, ok, ok, ok, ok);
/** Any logged-in role, each on its own things (getMe, wishlist, address list, order list). */
const loggedIn = (ok: number) => row(401, ok, ok, ok, ok);
/** Any logged-in role, on `user`'s address: only its owner sees it; everyone else is told it does not exist. */
const ownerOnly = (ok: number) => row(401, ok, 404, 404, 404);
/** Role user only, each on its own cart (cart without an id, review create). */
const customers = (ok: number) => row(401, ok, ok, 403, 403);
/** Role user only, on `user`'s cart or cart line: another customer gets 404. */
const owningCustomer = (ok: number) => row(401, ok, 404, 403, 403);
const staff = (ok: number) => row(401, 403, 403, ok, ok);
const adminOnly = (ok: number) => row(401, 403, 403, 403, ok);

/** The world plus what a permitted cell needs to succeed, and what a cell prepared for itself. */
interface Scene extends World {
  /** A product nobody has reviewed, wish-listed or put in a cart (the one the world's orders were made of). */
  spareProductId: string;
  /** A category with no products: deleting it is allowed (one with products is 409). */
  emptyCategoryId: string;
  sessionId?: string;
  resetCode?: string;
  resetToken?: string;
  governorateCode?: string;
  zoneId?: string;
  variantId?: string;
}

interface Entry {
  /** 'METHOD /url' exactly as in `app.routeList`; its `:params` are filled from `params`. */
  route: string;
  expect: Row;
  params?: (s: Scene) => Record<string, string>;
  /** A body with which a permitted actor really succeeds. */
  body?: (s: Scene, as: TestUser | undefined) => Record<string, unknown>;
  /** Message of the 404 given for another customer's thing. */
  missing?: (s: Scene, as: TestUser) => string;
  /** Prepares something in the database before the cell (the snapshot is taken after it). */
  setup?: (s: Scene) => Promise<Partial<Scene>>;
}

/** Every `PUT` update also answers `PATCH` (API.md §0), with the same permissions. */
const putAndPatch = (url: string, entry: Omit<Entry, 'route'>): Entry[] => [
  { route: `PUT ${url}`, ...entry },
  { route: `PATCH ${url}`, ...entry },
];

const unique = () => randomUUID().slice(0, 8);
const newPassword = { password: 'NewSecret123', passwordConfirm: 'NewSecret123' };
const cartOf = (s: Scene) => ({ cartId: s.cartId });
const orderOf = (s: Scene) => ({ id: s.orderId });
const reviewOf = (s: Scene) => ({ productId: s.productId, id: s.reviewId });
const noCart = (_s: Scene, as: TestUser) => `There is no cart for this user :${as.id}`;
const noLine = (s: Scene) => `No Product Cart item found for this id: ${s.cartItemId}`;
const noAddress = (s: Scene) => `There is no address for this id ${s.addressId}`;

/** A sheet of one new product in a new category, which the import creates when asked. */
const catalogueSheet = () => ({
  csv: `sku,title,description,price,quantity,category,images\nM-${unique()},منتج ${unique()},وصف,80,5,تصنيف ${unique()},https://cdn.example.com/cover.jpg\n`,
  createMissing: true,
});

let t: TestContext;
/** A card-payment session for `user`'s cart: the capability the test payment page works with. */
async function openPaymentSession(s: Scene): Promise<Partial<Scene>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/orders/checkout-session/${s.cartId}`,
    headers: s.user.auth,
    payload: { shippingAddress },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { sessionId: res.json().session.id };
}

/** `user`'s cart paid on the test page: a card order, which staff may refund; its id. */
async function paidCardOrder(s: Scene): Promise<string> {
  const { sessionId } = await openPaymentSession(s);
  const paid = await t.app.inject({ method: 'POST', url: `/payments/test/${sessionId}/pay` });
  expect(paid.statusCode, paid.body).toBe(303);
  return (await t.db.one<{ id: string }>('SELECT id FROM orders WHERE payment_session_id = $1', [sessionId]))!.id;
}

/** Four capital letters, for a governorate code of its own (EG-XXXX). */
const letters = () => Array.from({ length: 4 }, () => String.fromCharCode(65 + randomInt(26))).join('');
/** A governorate of the cell's own: governorates outlive the scene's restore, so a cell never touches Egypt's 27. */
async function ownGovernorate(): Promise<Partial<Scene>> {
  const code = `EG-${letters()}`;
  await t.db.query('INSERT INTO governorates (code, name, name_en, position) VALUES ($1, $2, $3, 100)', [
    code,
    `محافظة ${code}`,
    code,
  ]);
  return { governorateCode: code };
}
async function ownZone(): Promise<Partial<Scene>> {
  const zone = await t.db.one<{ id: string }>('INSERT INTO shipping_zones (name, fee) VALUES ($1, 5000) RETURNING id', [
    `منطقة ${unique()}`,
  ]);
  return { zoneId: zone!.id };
}

const TABLE: Entry[] = [
  // §5.1 Auth: no role is required, so every actor, logged in or not, gets the same answer.
  {
    route: 'POST /api/v1/auth/signup',
    expect: everyone(201),
    body: () => ({ name: 'عميل جديد', email: `new-${unique()}@example.com`, ...newPassword }),
  },
  {
    route: 'POST /api/v1/auth/login',
    expect: everyone(200),
    body: (s) => ({ email: s.user.email, password: s.user.password }),
  },
  { route: 'POST /api/v1/auth/forgotPasswords', expect: everyone(200), body: (s) => ({ email: s.user.email }) },
  { route: 'POST /api/v1/auth/forgotPassword', expect: everyone(200), body: (s) => ({ email: s.user.email }) },
  {
    route: 'POST /api/v1/auth/verifyResetCode',
    expect: everyone(200),
    setup: async (s) => ({ resetCode: await issueResetCode(t.app.ctx, s.user.id) }),
    body: (s) => ({ resetCode: s.resetCode, email: s.user.email }),
  },
  ...putAndPatch('/api/v1/auth/resetPassword', {
    expect: everyone(200),
    setup: async (s) => {
      const resetToken = await verifyResetCode(t.app.ctx, await issueResetCode(t.app.ctx, s.user.id), s.user.email);
      expect(resetToken).toEqual(expect.any(String));
      return { resetToken };
    },
    body: (s) => ({ email: s.user.email, newPassword: 'NewSecret123', resetToken: s.resetToken }),
  }),

  // §5.2 Users: the own-account endpoints for every role, the rest for admins.
  { route: 'GET /api/v1/users/getMe', expect: loggedIn(200) },
  ...putAndPatch('/api/v1/users/updateMe', { expect: loggedIn(200), body: () => ({ name: 'اسم جديد' }) }),
  ...putAndPatch('/api/v1/users/changeMyPassword', {
    expect: loggedIn(200),
    body: (_s, as) => ({ currentPassword: as?.password ?? 'Secret123', ...newPassword }),
  }),
  { route: 'DELETE /api/v1/users/deleteMe', expect: loggedIn(204) },
  { route: 'GET /api/v1/users', expect: adminOnly(200) },
  {
    route: 'POST /api/v1/users',
    expect: adminOnly(201),
    body: () => ({ name: 'مدير جديد', email: `staff-${unique()}@example.com`, ...newPassword, role: 'admin' }),
  },
  { route: 'GET /api/v1/users/:id', expect: adminOnly(200), params: (s) => ({ id: s.user.id }) },
  // `user` asks to become admin: the classic privilege escalation.
  ...putAndPatch('/api/v1/users/:id', {
    expect: adminOnly(200),
    params: (s) => ({ id: s.user.id }),
    body: () => ({ role: 'admin' }),
  }),
  { route: 'DELETE /api/v1/users/:id', expect: adminOnly(204), params: (s) => ({ id: s.user.id }) },
  ...putAndPatch('/api/v1/users/change-password/:id', {
    expect: adminOnly(200),
    params: (s) => ({ id: s.user.id }),
    body: () => newPassword,
  }),

  // §5.3–5.6 Catalogue: read by all, written by staff, deleted by admins.
  { route: 'GET /api/v1/categories', expect: everyone(200) },
  { route: 'GET /api/v1/categories/:id', expect: everyone(200), params: (s) => ({ id: s.categoryId }) },
  { route: 'POST /api/v1/categories', expect: staff(201), body: () => ({ name: `تصنيف ${unique()}` }) },
  ...putAndPatch('/api/v1/categories/:id', {
    expect: staff(200),
    params: (s) => ({ id: s.categoryId }),
    body: () => ({ name: `تصنيف ${unique()}` }),
  }),
  { route: 'DELETE /api/v1/categories/:id', expect: adminOnly(204), params: (s) => ({ id: s.emptyCategoryId }) },
  {
    route: 'GET /api/v1/categories/:categoryId/subcategories',
    expect: everyone(200),
    params: (s) => ({ categoryId: s.categoryId }),
  },
  {
    route: 'POST /api/v1/categories/:categoryId/subcategories',
    expect: staff(201),
    params: (s) => ({ categoryId: s.categoryId }),
    body: () => ({ name: `فرعي ${unique()}` }),
  },
  { route: 'GET /api/v1/subcategories', expect: everyone(200) },
  { route: 'GET /api/v1/subcategories/:id', expect: everyone(200), params: (s) => ({ id: s.subcategoryId }) },
  {
    route: 'POST /api/v1/subcategories',
    expect: staff(201),
    body: (s) => ({ name: `فرعي ${unique()}`, category: s.categoryId }),
  },
  ...putAndPatch('/api/v1/subcategories/:id', {
    expect: staff(200),
    params: (s) => ({ id: s.subcategoryId }),
    body: () => ({ name: `فرعي ${unique()}` }),
  }),
  { route: 'DELETE /api/v1/subcategories/:id', expect: adminOnly(204), params: (s) => ({ id: s.subcategoryId }) },
  { route: 'GET /api/v1/brands', expect: everyone(200) },
  { route: 'GET /api/v1/brands/:id', expect: everyone(200), params: (s) => ({ id: s.brandId }) },
  { route: 'POST /api/v1/brands', expect: staff(201), body: () => ({ name: `ماركة ${unique()}` }) },
  ...putAndPatch('/api/v1/brands/:id', {
    expect: staff(200),
    params: (s) => ({ id: s.brandId }),
    body: () => ({ name: `ماركة ${unique()}` }),
  }),
  { route: 'DELETE /api/v1/brands/:id', expect: adminOnly(204), params: (s) => ({ id: s.brandId }) },
  { route: 'GET /api/v1/products', expect: everyone(200) },
  { route: 'GET /api/v1/products/:id', expect: everyone(200), params: (s) => ({ id: s.productId }) },
  // Search suggestions for the top bar (ours): public, like the listing.
  { route: 'GET /api/v1/products/suggestions', expect: everyone(200) },
  // The option values of the listing's filter panel (ours): public, like the listing.
  { route: 'GET /api/v1/products/optionValues', expect: everyone(200) },
  {
    route: 'POST /api/v1/products',
    expect: staff(201),
    body: (s) => ({
      title: `منتج ${unique()}`,
      description: 'وصف',
      quantity: 5,
      price: 80,
      category: s.categoryId,
      imageCover: 'https://cdn.example.com/cover.jpg',
    }),
  },
  ...putAndPatch('/api/v1/products/:id', {
    expect: staff(200),
    params: (s) => ({ id: s.productId }),
    body: () => ({ price: 120 }),
  }),
  { route: 'DELETE /api/v1/products/:id', expect: adminOnly(204), params: (s) => ({ id: s.productId }) },
  // One variant's stock (ours, README API notes "Variants"): staff, as the product's own changes.
  {
    route: 'PATCH /api/v1/products/:id/variants/:variantId',
    expect: staff(200),
    setup: async (s) => ({
      variantId: (await t.db.one<{ id: string }>('SELECT id FROM product_variants WHERE product_id = $1', [
        s.productId,
      ]))!.id,
    }),
    params: (s) => ({ id: s.productId, variantId: s.variantId! }),
    body: () => ({ quantity: 7 }),
  },
  // The catalogue sheet (ours, README API notes): staff export it, and preview and apply a sheet (here as JSON text).
  { route: 'GET /api/v1/products/export.csv', expect: staff(200) },
  { route: 'POST /api/v1/products/import/preview', expect: staff(200), body: () => catalogueSheet() },
  { route: 'POST /api/v1/products/import/apply', expect: staff(200), body: () => catalogueSheet() },

  // §5.7 Reviews: read by all; written by customers; changed by the author only; deleted by the author or staff.
  { route: 'GET /api/v1/reviews', expect: everyone(200) },
  { route: 'GET /api/v1/reviews/:id', expect: everyone(200), params: (s) => ({ id: s.reviewId }) },
  {
    route: 'GET /api/v1/products/:productId/reviews',
    expect: everyone(200),
    params: (s) => ({ productId: s.productId }),
  },
  { route: 'GET /api/v1/products/:productId/reviews/:id', expect: everyone(200), params: reviewOf },
  {
    route: 'POST /api/v1/reviews',
    expect: customers(201),
    body: (s) => ({ product: s.spareProductId, review: 'ممتاز', rating: 5 }),
  },
  {
    route: 'POST /api/v1/products/:productId/reviews',
    expect: customers(201),
    params: (s) => ({ productId: s.spareProductId }),
    body: () => ({ review: 'ممتاز', rating: 5 }),
  },
  ...putAndPatch('/api/v1/reviews/:id', {
    expect: row(401, 200, 403, 403, 403),
    params: reviewOf,
    body: () => ({ review: 'غيّرت رأيي', rating: 1 }),
  }),
  ...putAndPatch('/api/v1/products/:productId/reviews/:id', {
    expect: row(401, 200, 403, 403, 403),
    params: reviewOf,
    body: () => ({ review: 'غيّرت رأيي', rating: 1 }),
  }),
  { route: 'DELETE /api/v1/reviews/:id', expect: row(401, 204, 403, 204, 204), params: reviewOf },
  { route: 'DELETE /api/v1/products/:productId/reviews/:id', expect: row(401, 204, 403, 204, 204), params: reviewOf },

  // §5.8–5.9 Wishlist and addresses: every role has its own.
  { route: 'GET /api/v1/wishlist', expect: loggedIn(200) },
  { route: 'POST /api/v1/wishlist', expect: loggedIn(200), body: (s) => ({ productId: s.spareProductId }) },
  // Removing a product that is not in the caller's list is still 200 (API.md §5.8), so staff get 200 too.
  { route: 'DELETE /api/v1/wishlist/:productId', expect: loggedIn(200), params: (s) => ({ productId: s.productId }) },
  { route: 'GET /api/v1/addresses', expect: loggedIn(200) },
  {
    route: 'POST /api/v1/addresses',
    expect: loggedIn(200),
    body: () => ({ alias: 'العمل', details: 'شارع الهرم', phone: '01112345678' }),
  },
  {
    route: 'GET /api/v1/addresses/:addressId',
    expect: ownerOnly(200),
    params: (s) => ({ addressId: s.addressId }),
    missing: noAddress,
  },
  ...putAndPatch('/api/v1/addresses/:addressId', {
    expect: ownerOnly(200),
    params: (s) => ({ addressId: s.addressId }),
    body: () => ({ alias: 'البيت' }),
    missing: noAddress,
  }),
  {
    route: 'DELETE /api/v1/addresses/:addressId',
    expect: ownerOnly(200),
    params: (s) => ({ addressId: s.addressId }),
    missing: noAddress,
  },

  // §5.10 Coupons: staff only.
  { route: 'GET /api/v1/coupons', expect: staff(200) },
  { route: 'GET /api/v1/coupons/:id', expect: staff(200), params: (s) => ({ id: s.couponId }) },
  {
    route: 'POST /api/v1/coupons',
    expect: staff(201),
    body: () => ({ name: `SALE${unique()}`, expire: new Date(Date.now() + 86400_000).toISOString(), discount: 15 }),
  },
  ...putAndPatch('/api/v1/coupons/:id', {
    expect: staff(200),
    params: (s) => ({ id: s.couponId }),
    body: () => ({ discount: 20 }),
  }),
  { route: 'DELETE /api/v1/coupons/:id', expect: staff(204), params: (s) => ({ id: s.couponId }) },

  // §5.11 Cart: role user only, each on its own cart; another customer's line does not exist for them.
  { route: 'GET /api/v1/cart', expect: customers(200) },
  { route: 'POST /api/v1/cart', expect: customers(200), body: (s) => ({ productId: s.productId, color: '#000000' }) },
  ...putAndPatch('/api/v1/cart/applyCoupon', { expect: customers(200), body: () => ({ couponName: 'WORLD10' }) }),
  ...putAndPatch('/api/v1/cart/:itemId', {
    expect: owningCustomer(200),
    params: (s) => ({ itemId: s.cartItemId }),
    body: () => ({ count: 2 }),
    missing: noLine,
  }),
  {
    route: 'DELETE /api/v1/cart/:itemId',
    expect: owningCustomer(200),
    params: (s) => ({ itemId: s.cartItemId }),
    missing: noLine,
  },
  { route: 'DELETE /api/v1/cart', expect: customers(204) },

  // §5.12 Orders: customers order from their own cart; customers see their own orders, staff all; staff pay and deliver; owners cancel.
  {
    route: 'POST /api/v1/orders/:cartId',
    expect: owningCustomer(201),
    params: cartOf,
    body: () => ({ shippingAddress }),
    missing: noCart,
  },
  {
    route: 'GET /api/v1/orders/checkout-session/:cartId',
    expect: owningCustomer(200),
    params: cartOf,
    missing: noCart,
  },
  {
    route: 'POST /api/v1/orders/checkout-session/:cartId',
    expect: owningCustomer(200),
    params: cartOf,
    body: () => ({ shippingAddress }),
    missing: noCart,
  },
  { route: 'GET /api/v1/orders', expect: loggedIn(200) },
  {
    route: 'GET /api/v1/orders/:id',
    expect: row(401, 200, 404, 200, 200),
    params: orderOf,
    missing: (s) => `No document for this id ${s.orderId}`,
  },
  ...putAndPatch('/api/v1/orders/:id/pay', { expect: staff(200), params: orderOf }),
  ...putAndPatch('/api/v1/orders/:id/deliver', { expect: staff(200), params: orderOf }),
  // Refund (ours): staff only, of an order paid online (here on the test page: refunded without a provider call).
  {
    route: 'POST /api/v1/orders/:id/refund',
    expect: staff(200),
    setup: async (s) => ({ orderId: await paidCardOrder(s) }),
    params: orderOf,
  },
  // Cancel (ours): the owning customer only; another customer is told the order does not exist.
  ...putAndPatch('/api/v1/orders/:id/cancel', {
    expect: owningCustomer(200),
    params: orderOf,
    missing: (s) => `No document for this id ${s.orderId}`,
  }),

  // Delivery (ours): staff confirm and ship orders; governorates are public, the owner edits them, the zones and the
  // shop's settings; a customer prices delivery of their own cart.
  ...putAndPatch('/api/v1/orders/:id/confirm', { expect: staff(200), params: orderOf }),
  ...putAndPatch('/api/v1/orders/:id/ship', {
    expect: staff(200),
    params: orderOf,
    body: () => ({ courier: 'بوسطة', trackingNumber: 'BS-1' }),
  }),
  { route: 'GET /api/v1/orders/export.csv', expect: staff(200) },
  { route: 'GET /api/v1/orders/export-lines.csv', expect: staff(200) },
  { route: 'GET /api/v1/delivery/governorates', expect: everyone(200) },
  {
    route: 'POST /api/v1/delivery/governorates',
    expect: adminOnly(201),
    body: () => ({ code: `EG-${letters()}`, name: `محافظة ${unique()}`, nameEn: 'New' }),
  },
  {
    route: 'PATCH /api/v1/delivery/governorates/:code',
    expect: adminOnly(200),
    setup: ownGovernorate,
    params: (s) => ({ code: s.governorateCode! }),
    body: () => ({ nameEn: 'Renamed' }),
  },
  {
    route: 'DELETE /api/v1/delivery/governorates/:code',
    expect: adminOnly(204),
    setup: ownGovernorate,
    params: (s) => ({ code: s.governorateCode! }),
  },
  { route: 'GET /api/v1/delivery/zones', expect: staff(200) },
  {
    route: 'POST /api/v1/delivery/zones',
    expect: adminOnly(201),
    body: () => ({ name: `منطقة ${unique()}`, fee: 40 }),
  },
  {
    route: 'PUT /api/v1/delivery/zones/:id',
    expect: adminOnly(200),
    setup: ownZone,
    params: (s) => ({ id: s.zoneId! }),
    body: () => ({ name: `منطقة ${unique()}`, fee: 45, governorates: ['EG-GZ'] }),
  },
  {
    route: 'DELETE /api/v1/delivery/zones/:id',
    expect: adminOnly(204),
    setup: ownZone,
    params: (s) => ({ id: s.zoneId! }),
  },
  { route: 'GET /api/v1/delivery/quote', expect: customers(200) },
  { route: 'GET /api/v1/shop/settings', expect: adminOnly(200) },
  { route: 'PUT /api/v1/shop/settings', expect: adminOnly(200), body: () => ({ vatRate: 14, shopName: 'متجري' }) },

  // What the web app must know about the shop (ours): public.
  { route: 'GET /api/v1/shop', expect: everyone(200) },
  // The owner's dashboard figures (ours): staff only.
  { route: 'GET /api/v1/dashboard', expect: staff(200) },
  // Stock held by unpaid cash orders (ours): staff only.
  { route: 'GET /api/v1/inventory/held', expect: staff(200) },
  // The audit log (ours): staff read it (an admin everyone's, a manager their own); no route edits or deletes an entry.
  { route: 'GET /api/v1/audit', expect: staff(200) },

  // The local test payment page (outside /api/v1). Its session id is a capability URL, like Stripe's checkout
  // page: it is random, known only to the customer who opened the session, and whoever holds it may look, pay
  // or cancel; the token is ignored. An unknown or expired id is a 404 page (tests/server/payments.test.ts).
  // Paying completes the session as the webhook does, so it can only create the order the customer priced.
  {
    route: 'GET /payments/test/:sessionId',
    expect: everyone(200),
    setup: openPaymentSession,
    params: (s) => ({ sessionId: s.sessionId! }),
  },
  {
    route: 'POST /payments/test/:sessionId/pay',
    expect: everyone(303),
    setup: openPaymentSession,
    params: (s) => ({ sessionId: s.sessionId! }),
  },
  {
    route: 'POST /payments/test/:sessionId/cancel',
    expect: everyone(303),
    setup: openPaymentSession,
    params: (s) => ({ sessionId: s.sessionId! }),
  },
];

/** Routes that must have decided permissions: the API and the payment pages (images are static files). */
const governed = (route: string) => / \/(api\/v1|payments)\//.test(route);

/** Refused actors first: they change nothing, so they share one scene. */
const actorOrder = (entry: Entry) =>
  [...ACTORS].sort((a, b) => Number(entry.expect[a] < 400) - Number(entry.expect[b] < 400));
const title = (entry: Entry) => `${entry.route}: ${ACTORS.map((a) => `${a} ${entry.expect[a]}`).join(', ')}`;

describe('access-control matrix: every route × visitor, user, other customer, manager, admin', () => {
  let scene: Scene;
  /** Snapshot of the scene as built; every cell starts from exactly this. */
  let pristine: Record<string, string>;
  /** Puts the saved scene back. */
  let restoreScene: () => Promise<void>;
  let dirty = false;
  let restoreChecked = false;

  // The scene is built once (resetDb + buildWorld) and its rows saved; after a cell that may have changed
  // data the saved rows are put back. That is the same scene, ids and tokens included, at a fraction of
  // the cost of building it again for each of the ~250 permitted cells.
  beforeAll(async () => {
    t = await createTestApp({ paymentsTestMode: true });
    await resetDb(t.db);
    const world = await buildWorld(t);
    const spare = await t.db.one<{ id: string }>('SELECT id FROM products WHERE id <> $1', [world.productId]);
    scene = { ...world, spareProductId: spare!.id, emptyCategoryId: await createCategory(t) };
    restoreScene = await saveScene(t);
    pristine = await snapshot(t);
  });
  afterAll(() => t.close());

  async function runCell(entry: Entry, actor: Actor) {
    if (dirty) {
      await restoreScene();
      // Putting rows back is deterministic: proving it once is enough.
      if (!restoreChecked) expect(await snapshot(t), 'the saved scene was not restored exactly').toEqual(pristine);
      restoreChecked = true;
    }
    // A permitted cell may change data: the scene is put back after it (cheaper than checking whether it did).
    dirty = true;
    const s: Scene = { ...scene, ...(entry.setup ? await entry.setup(scene) : {}) };
    const as = actor === 'visitor' ? undefined : s[actor];
    const [method, pattern] = entry.route.split(' ') as [Method, string];
    const params = entry.params?.(s) ?? {};
    const url = pattern.replace(
      /:(\w+)/g,
      (_m, name: string) => params[name] ?? expect.unreachable(`no value for :${name}`),
    );
    const status = entry.expect[actor];
    const before = entry.setup ? await snapshot(t) : pristine;

    const res = await t.app.inject({ method, url, headers: as?.auth, payload: entry.body?.(s, as) });
    expect(res.statusCode, `${actor}: ${res.body}`).toBe(status);
    if (status < 400) return;
    const message = status === 401 ? NOT_LOGGED_IN : status === 403 ? FORBIDDEN : entry.missing?.(s, as!);
    expect(res.json(), actor).toEqual({ status: 'fail', message });
    expect(await snapshot(t), `${actor} was refused but something changed`).toEqual(before);
    dirty = entry.setup !== undefined;
  }

  it('every served route has its permissions in the table, and every entry is a served route', () => {
    const served = t.app.routeList.filter(governed);
    const listed = TABLE.map((entry) => entry.route);
    expect({
      servedButNotInTable: served.filter((route) => !listed.includes(route)),
      inTableButNotServed: listed.filter((route) => !served.includes(route)),
      listedTwice: listed.filter((route, i) => listed.indexOf(route) !== i),
    }).toEqual({ servedButNotInTable: [], inTableButNotServed: [], listedTwice: [] });
  });

  for (const entry of TABLE) {
    it(title(entry), async () => {
      for (const actor of actorOrder(entry)) await runCell(entry, actor);
    });
  }
});
