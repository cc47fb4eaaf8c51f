import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type SiteUnderTest, startInProcessSite } from './in-process-site.ts';

/**
 * Debian's Chromium headless shell (or CHROME_PATH); never a browser downloaded by a test tool. The shell
 * is the same Chromium without the desktop browser around it, as Playwright itself runs headless: a page
 * load costs it half the CPU of the full browser (docs/decisions/020-chromium-headless-shell.md).
 */
async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(executablePath)) {
    throw new Error(
      `No Chromium at ${executablePath}: install it (apt-get install -y chromium-headless-shell) or set CHROME_PATH to a Chromium binary`,
    );
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
      // Every context's pages share one renderer process rather than each starting its own: a spec opens
      // a fresh context per test, and a process start is a quarter of a page load's work on this machine.
      '--renderer-process-limit=1',
      // A test's page lives for seconds: V8's optimising compilers cost it more than they win back. Lite
      // mode runs the pages' scripts (and axe-core) without them: the browser specs 395 s → 334 s, the
      // renderer's CPU 369 → 283 s (docs/decisions/020-chromium-headless-shell.md).
      '--js-flags=--lite-mode',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this Vitest worker, launched by the first spec that asks and shared by the specs after
 * it (the worker's files share its modules: vitest.config.ts). Each spec works in contexts of its own and
 * closes them; Playwright ends the browser with the worker's process.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser();
  return shared;
}

/**
 * Collects console errors, uncaught exceptions and Content-Security-Policy violations of a page, for a
 * test to assert there are none. (A violation that the page's code catches logs nothing by itself.)
 */
export async function collectPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} by ${event.blockedURI} at ${event.sourceFile}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Gives the page a paused fake clock, before it loads: its timers then move only when the test runs
 * them (`page.clock.runFor`), so a slow machine cannot push a 3 s message past its check.
 */
export async function pausePageClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}

export interface SiteInBrowser {
  site: SiteUnderTest;
  browser: Browser;
  /** A fresh page in a fresh browser context for each test. */
  page: Page;
  /** Console errors and uncaught exceptions of `page` so far. */
  errors: string[];
}

/**
 * For a browser spec file: starts the built site (in process) once, and gives each test a new context of
 * the worker's Chromium (no cookies or storage carried over). Read the fields inside tests, not at the
 * top of the file.
 */
export function setUpSiteInBrowser({
  viewport = { width: 1280, height: 900 },
  env = {},
  firm,
}: {
  viewport?: { width: number; height: number };
  /** The site's environment, over the test defaults (which turn the bot check off). */
  env?: Record<string, string>;
  /** `none`: a site whose firm is not set up yet; else the demo firm. */
  firm?: 'none';
} = {}): SiteInBrowser {
  const state = {} as SiteInBrowser;
  beforeAll(async () => {
    [state.site, state.browser] = await Promise.all([startInProcessSite(env, firm), sharedBrowser()]);
  });
  afterAll(async () => {
    await state.site?.stop();
  });
  beforeEach(async () => {
    const context = await state.browser.newContext({ viewport });
    state.page = await context.newPage();
    state.errors = await collectPageErrors(state.page);
    return () => context.close();
  });
  return state;
}

/**
 * Pauses the running page clock a moment from now. The moment is read from the page and may have passed
 * by the time the pause arrives, which the clock refuses; then it tries again from a fresh reading.
 */
async function pauseClockNow(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + 50);
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
}

/**
 * Pauses the page's clock now, before the action that shows `text` in an element matching `selector`
 * (the page clock must be installed). `pauseAfter(ms)` then waits for the text and runs the clock `ms`
 * on, so a timer the page set when the text appeared is checked at exactly that age, however long the
 * test or a slow machine took to notice it. The clock stays paused until the test runs it on or calls
 * `page.clock.resume()`.
 */
export async function whenTextShows(page: Page, selector: string, text: string) {
  await pauseClockNow(page);
  return {
    async pauseAfter(ms: number) {
      await page.locator(selector).filter({ hasText: text }).first().waitFor();
      await page.clock.runFor(ms);
    },
  };
}

/**
 * Waits until the page is live for a visitor: its islands are live (src/client/main.ts marks
 * `html[data-hydrated]`), or, for a page the server fills in without a script, it has loaded.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  if ((await page.locator('script[type="module"]').count()) === 0) return;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Holds back the page's scripts whose address matches `pattern` until `release` is called: what a visitor
 * on a slow connection does before they arrive can then be tried.
 */
export async function holdScripts(page: Page, pattern: RegExp): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
