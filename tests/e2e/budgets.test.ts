import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setInstantQuote } from '#server/features/instant-quote/index.ts';
import { hydrated, setUpSiteInBrowser } from '../support/browser.ts';
import { sitePagePaths } from '../support/built-pages.ts';
import { passwordLinkFor, signIn } from '../support/signed-in.ts';

/**
 * Size budgets of what a visitor's browser loads, measured in Chromium (not read from the build's file
 * list), so a chunk that sneaks onto a page through a static import is counted. A page without a form of
 * its own hydrates nothing as it loads (docs/decisions/023-pages-are-sections.md): its budget is the
 * issue's 60 KB, though it loads far less.
 */
const budgets = {
  scriptGzipBytes: 60 * 1024,
  formPageScriptGzipBytes: 85 * 1024,
  styleGzipBytes: 15 * 1024,
  /** The instant quote prices with plain script and the shared calculation, without the schema library. */
  instantQuoteScriptGzipBytes: 12 * 1024,
};

const t = setUpSiteInBrowser();
const distDir = path.resolve(import.meta.dirname, '../../dist');
const assetsDir = path.join(distDir, 'client');

/** The gzip size of each script and stylesheet a recorded page fetched, as the server sent it. */
const fetchedBytes = new Map<string, Promise<number>>();

/** Records every script and stylesheet the page fetches from now on, by path. */
function recordAssets(page: Page) {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/\.(js|css)$/.test(pathname)) return;
    fetched.add(pathname);
    fetchedBytes.set(
      pathname,
      // A response still arriving when the test closes its page has no body to read: NaN, which fails
      // a budget only if that file was counted.
      response
        .body()
        .then((body) => gzipSync(body, { level: 9 }).length)
        .catch(() => Number.NaN),
    );
  });
  return fetched;
}
const fetchedTotal = async (paths: string[]) =>
  (await Promise.all(paths.map((p) => fetchedBytes.get(p) ?? 0))).reduce((sum, bytes) => sum + bytes, 0);

const gzipBytes = (assetPath: string) =>
  gzipSync(readFileSync(path.join(assetsDir, assetPath)), { level: 9 }).length;
