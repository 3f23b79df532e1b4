import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../tests/e2e/chromium';
import { buildApp } from '../server/app';
import { generateCatalogue } from './generate';
import { startTlsProxy } from './tlsProxy';

/**
 * Page load in headless Chromium, throttled through the Chrome DevTools Protocol like a mid-range phone
 * on slow 4G: 4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. Each run is a new
 * browser context (cold cache, no storage). The real server serves dist/ and the API from a fresh
 * PGlite database holding a generated catalogue with real WebP images.
 */

export const THROTTLING = { cpuSlowdown: 4, latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75 }; // Lighthouse's mobile device
/** After the network goes quiet, how long we keep observing for a late LCP candidate or shift. */
const SETTLE_MS = 1500;

/** A script the browser fetched during the load, from Chromium's network events. */
export interface ScriptFetch {
  file: string;
  /** Bytes on the wire (headers included), as CDP `Network.loadingFinished` counts them. */
  transfer: number;
  encoding: string;
}

export interface PageRun {
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  requests: number;
  transferKB: number;
  lcpElement: string;
  /** Every script fetched during the whole observation (until network idle + SETTLE_MS), as served over HTTPS (brotli). */
  scripts: ScriptFetch[];
}

export interface PageResult extends PageRun {
  page: string;
  url: string;
  runs: PageRun[];
  /** JavaScript of one more load of the same page with `Accept-Encoding: gzip, deflate`: gzip bytes on the wire. */
  jsGzip: { files: ScriptFetch[]; transferKB: number };
  /** Median over the timed runs of the script bytes as served over HTTPS (brotli, as phones get them). */
  jsTransferKB: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Installed before any page script: collects paint, LCP, layout-shift and long-task entries. */
const OBSERVERS = `
  window.__perf = { lcp: [], shifts: [], longtasks: [], fcp: 0 };
  const observe = (type, fn) => { try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  observe('largest-contentful-paint', (e) => window.__perf.lcp.push({ t: e.renderTime || e.loadTime || e.startTime,
    el: (e.element ? e.element.tagName + (e.element.className ? '.' + String(e.element.className).split(' ')[0] : '') : '') + (e.url ? ' ' + e.url.split('/').pop() : '') }));
  observe('layout-shift', (e) => { if (!e.hadRecentInput) window.__perf.shifts.push({ t: e.startTime, v: e.value }); });
  observe('longtask', (e) => window.__perf.longtasks.push({ t: e.startTime, d: e.duration }));
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; });
`;

async function measure(browser: Browser, url: string, options: { acceptEncoding?: string } = {}): Promise<PageRun> {
  const context = await browser.newContext({
    viewport: { width: VIEWPORT.width, height: VIEWPORT.height },
    deviceScaleFactor: VIEWPORT.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'ar-EG',
    // The benchmark's own self-signed certificate (bench/tlsProxy.ts).
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: (THROTTLING.downloadKbps * 1000) / 8,
      uploadThroughput: (THROTTLING.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
    if (options.acceptEncoding)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': options.acceptEncoding } });
    let requests = 0;
    let transfer = 0;
    const responses = new Map<string, { url: string; mimeType: string; encoding: string }>();
    const scripts: ScriptFetch[] = [];
    cdp.on('Network.requestWillBeSent', () => requests++);
    cdp.on(
      'Network.responseReceived',
      (e: { requestId: string; response: { url: string; mimeType: string; headers: Record<string, string> } }) => {
        const encoding =
          Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
        responses.set(e.requestId, { url: e.response.url, mimeType: e.response.mimeType, encoding });
      },
    );
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      transfer += e.encodedDataLength;
      const r = responses.get(e.requestId);
      if (r && (/javascript/.test(r.mimeType) || /\.m?js(\?|$)/.test(new URL(r.url).pathname))) {
        scripts.push({ file: new URL(r.url).pathname, transfer: e.encodedDataLength, encoding: r.encoding });
      }
    });

    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const perf = await page.evaluate(
      () =>
        (
          window as unknown as {
            __perf: {
              lcp: { t: number; el: string }[];
              shifts: { v: number }[];
              longtasks: { t: number; d: number }[];
              fcp: number;
            };
          }
        ).__perf,
    );
    const observedUntil = await page.evaluate(() => performance.now());
    const last = perf.lcp[perf.lcp.length - 1];
    // Total blocking time as Lighthouse defines it, with the end of our observation window standing in for
    // time-to-interactive: the part beyond 50 ms of every long task that starts after first contentful paint.
    const tbt = perf.longtasks
      .filter((t) => t.t >= perf.fcp && t.t < observedUntil)
      .reduce((sum, t) => sum + Math.max(0, t.d - 50), 0);
    return {
      lcp: Math.round(last?.t ?? 0),
      cls: Number(perf.shifts.reduce((sum, s) => sum + s.v, 0).toFixed(4)),
      tbt: Math.round(tbt),
      fcp: Math.round(perf.fcp),
      requests,
      transferKB: Math.round(transfer / 1024),
      lcpElement: last?.el ?? '',
      scripts,
    };
  } finally {
    await context.close();
  }
}

export async function runPageLoadBench(options: {
  root: string;
  runs: number;
  log: (line: string) => void;
}): Promise<PageResult[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-pageload-'));
  const app = await buildApp({
    webDist: path.join(options.root, 'dist'),
    config: {
      nodeEnv: 'production',
      // Production needs it to start; the real address replaces it once the server listens.
      publicBaseUrl: 'http://127.0.0.1',
      jwtSecret: 'bench-only-secret-0123456789abcdef0123456789',
      logLevel: 'warn',
      dataDir,
      databaseUrl: undefined,
      rateLimits: false,
      seedDemo: false,
    },
  });
  const browser = await launchChromium();
  let tls: Awaited<ReturnType<typeof startTlsProxy>> | undefined;
  try {
    const catalogue = await generateCatalogue(app.ctx.db, { products: 300, storage: app.ctx.storage });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    // Pages load over HTTPS, as on a real shop: only there does Chromium accept brotli.
    tls = await startTlsProxy(typeof address === 'object' && address ? address.port : 0);
    const baseUrl = tls.url;
    app.ctx.config.publicBaseUrl = baseUrl;

    const pages = [
      { page: 'home', path: '/' },
      { page: 'products', path: '/products' },
      { page: 'product detail', path: `/products/${catalogue.productIds[0]}` },
    ];
    const results: PageResult[] = [];
    for (const { page, path: p } of pages) {
      const url = baseUrl + p;
      await measure(browser, url); // one unrecorded run: warms the server's JIT and PGlite, not the browser (new context each run)
      const runs: PageRun[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await measure(browser, url));
      // One more load, same throttling and window, asking for gzip only: the JavaScript as the budget counts it.
      const gzipRun = await measure(browser, url, { acceptEncoding: 'gzip, deflate' });
      const jsKB = (scripts: ScriptFetch[]) =>
        Math.round((scripts.reduce((n, s) => n + s.transfer, 0) / 1024) * 10) / 10;
      const pick = (k: 'lcp' | 'cls' | 'tbt' | 'fcp' | 'requests' | 'transferKB') => median(runs.map((r) => r[k]));
      const result: PageResult = {
        page,
        url: p,
        lcp: pick('lcp'),
        cls: pick('cls'),
        tbt: pick('tbt'),
        fcp: pick('fcp'),
        requests: pick('requests'),
        transferKB: pick('transferKB'),
        lcpElement: runs[runs.length - 1].lcpElement,
        scripts: runs[runs.length - 1].scripts,
        runs,
        jsGzip: { files: gzipRun.scripts, transferKB: jsKB(gzipRun.scripts) },
        jsTransferKB: median(runs.map((r) => jsKB(r.scripts))),
      };
      results.push(result);
      options.log(
        `  ${page.padEnd(15)} LCP ${result.lcp} ms  CLS ${result.cls}  TBT ${result.tbt} ms  FCP ${result.fcp} ms  ${result.requests} requests  ${result.transferKB} KB  (LCP element ${result.lcpElement})`,
      );
      options.log(
        `  ${''.padEnd(15)} JS ${result.jsGzip.transferKB} KB gzip in ${result.jsGzip.files.length} files (${result.jsTransferKB} KB brotli over HTTPS): ${result.jsGzip.files.map((f) => path.basename(f.file)).join(', ')}`,
      );
    }
    return results;
  } finally {
    await browser.close();
    await tls?.close();
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Cache and compression headers of the static delivery, checked on the real server. */
export interface StaticCheck {
  file: string;
  cacheControl: string;
  contentEncoding: string;
  ok: boolean;
}

export async function checkStaticDelivery(root: string): Promise<StaticCheck[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-static-'));
  const app = await buildApp({
    webDist: path.join(root, 'dist'),
    config: {
      nodeEnv: 'production',
      // Production needs it to start; the real address replaces it once the server listens.
      publicBaseUrl: 'http://127.0.0.1',
      jwtSecret: 'bench-only-secret-0123456789abcdef0123456789',
      logLevel: 'warn',
      dataDir,
      databaseUrl: undefined,
      rateLimits: false,
      seedDemo: false,
    },
  });
  try {
    const index = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    const html = (await app.inject({ url: '/' })).body;
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    const checks: StaticCheck[] = [];
    const check = (file: string, res: { headers: Record<string, unknown> }, wantImmutable: boolean) => {
      const cacheControl = String(res.headers['cache-control'] ?? '');
      const contentEncoding = String(res.headers['content-encoding'] ?? '');
      const cacheOk = wantImmutable
        ? /immutable/.test(cacheControl) && /max-age=31536000/.test(cacheControl)
        : /no-cache|no-store/.test(cacheControl);
      checks.push({ file, cacheControl, contentEncoding, ok: cacheOk && /br|gzip/.test(contentEncoding) });
    };
    check('/ (index.html)', index, false);
    check(
      '/products/some-id (SPA fallback)',
      await app.inject({
        url: '/products/0f0e0d0c-0b0a-4900-8000-000000000000',
        headers: { 'accept-encoding': 'br, gzip' },
      }),
      false,
    );
    for (const asset of assets.filter((a) => /\.(js|css)$/.test(a)))
      check(asset, await app.inject({ url: asset, headers: { 'accept-encoding': 'br, gzip' } }), true);
    return checks;
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
