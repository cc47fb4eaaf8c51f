import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPageTitleLength } from '#shared/page-title.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { renderedPages } from '../support/built-pages.ts';
import { send } from '../support/http.ts';
import { publishAsSeen } from '../support/seen-versions.ts';
import { backOfficeClient, signedInStaff } from '../support/staff.ts';

// Search engines cut a title after about 60 characters and a description after about 160: every
// prerendered page stays within both, so what a searcher reads is what the firm wrote.
const pages = renderedPages();

const titleIn = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');

const decode = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

describe('page titles and descriptions', () => {
  it('covers every prerendered page', () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
  });

  it.each(pages)('$path: a title of at most 60 characters and a description of at most 160', ({ html }) => {
    const title = titleIn(html);
    const description = decode(html.match(/<meta name="description" content="([^"]*)">/)?.[1] ?? '');
    expect(title.length, title).toBeGreaterThan(0);
    expect(title.length, title).toBeLessThanOrEqual(60);
    expect(description.length, description).toBeGreaterThan(0);
    expect(description.length, description).toBeLessThanOrEqual(160);
  });
});

describe('titles of the pages the server writes', () => {
  // An article's title may run to 150 characters, and a tag to as many as an editor types.
  const longTitle =
    'Making Tax Digital for income tax: what sole traders and landlords must do before April, and what it costs';
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000', INSIGHTS_REFRESH_SECONDS: '1' } });
    const staff = await signedInStaff(site, 'ann@fenwickhale.test', 'owner');
    const author = await site.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const api = backOfficeClient(site, staff);
    const created = await api.send('/articles', {
      title: longTitle,
      summary: 'What changes for sole traders and landlords.',
      slug: 'mtd-for-income-tax',
      tags: 'Making Tax Digital for income tax self assessment',
      authorUserId: author.id,
      authorName: 'Ann Fenwick',
      body: 'Quarterly updates start in April.',
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect((await publishAsSeen(api, id)).status).toBe(200);
  });
  afterAll(async () => site?.close());

  it.each([
    ['an article with a long title', '/insights/mtd-for-income-tax', 'Making Tax Digital for income tax'],
    [
      'a tag with a long name',
      '/insights/tag/making-tax-digital-for-income-tax-self-assessment',
      'Insights on',
    ],
    ['the list of insights', '/insights', 'Insights | '],
  ])('%s: at most 60 characters, beginning with its own words', async (_, path, start) => {
    const response = await send(site, path, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const title = titleIn(await response.text());
    expect(title.startsWith(start), title).toBe(true);
    expect(title.length, title).toBeLessThanOrEqual(maxPageTitleLength);
  });
});
