import { extractFromXml } from '@extractus/feed-extractor';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articleMessages } from '#shared/articles.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { articleSeen, publishAsSeen } from '#tests/support/seen-versions.ts';
import { backOfficeClient, signedInStaff, signInThroughLogin } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

type Session = { cookies: string; token: string };

/** Markdown that tries every way to run script or leave the site's rules, as a hostile author would. */
const hostileBody = [
  '# A heading',
  '',
  '<script>alert("body")</script>',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '[click me](javascript:alert(2)) and [data](data:text/html;base64,PHNjcmlwdD4=)',
  '',
  '![pixel](http://tracker.example/p.gif) ![vb](vbscript:msgbox)',
  '',
  '[Outside](https://www.gov.uk/vat) and [inside](/contact)',
  '',
  '<a href="https://evil.example" onclick="alert(3)">raw link</a>',
].join('\n');

describeEachDatabase('articles from the editor to the public pages', (database) => {
  let site: TestApp;
  let clock = new Date();
  let staff: Session;
  let authorUserId: number;
  const api = () => backOfficeClient(site, staff);
  const page = (path: string) => send(site, path, { headers: { accept: 'text/html' } });
  const draft = (overrides: Record<string, unknown> = {}) => ({
    title: 'VAT & the new year',
    summary: 'What changes for VAT-registered businesses this January.',
    slug: 'vat-and-the-new-year',
    tags: 'VAT, Making Tax Digital, vat',
    authorUserId,
    authorName: 'Ann Fenwick',
    body: 'Registered businesses **must** file digitally.\n\n## What to do\n\nRead [HMRC’s notice](https://www.gov.uk/vat).',
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await api().send('/articles', draft(overrides));
    expect(response.status).toBe(201);
    return (await response.json()).id as number;
  };

  beforeAll(async () => {
    site = await startTestApp({
      database,
      clock: () => clock,
      env: { RATE_LIMIT_PER_MINUTE: '1000', INSIGHTS_REFRESH_SECONDS: '1' },
    });
    staff = await signedInStaff(site, 'ann@fenwickhale.test', 'owner');
    authorUserId = (await site.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => site?.close());

  it('is for staff: someone not signed in gets 401, and a change without the form token 403', async () => {
    expect((await send(site, '/api/back-office/articles')).status).toBe(401);
    const withoutToken = await api().send('/articles', draft(), 'POST', { 'x-form-token': 'wrong' });
    expect(withoutToken.status).toBe(403);
  });

  it('refuses a slug that is taken or badly formed, in words the editor shows', async () => {
    const id = await create({ slug: 'taken-slug' });
    const taken = await api().send('/articles', draft({ slug: 'taken-slug' }));
    expect(taken.status).toBe(409);
    expect((await taken.json()).errorMessages).toEqual([articleMessages.slugTaken]);
    const saved = await api().send(`/articles/${id}`, draft({ slug: 'a-new-address' }), 'PUT');
    expect((await saved.json()).infoMessages).toEqual([articleMessages.saved]);
    const badly = await api().send(`/articles/${id}`, draft({ slug: 'Not A Slug', title: '' }), 'PUT');
    expect(badly.status).toBe(422);
    expect((await badly.json()).errorMessages).toEqual(
      expect.arrayContaining([articleMessages.slug, articleMessages.title]),
    );
  });

  it('publishes an article: listed on /insights, at its slug, on its tags’ pages, in the sitemap and the feed', async () => {
    const id = await create();
    expect((await page('/insights/vat-and-the-new-year')).status).toBe(404);
    const published = await publishAsSeen(api(), id);
    expect(published.status).toBe(200);
    expect((await published.json()).infoMessages).toEqual([articleMessages.published]);

    const list = await (await page('/insights')).text();
    expect(list).toContain('<a href="/insights/vat-and-the-new-year">VAT &amp; the new year</a>');
    expect(list).toContain('href="/insights/newsletter"');

    const article = await page('/insights/vat-and-the-new-year');
    expect(article.status).toBe(200);
    const html = await article.text();
    expect(html).toContain('<title>VAT &amp; the new year | Fenwick &amp; Hale</title>');
    expect(html).toContain(`<link rel="canonical" href="${site.url}/insights/vat-and-the-new-year">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(
      '<meta name="description" content="What changes for VAT-registered businesses this January.">',
    );
    expect(html).toContain('<strong>must</strong>');
    // The page's title is its one h1, so the body's headings start one lower.
    expect(html).toContain('<h2>What to do</h2>');
    const jsonLd = JSON.parse(
      html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1] ?? '{}',
    );
    expect(jsonLd).toMatchObject({
      '@type': 'Article',
      headline: 'VAT & the new year',
      author: { '@type': 'Person', name: 'Ann Fenwick' },
      url: `${site.url}/insights/vat-and-the-new-year`,
    });
    // Tags are normalised: each once, lower-case-and-hyphens, and each has its page.
    expect(html).toContain('<a href="/insights/tag/vat">vat</a>');
    expect(html).toContain('<a href="/insights/tag/making-tax-digital">making tax digital</a>');
    expect(await (await page('/insights/tag/making-tax-digital')).text()).toContain('VAT &amp; the new year');

    const sitemap = await (await send(site, '/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${site.url}/insights</loc>`);
    expect(sitemap).toContain(`<loc>${site.url}/insights/tag/vat</loc>`);
    expect(sitemap).toMatch(
      new RegExp(`<loc>${site.url}/insights/vat-and-the-new-year</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );

    const feedAnswer = await send(site, '/insights/feed.xml');
    expect(feedAnswer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = extractFromXml(await feedAnswer.text());
    expect(feed.title).toBe('Fenwick & Hale: Insights');
    expect(feed.entries).toEqual([
      expect.objectContaining({
        title: 'VAT & the new year',
        link: `${site.url}/insights/vat-and-the-new-year`,
        description: 'What changes for VAT-registered businesses this January.',
      }),
    ]);
  });

  it('keeps pages in memory compressed, with an etag a browser can revalidate', async () => {
    const first = await site.app.inject({ url: '/insights', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await site.app.inject({ url: '/insights', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('renders Markdown XSS attempts inert on the public page and in the feed', async () => {
    const id = await create({
      slug: 'hostile',
      title: '<script>alert("title")</script>',
      body: hostileBody,
      tags: '',
    });
    expect((await publishAsSeen(api(), id)).status).toBe(200);
    const html = await (await page('/insights/hostile')).text();
    const body = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/<img[^>]+onerror/i);
    expect(body).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(body).not.toContain('tracker.example');
    expect(body).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(body).toContain('<a href="https://www.gov.uk/vat" rel="noopener">Outside</a>');
    expect(body).toContain('<a href="/contact">inside</a>');
    // The title in the structured data cannot close its script block either.
    expect(html).not.toContain('<script>alert');
    const feed = extractFromXml(await (await send(site, '/insights/feed.xml')).text());
    expect(feed.entries?.map((entry) => entry.title)).toContain('<script>alert("title")</script>');
  });

  it('takes a cover as AVIF and WebP at several widths, served at immutable hashed addresses, and refuses what is not one', async () => {
    const id = await create({ slug: 'with-a-cover' });
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, contentType = 'image/png', alt = 'A blue sky over Shrewsbury') =>
      api().send(`/articles/${id}/cover`, { contentType, data: bytes.toString('base64'), alt }, 'PUT');

    const notAnImage = await upload(Buffer.from('%PDF-1.4 not an image at all'));
    expect(notAnImage.status).toBe(422);
    expect((await notAnImage.json()).errorMessages).toEqual([articleMessages.coverUnreadable]);
    const mislabelled = await upload(png, 'image/jpeg');
    expect(mislabelled.status).toBe(422);
    expect((await mislabelled.json()).errorMessages).toEqual([articleMessages.coverType]);
    const gif = await upload(png, 'image/gif');
    expect(gif.status).toBe(422);
    const tooBig = await upload(Buffer.concat([png, Buffer.alloc(9 * 1024 * 1024)]));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).errorMessages).toEqual([articleMessages.coverSize]);
    // A JPEG cut short in the middle of its picture: its header reads, its picture does not.
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    const cutShort = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg');
    expect(cutShort.status).toBe(422);
    expect((await cutShort.json()).errorMessages).toEqual([articleMessages.coverUnreadable]);
    // The same JPEG whose header claims 20,000 by 15,000 pixels: refused by its size before decoding.
    const enormous = Buffer.from(jpeg);
    const frame = enormous.indexOf(Buffer.from([0xff, 0xc0]));
    enormous.writeUInt16BE(15_000, frame + 5);
    enormous.writeUInt16BE(20_000, frame + 7);
    const panorama = await upload(enormous, 'image/jpeg');
    expect([panorama.status, (await panorama.json()).errorMessages]).toEqual([
      413,
      [articleMessages.coverPixels],
    ]);
    const noAlt = await upload(png, 'image/png', '');
    expect(noAlt.status).toBe(422);
    expect((await noAlt.json()).errorMessages).toEqual([articleMessages.coverAlt]);

    expect((await upload(png)).status).toBe(200);
    expect((await publishAsSeen(api(), id)).status).toBe(200);
    const html = await (await page('/insights/with-a-cover')).text();
    const avif = html.match(/<source type="image\/avif" srcset="([^"]+)"/)?.[1] ?? '';
    expect(avif.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['480w', '960w', '1440w']);
    expect(html).toMatch(
      /<img src="\/insights\/images\/[0-9a-f]{20}-1440\.webp" width="1440" height="810" alt="A blue sky over Shrewsbury"/,
    );
    const first = avif.split(' ')[0] as string;
    const image = await send(site, first);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/avif');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(480);
    expect((await send(site, '/insights/images/0000-480.avif')).status).toBe(404);
  });

  it('publishes a scheduled article once its time (in the firm’s zone) has come, and not before', async () => {
    const id = await create({ slug: 'scheduled-one' });
    const past = await api().send(`/articles/${id}/schedule`, {
      publishAt: '2020-01-01T09:00',
      ...(await articleSeen(api(), id)),
    });
    expect(past.status).toBe(422);
    expect((await past.json()).errorMessages).toEqual([articleMessages.publishAt]);
    const inTwoDays = new Date(clock.getTime() + 2 * 86_400_000);
    const london = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/London',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(inTwoDays);
    expect(
      (
        await api().send(`/articles/${id}/schedule`, {
          publishAt: london.replace(' ', 'T'),
          ...(await articleSeen(api(), id)),
        })
      ).status,
    ).toBe(200);
    const listed = await api().json(`/articles/${id}`);
    expect(listed.status).toBe('scheduled');
    expect(Math.abs(new Date(listed.publishAt).getTime() - inTwoDays.getTime())).toBeLessThan(60_000);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await page('/insights/scheduled-one')).status).toBe(404);
    clock = new Date(inTwoDays.getTime() + 60_000);
    // Two days on, the session has long ended: sign in again.
    staff = await signInThroughLogin(site, 'ann@fenwickhale.test', 'Correct1');
    await waitUntil(async () => (await page('/insights/scheduled-one')).status === 200, {
      what: () => 'the scheduled article to be published',
    });
    expect((await api().json(`/articles/${id}`)).status).toBe('published');
  });

  it('unpublishing takes an article off every list, its tag pages, the sitemap and the feed', async () => {
    const id = await create({ slug: 'short-lived', tags: 'one-off' });
    expect((await publishAsSeen(api(), id)).status).toBe(200);
    expect((await page('/insights/tag/one-off')).status).toBe(200);
    const unpublished = await api().send(`/articles/${id}/unpublish`);
    expect((await unpublished.json()).infoMessages).toEqual([articleMessages.unpublished]);
    expect((await page('/insights/short-lived')).status).toBe(404);
    expect((await page('/insights/tag/one-off')).status).toBe(404);
    expect(await (await page('/insights')).text()).not.toContain('short-lived');
    expect(await (await send(site, '/sitemap.xml')).text()).not.toContain('short-lived');
    expect(await (await send(site, '/insights/feed.xml')).text()).not.toContain('short-lived');
    expect((await api().json(`/articles/${id}`)).status).toBe('draft');
  });

  it('another instance on the same database serves a newly published article within its refresh interval', async () => {
    const other = await startTestApp({
      databaseUrl: site.databaseUrl,
      clock: () => clock,
      env: { INSIGHTS_REFRESH_SECONDS: '1' },
    });
    try {
      const id = await create({ slug: 'seen-everywhere' });
      expect((await send(other, '/insights/seen-everywhere')).status).toBe(404);
      expect((await publishAsSeen(api(), id)).status).toBe(200);
      await waitUntil(async () => (await send(other, '/insights/seen-everywhere')).status === 200, {
        timeoutMs: 5000,
        what: () => 'the other instance to serve the article',
      });
      expect(await (await send(other, '/insights')).text()).toContain('/insights/seen-everywhere');
    } finally {
      // The other instance shares the database: closing it must not drop it.
      await other.close();
    }
  });

  it('records every change in the audit log, and keeps the byline when the author’s account is erased', async () => {
    const actions = await site.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'article.%')
      .execute();
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set([
        'article.created',
        'article.saved',
        'article.published',
        'article.scheduled',
        'article.unpublished',
        'article.cover-changed',
      ]),
    );
    await site.db.updateTable('users').set({ email: 'erased-pseudonym', status: 'disabled' }).execute();
    const html = await (await page('/insights/vat-and-the-new-year')).text();
    expect(html).toContain('By Ann Fenwick');
  });
});
