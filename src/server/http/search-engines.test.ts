import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { send } from '#tests/support/http.ts';

// What search engines and link previews see: the site as it would run at its real address.
const origin = 'https://www.fenwickhale.co.uk';
let site: TestApp;
beforeAll(async () => {
  site = await startTestApp({ env: { PUBLIC_URL: origin } });
});
afterAll(() => site.close());

const html = async (urlPath: string) => (await send(site, `${urlPath}`)).text();
const metaContent = (page: string, attribute: string, name: string) =>
  page.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`))?.[1];

const publicPages = [
  '/',
  '/services',
  '/about',
  '/contact',
  '/quote',
  '/application',
  '/newsletter',
  '/vat-de-minimis',
  '/privacy',
  '/cookies',
  // Written by the server (the articles' list), not prerendered: the same tags all the same.
  '/insights',
];
const hiddenPages = ['/login', '/subscribed', '/contact-received'];

describe('robots.txt and sitemap.xml', () => {
  it('list every public page at the public address, and none of the hidden ones', async () => {
    const response = await send(site, `/sitemap.xml`);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const sitemap = await response.text();
    expect(sitemap).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(listed.sort()).toEqual(publicPages.map((page) => `${origin}${page}`).sort());
  });

  it('point crawlers at the sitemap and away from the API and the back office', async () => {
    const response = await send(site, `/robots.txt`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      `User-agent: *\nDisallow: /api/\nDisallow: /back-office\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
  });
});

describe('each public page', () => {
  it.each(publicPages)('%s has its own title, description, canonical URL and sharing tags', async (path) => {
    const page = await html(path);
    const title = page.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title).toMatch(/Fenwick &amp; Hale/);
    expect(metaContent(page, 'name', 'description')?.length).toBeGreaterThan(50);
    expect(page).toContain(`<link rel="canonical" href="${origin}${path}">`);
    expect(metaContent(page, 'property', 'og:title')).toBe(title);
    expect(metaContent(page, 'property', 'og:url')).toBe(`${origin}${path}`);
    expect(metaContent(page, 'property', 'og:image')).toMatch(new RegExp(`^${origin}/share\\.png\\?v=`));
    expect(page).not.toContain('name="robots"');
  });

  it('titles and descriptions differ from page to page', async () => {
    const pages = await Promise.all(publicPages.map(html));
    const titles = new Set(pages.map((page) => page.match(/<title>([^<]+)<\/title>/)?.[1]));
    const descriptions = new Set(pages.map((page) => metaContent(page, 'name', 'description')));
    expect(titles.size).toBe(publicPages.length);
    expect(descriptions.size).toBe(publicPages.length);
  });

  it('describes the firm as an AccountingService with its address and contact point', async () => {
    const page = await html('/');
    const block = page.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1] as string;
    const firm = JSON.parse(block);
    expect(firm).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AccountingService',
      name: 'Fenwick & Hale',
      url: `${origin}/`,
      logo: expect.stringMatching(new RegExp(`^${origin}/logo\\?v=[0-9a-f]{16}$`)),
      telephone: '+441743360214',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '14 Castle Street',
        addressLocality: 'Shrewsbury',
        postalCode: 'SY1 2BQ',
        addressCountry: 'GB',
      },
      contactPoint: { '@type': 'ContactPoint', telephone: '+441743360214', email: 'hello@fenwickhale.co.uk' },
    });
  });

  it('serves the logo and the sharing image it names', async () => {
    const page = await html('/');
    const named = (address: string) => send(site, new URL(address).pathname + new URL(address).search);
    const { logo } = JSON.parse(
      page.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1] as string,
    );
    expect((await named(logo)).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const share = await named(metaContent(page, 'property', 'og:image') as string);
    expect(share.headers.get('content-type')).toBe('image/png');
  });
});

it.each(hiddenPages)('%s is kept out of search results', async (path) => {
  const page = await html(path);
  expect(metaContent(page, 'name', 'robots')).toBe('noindex');
  expect(page).not.toContain('og:title');
  expect(page).not.toContain('application/ld+json');
});
