import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpSiteInBrowser } from '../support/browser.ts';

/**
 * Size budgets of what a visitor's browser loads, measured in Chromium (not read from the build's file
 * list), so a chunk that sneaks onto the home page through a static import is counted.
 */
const budgets = { scriptGzipBytes: 80 * 1024, styleGzipBytes: 15 * 1024 };

const t = setUpSiteInBrowser();
const assetsDir = path.resolve(import.meta.dirname, '../../dist/client');

/** Records every script and stylesheet the page fetches from now on, by path. */
function recordAssets(page: Page) {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) fetched.add(pathname);
  });
  return fetched;
}

const gzipBytes = (assetPath: string) =>
  gzipSync(readFileSync(path.join(assetsDir, assetPath)), { level: 9 }).length;
const total = (paths: string[]) => paths.reduce((sum, p) => sum + gzipBytes(p), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('what the home page loads before anyone touches it', () => {
  it('stays within 80 KB of JavaScript and 15 KB of CSS (gzip), leaving the booking modal for later', async () => {
    const fetched = recordAssets(t.page);
    await t.page.goto(t.site.url);
    await t.page.waitForSelector('html[data-hydrated]');
    // The cookie banner shows 2 s after load, without interaction: wait for it so its code is counted.
    await t.page.getByRole('region', { name: 'Cookies on this site' }).waitFor();
    await t.page.waitForLoadState('networkidle');

    const scripts = [...fetched].filter((p) => p.endsWith('.js'));
    const styles = [...fetched].filter((p) => p.endsWith('.css'));
    const scriptBytes = total(scripts);
    const styleBytes = total(styles);
    const report = `JavaScript ${kb(scriptBytes)} in ${scripts.length} files, CSS ${kb(styleBytes)} in ${styles.length}`;
    console.info(`home page before interaction: ${report}`);
    expect(
      scripts.some((p) => /\/main-/.test(p)),
      report,
    ).toBe(true);
    expect(scriptBytes, report).toBeLessThanOrEqual(budgets.scriptGzipBytes);
    expect(styleBytes, report).toBeLessThan(budgets.styleGzipBytes);
    expect(scripts.filter((p) => /\/(BookCallModal|BackOfficeApp|EnquiryForm)-/.test(p))).toEqual([]);

    const before = fetched.size;
    await t.page.getByRole('button', { name: 'Book an initial call' }).first().click();
    await t.page.getByRole('dialog', { name: 'Book an initial call' }).waitFor();
    const loadedOnDemand = [...fetched].slice(before);
    expect(loadedOnDemand.some((p) => /\/BookCallModal-/.test(p))).toBe(true);
    expect(t.errors).toEqual([]);
  });
});
