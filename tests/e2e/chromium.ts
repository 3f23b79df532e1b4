import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (or CHROMIUM_PATH), headless, as the end-to-end tests and the page-load benchmark drive it: no
 * sandbox (containers run as root), no GPU, and nothing of its own on the network that a test would have to ignore.
 * The benchmark measures the full browser, as shoppers' Chrome renders a page; the tests use `testChromiumPath()`.
 */
export function launchChromium(
  executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  extraArgs: string[] = [],
): Promise<Browser> {
  if (!fs.existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/**
 * The Chromium of the end-to-end tests: CHROMIUM_PATH, else Chromium's headless shell (Debian's
 * chromium-headless-shell; what Playwright runs for headless by default), else the full browser. The shell is the same
 * Blink, V8 and network stack without the desktop browser around them: the tests' pages render alike, in half the
 * CPU time of the full browser (the end-to-end suite: 168 against 339 CPU-seconds of Chromium).
 */
export function testChromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  return candidates.find((file) => file && fs.existsSync(file)) ?? '/usr/bin/chromium';
}

/**
 * V8 without its optimizing compilers (Maglev, TurboFan) for the tests' pages: a page lives for a few clicks, too short
 * for optimized code to pay back its compiling, which ran on the same two cores. The same page loads with axe checks:
 * 17.8 against 21.7 CPU-seconds of Chromium (three runs each). What a page does is the same in every tier; the
 * page-load benchmark keeps V8's defaults, as shoppers' Chrome runs them.
 */
const TEST_PAGE_JS_FLAGS = '--js-flags=--no-maglev --no-turbofan';

let workerBrowser: Promise<Browser> | undefined;

/**
 * The one Chromium of this test worker: the end-to-end files a worker runs one after another (isolate: false) each
 * open their own contexts in it and close them, instead of each launching and closing a browser. Chromium ends with
 * the worker process (its pipe to Playwright closes); a browser that went away is launched again.
 */
export function workerChromium(): Promise<Browser> {
  workerBrowser ??= launchChromium(testChromiumPath(), [TEST_PAGE_JS_FLAGS]).then((browser) => {
    browser.on('disconnected', () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}
