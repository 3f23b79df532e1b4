import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (or CHROMIUM_PATH), headless, as the end-to-end tests and the page-load benchmark drive it: no
 * sandbox (containers run as root), no GPU, and nothing of its own on the network that a test would have to ignore.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The one Chromium of this test worker: the end-to-end files a worker runs one after another (isolate: false) each
 * open their own contexts in it and close them, instead of each launching and closing a browser. Chromium ends with
 * the worker process (its pipe to Playwright closes); a browser that went away is launched again.
 */
export function workerChromium(): Promise<Browser> {
  workerBrowser ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}