const total = (paths: string[]) => paths.reduce((sum, p) => sum + gzipBytes(p), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Every page whose only form is the footer's sign-up: the site's own and the server's (an article list).
const pagesWithoutForms = ['/', '/about', '/services', '/privacy', '/cookies', '/insights', '/no-such-page'];

describe('what a page without a form loads before anyone touches it', () => {
  it.each(pagesWithoutForms)(
    '%s stays within 60 KB of JavaScript and 15 KB of CSS (gzip), with no React until a visitor asks to book',
    async (pagePath) => {
      const fetched = recordAssets(t.page);
      await t.page.goto(`${t.site.url}${pagePath}`);
      await t.page.waitForSelector('html[data-hydrated]');
      // The cookie banner is there without interaction: wait for it so that all its code is counted.
      await t.page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
      // What is measured is everything fetched before a touch, a late request included: the one place the
      // suite waits for the network to fall quiet.
      await t.page.waitForLoadState('networkidle');

      const scripts = [...fetched].filter((p) => p.endsWith('.js'));
      const styles = [...fetched].filter((p) => p.endsWith('.css'));
      // The firm's colours (/theme.css) come from the server, the rest from the build: each as sent.
      const scriptBytes = await fetchedTotal(scripts);
      const styleBytes = await fetchedTotal(styles);
      const report = `JavaScript ${kb(scriptBytes)} in ${scripts.length} files, CSS ${kb(styleBytes)} in ${styles.length}`;
      console.info(`${pagePath} before interaction: ${report}`);
      expect(
        scripts.some((p) => /\/main-/.test(p)),
        report,
      ).toBe(true);
      expect(scriptBytes, report).toBeLessThanOrEqual(budgets.scriptGzipBytes);
      expect(styleBytes, report).toBeLessThan(budgets.styleGzipBytes);
      expect(
        scripts.filter((p) => /\/(react|BookCallModal|BackOfficeApp|EnquiryForm|SignUpForm)-/.test(p)),
      ).toEqual([]);

      // The footer's sign-up form comes alive when the visitor reaches it, and a booking when asked for.
      let before = fetched.size;
      await t.page.getByRole('textbox', { name: 'Email address' }).focus();
      await expect.poll(() => [...fetched].slice(before).some((p) => /\/SignUpForm-/.test(p))).toBe(true);
      before = fetched.size;
      await t.page
        .getByRole('button', { name: /^Book a/ })
        .first()
        .click();
      await t.page.getByRole('dialog', { name: 'Book an initial call' }).waitFor();
      expect([...fetched].slice(before).some((p) => /\/BookCallModal-/.test(p))).toBe(true);
      expect(t.errors.filter((error) => !(pagePath === '/no-such-page' && error.includes('404')))).toEqual(
        [],
      );
    },
  );
});

/** One entry of Vite's build manifest: a source's output file, what it imports and its stylesheets. */
interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
const manifest: Record<string, ManifestEntry> = JSON.parse(
  readFileSync(path.join(distDir, 'manifest.json'), 'utf8'),
);

/**
 * Every output file (`/assets/…`) the given sources need, statically or on demand, with their
 * stylesheets; never going through a source that `leaveOut` names.
 */
function reachedFrom(
  sources: string[],
  leaveOut: (source: string) => boolean = () => false,
  onDemandToo = true,
): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key) || leaveOut(key)) return;
    seen.add(key);
    files.add(`/${entry.file}`);
    for (const css of entry.css ?? []) files.add(`/${css}`);
    for (const next of [...(entry.imports ?? []), ...(onDemandToo ? (entry.dynamicImports ?? []) : [])])
      visit(next);
  };
  for (const source of sources) visit(source);
  return files;
}

const isBackOffice = (source: string) => /src\/client\/(features|pages)\/back-office\//.test(source);
// The browser entry, which reaches every island on demand: all the code a public page can load.
const publicSources = ['src/client/main.ts'];
/**
 * The back office's own code and styles, whatever their names: everything its sources (the page, the
 * screens, the staff layout, its stylesheet) need that no public page needs even on demand. (The browser
 * entry can load any island, the back office's too: what it reaches through the back office is left out.)
 */
const sharedWithPublic = reachedFrom(publicSources, isBackOffice);
const backOfficeFiles = [...reachedFrom(Object.keys(manifest).filter(isBackOffice))].filter(
  (file) => !sharedWithPublic.has(file),
);

// Every public page the build made (all but the back office).
const publicPages = sitePagePaths
  .filter((page) => page !== '/back-office')
  .map((page) => (page === '/404' ? '/no-such-page' : page));

