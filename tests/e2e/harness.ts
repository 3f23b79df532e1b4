import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { workerChromium } from './chromium';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { openPglite } from '../../server/db';
import { seedDatabase } from '../../server/db/seed';
import type { Config } from '../../server/config';
import { latestOutboxMessage } from '../../server/mail';
import { jobResult } from '../backgroundJobs';
import { shopConfig, type SeededShop } from './seededShop';
import { latinWords } from './visibility';

/**
 * A real shop for end-to-end tests: the built web app and the API on one free port, its own copy of the seeded
 * demo shop (database and images, in a temporary DATA_DIR), and browser contexts of its own in the test worker's
 * Chromium (Debian's, driven by playwright-core; tests/e2e/chromium.ts).
 */
export interface Shop {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
  /** A new browser context (fresh storage) and page; phone width by default. Closed with the shop at the latest. */
  newPage(options?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** Content-Security-Policy reports seen so far, which are then forgotten (any left over fail the file). */
  takeCspViolations(): string[];
  /** The newest mail in the outbox for an address. */
  latestMail(to: string): Promise<{ subject: string; text: string } | undefined>;
  /**
   * A call to the shop's real API, as `as`: a token, or the page whose logged-in shopper it is (the token from its
   * storage); anonymous without it.
   */
  api<T>(method: string, url: string, options?: { as?: string | Page; body?: unknown }): Promise<ApiAnswer<T>>;
  /** A token for these credentials, through the real login. */
  tokenOf(credentials: { email: string; password: string }): Promise<string>;
  close(): Promise<void>;
}
export interface ApiAnswer<T> {
  status: number;
  data: T;
}

export const DEMO_USER = { email: 'user@shop.local', password: 'User12345' };
export const DEMO_ADMIN = { email: 'admin@shop.local', password: 'Admin1234' };

/** `config`: settings of this shop beside those of every end-to-end shop (Paymob's, pointing at the fake one). */
export async function startShop(config: Partial<Config> = {}): Promise<Shop> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'));
  // A copy of the demo shop seeded once for the run (tests/e2e/globalSetup.ts): its images, and its database
  // loaded into an in-memory PGlite. The web app served is the run's build.
  const [seeded] = await Promise.all([jobResult<SeededShop>(inject('seededShop')), webBuilt()]);
  await fs.cp(seeded.uploads, path.join(dataDir, 'uploads'), { recursive: true });
  const db = await openPglite(undefined, { loadDataDir: new Blob([await fs.readFile(seeded.database)]) });
  const app = await buildApp({ webDist: path.resolve('dist'), db, config: { ...shopConfig(dataDir), ...config } });
  // Finds the demo shop seeded, as a restarted shop would.
  await seedDatabase(app.ctx, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  app.ctx.config.publicBaseUrl = baseUrl;
  app.ctx.config.frontendUrl = baseUrl;

  const browser = await workerChromium();
  const contexts = new Set<BrowserContext>();

  // Every journey runs under the server's Content-Security-Policy; Chromium reports each blocked script,
  // style or request on the console, and any such report fails the file when the shop closes.
  const cspViolations: string[] = [];
  return {
    app,
    baseUrl,
    dataDir,
    async newPage({ width = 390, height = 844 } = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, locale: 'ar-EG' });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
      });
      return { context, page };
    },
    takeCspViolations: () => cspViolations.splice(0),
    latestMail: (to) => latestOutboxMessage(path.join(dataDir, 'outbox'), to),
    api: (method, url, { as, body } = {}) => callApi(baseUrl, method, url, as, body),
    async tokenOf(credentials) {
      return (await callApi<{ token: string }>(baseUrl, 'POST', '/auth/login', undefined, credentials)).data.token;
    },
    async close() {
      // The browser is the worker's (workerChromium): only this shop's windows close.
      await Promise.all([...contexts].map((context) => context.close()));
      await app.close();
      await db.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
}

/** Waits for the run's build of the web app (dist/, tests/e2e/globalSetup.ts), which the shops serve. */
export const webBuilt = () => jobResult<void>(inject('webBuild'));

async function callApi<T>(
  baseUrl: string,
  method: string,
  url: string,
  as: string | Page | undefined,
  body: unknown,
): Promise<ApiAnswer<T>> {
  const token =
    typeof as === 'string' || as === undefined ? as : await as.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * The Latin words the shop's own data holds, which its pages may show (visibility.ts `englishProblems`): product
 * titles, descriptions and SKUs, names and other names (aliases) of categories, subcategories and brands.
 */
export async function catalogueWords(shop: Shop): Promise<Set<string>> {
  const rows = await shop.app.ctx.db.query<{ text: string }>(
    `SELECT concat_ws(' ', title, description, sku) AS text FROM products
     UNION ALL SELECT concat_ws(' ', name, array_to_string(aliases, ' ')) FROM categories
     UNION ALL SELECT concat_ws(' ', name, array_to_string(aliases, ' ')) FROM subcategories
     UNION ALL SELECT concat_ws(' ', name, array_to_string(aliases, ' ')) FROM brands`,
  );
  return latinWords(...rows.map((row) => row.text));
}

/**
 * The product cards of the page's main content that show a product. While a list loads, grey placeholder cards of
 * the same shape stand in its place; they have no title, and counting or reading them is reading nothing.
 */
export const productCards = (page: Page) => page.locator('main .product-card:has(.product-card__title)');

/** Waits for a toast saying `text` (the first, when an earlier one still shows the same). */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first().waitFor();

/** On the pay page: chooses the saved address `alias` and the payment method, ready for "اتمام الشراء". */
export async function choosePayment(page: Page, alias: string, method = 'الدفع عند الاستلام') {
  await page.goto('/order/paymethoud');
  const select = page.getByLabel('عنوان الشحن');
  await select.locator('option', { hasText: alias }).waitFor({ state: 'attached' });
  await select.selectOption({ label: alias });
  await page.getByRole('radio', { name: method }).check();
}

/** Logs in through the real login screen. */
export async function login(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(credentials.email);
  await page.getByLabel('كلمة السر', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: /تسجيل الدخول/ }).click();
  // Home, or back to the page a guard or an expired session sent the shopper from.
  await page.waitForURL((url) => url.pathname !== '/login');
}
/** Waits until the crop dialog shows its image with the first selection placed, and has stopped sliding in. */
export async function cropReady(dialog: Locator) {
  await dialog.getByRole('img', { name: 'الصورة المراد قصها' }).waitFor();
  await dialog.locator('.ReactCrop__crop-selection').waitFor();
  await (await dialog.getByRole('button', { name: 'قص', exact: true }).elementHandle())!.waitForElementState('stable');
}
/** A plain-coloured PNG of this size, as a file for a page's file input. */
export async function pngFile(name: string, width = 800, height = 600, colour = '#3366cc') {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
/** Crops each of the `count` photos just given to the product form's slots, in turn, as the crop dialog asks. */
export async function cropEachPhoto(page: Page, count: number) {
  const dialog = page.getByRole('dialog', { name: 'قص الصورة' });
  for (let position = 1; position <= count; position += 1) {
    await cropReady(dialog);
    await dialog.getByRole('button', { name: 'قص', exact: true }).click();
    await expect
      .poll(() => page.getByRole('img', { name: `الصورة ${position}` }).getAttribute('src'))
      .toMatch(/^data:image\/jpeg/);
  }
  await dialog.waitFor({ state: 'detached' });
}
export * from './visibility';
