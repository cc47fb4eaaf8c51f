import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { articleMessages } from '#shared/articles.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { type HtmlDocument, nuHtmlErrors } from '../support/nu-html-checker.ts';
import { signIn } from '../support/signed-in.ts';

// A member of staff writes an article in the back office, sees the Markdown drawn beside it, adds a
// cover and publishes it; the article is then on /insights, at its own address, on its tag's page, in the
// sitemap and in the feed, and reads well on a phone and a desktop.
const t = setUpSiteInBrowser();

describe('Insights in Chromium', () => {
  it('writes, previews, publishes and shows an article on /insights, its page, its tag page, the sitemap and the feed', {
    timeout: 120_000,
  }, async () => {
    const email = 'ann.insights@fenwickhale.test';
    const page = t.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    // The firm's first account, and so an owner, as `user:add` makes the first account whatever it is asked.
    await signIn(page, t.site, email, 'owner', '/back-office/insights');
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New article' }).click();
    await page.getByRole('heading', { name: 'New article', level: 1 }).waitFor();

    await page.getByLabel('Title').fill('Making Tax Digital for landlords');
    expect(await page.getByLabel('Address').inputValue()).toBe('making-tax-digital-for-landlords');
    await page
      .getByLabel('Summary')
      .fill('From April 2026 landlords with income over £50,000 keep digital records.');
    await page.getByLabel('Tags').fill('Making Tax Digital, Landlords');
    await page.getByLabel('Name shown to readers').fill('Ann Fenwick');
    // Written as Markdown, which an author may prefer to the editor.
    await page.getByRole('button', { name: 'Write as Markdown' }).click();
    await page
      .getByLabel('Text (Markdown)')
      .fill(
        'Landlords **must** keep digital records.\n\n# What to do now\n\n- Choose software\n- <b>Sign up</b>',
      );
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.locator('strong', { hasText: 'must' }).waitFor();
    await preview.getByRole('heading', { name: 'What to do now', level: 2 }).waitFor();
    expect(await preview.getByText('<b>Sign up</b>').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Edit: Making Tax Digital for landlords', level: 1 }).waitFor();

    const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4e89' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Picture (JPEG, PNG or WebP, up to 8 MB)').setInputFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: cover,
    });
    await page.getByLabel('Description of the picture').fill('A terrace of rented houses');
    await page.getByRole('button', { name: 'Upload cover' }).click();
    await page.getByRole('status').getByText(articleMessages.coverSaved).waitFor();
    await page.getByRole('img', { name: 'A terrace of rented houses' }).waitFor();

    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('status').getByText(articleMessages.published).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(`${t.site.url}/insights`);
    await page.getByRole('link', { name: 'Insights', exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Making Tax Digital for landlords' }).click();
    await page.getByRole('heading', { name: 'Making Tax Digital for landlords', level: 1 }).waitFor();
    expect(page.url()).toBe(`${t.site.url}/insights/making-tax-digital-for-landlords`);
    const image = page.getByRole('img', { name: 'A terrace of rented houses' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    expect(await page.getByText('<b>Sign up</b>').count()).toBe(1);

    // At the desktop's width as it loaded, then served again to a phone's.
    for (const width of [1280, 320]) {
      if (width !== 1280) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      // Nothing wider than the screen, so nobody scrolls sideways to read.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('link', { name: 'landlords', exact: true }).click();
    await page.getByRole('heading', { name: 'Insights on landlords', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Making Tax Digital for landlords' }).count()).toBe(1);

    const sitemap = await (await fetch(`${t.site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${t.site.url}/insights/making-tax-digital-for-landlords</loc>`);
    expect(sitemap).toContain(`<loc>${t.site.url}/insights/tag/making-tax-digital</loc>`);
    const feed = await (await fetch(`${t.site.url}/insights/feed.xml`)).text();
    expect(feed).toContain(`<id>${t.site.url}/insights/making-tax-digital-for-landlords</id>`);

    // The pages the server writes, and the editor as the browser built it, are valid HTML.
    const documents: HtmlDocument[] = [];
    for (const path of [
      '/insights',
      '/insights/making-tax-digital-for-landlords',
      '/insights/tag/landlords',
    ]) {
      documents.push({ name: path, html: await (await fetch(`${t.site.url}${path}`)).text() });
    }
    await page.goto(`${t.site.url}/back-office/insights`);
    await page.getByRole('link', { name: 'Making Tax Digital for landlords' }).click();
    await page.getByRole('region', { name: 'Preview' }).locator('strong').waitFor();
    documents.push({
      name: 'the article editor',
      html: `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`,
    });
    expect(await nuHtmlErrors(documents)).toEqual([]);

    // From the published article to a newsletter: the composer starts from its words, and the email
    // ends with a link to read it on the site.
    await page.getByRole('link', { name: 'Send as the newsletter' }).click();
    await page.getByText('Starts from the article “Making Tax Digital for landlords”').waitFor();
    await expect(page.getByLabel('Subject').inputValue()).resolves.toBe('Making Tax Digital for landlords');
    await page.getByLabel('Subject').fill('Landlords: records go digital in April');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Landlords: records go digital in April', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Preview the email' }).click();
    const emailPart = page.frameLocator('iframe[title="The email’s HTML part"]');
    await expect(
      emailPart.getByRole('link', { name: 'Read it on our site' }).getAttribute('href'),
    ).resolves.toBe(`${t.site.url}/insights/making-tax-digital-for-landlords`);
    expect(t.errors).toEqual([]);
  });

  it('keeps a new article’s form back until the editor has loaded, so nothing typed is replaced', async () => {
    const page = t.page;
    await signIn(page, t.site, 'bea.insights@fenwickhale.test', 'staff', '/back-office/insights');
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    // The editor's first answer (the staff who may be named as authors) held back, as on a busy server.
    let answerList = () => {};
    const listHeld = new Promise<void>((resolve) => {
      answerList = resolve;
    });
    await page.route('**/api/back-office/articles', async (route) => {
      if (route.request().method() === 'GET') await listHeld;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'New article' }).click();
    await page.getByRole('heading', { name: 'New article', level: 1 }).waitFor();
    await page.getByText('Loading…').waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);

    answerList();
    await page.getByLabel('Title').fill('Payroll year end');
    await page.getByLabel('Summary').fill('What to send HMRC before the new tax year.');
    await page.getByLabel('Name shown to readers').fill('Bea Hale');
    await page.getByRole('button', { name: 'Write as Markdown' }).click();
    await page.getByLabel('Text (Markdown)').fill('Send your final submission by 19 April.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Edit: Payroll year end', level: 1 }).waitFor();
    expect(t.errors).toEqual([]);
  });
});