describe('the back office’s code and styles', () => {
  it('are fetched by no public page, and by the back office itself', async () => {
    expect(backOfficeFiles.some((file) => /\/BackOfficeApp-.+\.js$/.test(file))).toBe(true);
    expect(backOfficeFiles.some((file) => /\/back-office-.+\.css$/.test(file))).toBe(true);
    expect(publicPages).toEqual(expect.arrayContaining(['/', '/login', '/contact', '/no-such-page']));

    // The password form opens through a real link: a member of staff's invitation.
    const email = 'budget.check@fenwickhale.test';
    const resetLink = await passwordLinkFor(t.site, email);

    const fetched = recordAssets(t.page);
    for (const page of publicPages) {
      await t.page.goto(page === '/reset-password' ? resetLink : `${t.site.url}${page}`);
      // Hydrated, a page has fetched every chunk it imports; the back office's would be among them.
      await hydrated(t.page);
      const loaded = [...fetched].filter((file) => backOfficeFiles.includes(file));
      expect({ page, loaded }).toEqual({ page, loaded: [] });
    }

    // Signed in, the back office fetches them: the check above looks for the right files.
    await signIn(t.page, t.site, email);
    await hydrated(t.page);
    const ownFiles = backOfficeFiles.filter((file) =>
      /\/(BackOfficeApp-.+\.js|back-office-.+\.css)$/.test(file),
    );
    expect(ownFiles.filter((file) => !fetched.has(file))).toEqual([]);
    expect(t.errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});

describe.each([
  {
    path: '/contact',
    sender: 'src/client/features/enquiries/send-enquiry.ts',
    firstField: 'Your name',
    button: 'Send your enquiry',
    missing: 'Please enter your name',
  },
  {
    path: '/application',
    sender: 'src/client/features/applications/send-application.ts',
    firstField: 'How many customers do you have?',
    button: 'Arrange an initial chat',
    missing: 'Please tell us how many customers you have',
  },
])(
  'what the form page $path loads before anyone touches it',
  ({ path: pagePath, sender, firstField, button, missing }) => {
    const senderFiles = [...reachedFrom([sender], undefined, false)];

    it('leaves the form’s rules and the schema library until the visitor reaches the form', async () => {
      const fetched = recordAssets(t.page);
      await t.page.goto(`${t.site.url}${pagePath}`);
      await hydrated(t.page);
      const atLoad = [...fetched];
      const leftForLater = senderFiles.filter((file) => file.endsWith('.js') && !atLoad.includes(file));
      const report = `at load: JavaScript ${kb(total(atLoad.filter((p) => p.endsWith('.js'))))}; left for later: ${kb(total(leftForLater))} in ${leftForLater.join(', ')}`;
      console.info(`${pagePath} ${report}`);
      expect(total(leftForLater), report).toBeGreaterThan(20 * 1024);
      expect(total(atLoad.filter((p) => p.endsWith('.js'))), report).toBeLessThanOrEqual(
        budgets.formPageScriptGzipBytes,
      );

      await t.page.getByLabel(firstField).focus();
      await expect.poll(() => leftForLater.filter((file) => !fetched.has(file))).toEqual([]);
      expect(t.errors).toEqual([]);
    });

    it('says a connection problem when the rules cannot be fetched, and checks the form once they can', async () => {
      const blocked = (url: URL) => url.pathname === `/${manifest[sender]?.file}`;
      await t.page.route(blocked, (route) => route.abort());
      await t.page.goto(`${t.site.url}${pagePath}`);
      await t.page.waitForSelector('html[data-hydrated]');
      await t.page.getByRole('button', { name: button }).click();
      await t.page.getByText('There was a connection problem. Please try again.').waitFor();

      await t.page.unroute(blocked);
      await t.page.getByRole('button', { name: button }).click();
      await t.page.getByText(missing).first().waitFor();
      expect(await t.page.getByText('There was a connection problem. Please try again.').count()).toBe(0);
    });
  },
);

describe('the instant quote’s page', () => {
  it('prices as the visitor chooses with a few KB of script of its own: no React, no schema library', async () => {
    await setInstantQuote(t.site.db, true, { by: null, now: new Date() });
    const fetched = recordAssets(t.page);
    await t.page.goto(`${t.site.url}/instant-quote`);
    // Hydrated, the page has fetched its pricing script and everything it imports.
    await hydrated(t.page);
    const scripts = [...fetched].filter((p) => p.endsWith('.js'));
    const report = `JavaScript ${kb(await fetchedTotal(scripts))} in ${scripts.length} files`;
    console.info(`/instant-quote at load: ${report}`);
    expect(
      scripts.some((p) => /\/instant-quote-/.test(p)),
      report,
    ).toBe(true);
    expect(await fetchedTotal(scripts), report).toBeLessThanOrEqual(budgets.instantQuoteScriptGzipBytes);
    expect(scripts.filter((p) => /\/(react|zod|forms)-/.test(p))).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});
