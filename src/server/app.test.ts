import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieBannerGateScript } from '#shared/cookie-banner-gate.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { send } from '#tests/support/http.ts';
import { packageVersion } from '#tests/support/release.ts';
import { publicRoute } from './http/access.ts';
import { withoutTrailingSlash } from './http/errors.ts';

let site: TestApp;

beforeAll(async () => {
  site = await startTestApp({
    extend(app) {
      app.get('/test/explode', { config: publicRoute }, async () => {
        throw new Error('secret internal detail');
      });
      app.post('/test/echo', { config: publicRoute }, async (request) => ({ received: request.body }));
    },
  });
});
afterAll(() => site.close());

const get = (urlPath: string, headers: Record<string, string> = {}, redirect: RequestRedirect = 'follow') =>
  send(site, `${urlPath}`, { headers, redirect });

describe('security headers', () => {
  it('forbid inline script, framing and cross-site referrers', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('allow one inline script, the cookie banner’s gate, by its hash and nothing else', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    // Data blocks (the JSON-LD, the firm the page hydrates with) are never run, so no policy covers them.
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*"application\/(ld\+)?json")[^>]*>(.*?)<\/script>/gs),
    ].map((match) => match[2] ?? '');
    expect(inline).toEqual([cookieBannerGateScript]);
    const hash = createHash('sha256').update(cookieBannerGateScript).digest('base64');
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('add HSTS when the site is served over https', async () => {
    const secure = await startTestApp({ env: { PUBLIC_URL: 'https://www.fenwickhale.co.uk' } });
    try {
      const response = await send(secure, `/`);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(await response.text()).toContain('<link rel="canonical" href="https://www.fenwickhale.co.uk/">');
    } finally {
      await secure.close();
    }
  });
});

describe('prerendered pages and assets', () => {
  it('serves the home page as real HTML, revalidated by ETag', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<h1>Accountancy that keeps your business moving</h1>');
    expect(html).toContain(`<link rel="canonical" href="${site.config.publicUrl.origin}/">`);

    const etag = response.headers.get('etag') as string;
    const again = await get('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('sends pages compressed to browsers that accept it', async () => {
    const response = await send(site, `/`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('Fenwick &amp; Hale');
  });

  it('serves /subscribed and /contact-received', async () => {
    expect(await (await get('/subscribed')).text()).toContain('<h1>Thanks for signing up</h1>');
    expect(await (await get('/contact-received')).text()).toContain(
      '<h1>Thank you, we have your enquiry</h1>',
    );
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const script = readdirSync(path.join(site.config.distDir, 'client/assets')).find((f) =>
      /^main-.*\.js$/.test(f),
    );
    const response = await get(`/assets/${script}`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it('shows the not-found page with status 404 to a browser', async () => {
    const response = await get('/no-such-page', { accept: 'text/html' });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Page not found</h1>');
  });

  it('sends a browser from an address with a closing slash to the page without it, and never off the site', async () => {
    const moved = await get('/contact/?from=card', { accept: 'text/html' }, 'manual');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/contact?from=card');
    expect((await get('/services//', { accept: 'text/html' }, 'manual')).headers.get('location')).toBe(
      '/services',
    );
    const elsewhere = await get('//elsewhere.example/', { accept: 'text/html' }, 'manual');
    expect(elsewhere.status).toBe(404);
    // A browser turns `\` into `/` before asking; a raw client may not, and is not moved either.
    expect(withoutTrailingSlash('/\\elsewhere.example/')).toBeNull();
    expect((await send(site, '/api/nothing-here/', { method: 'POST' })).status).toBe(404);
  });

  it('answers JSON 404 to an API caller', async () => {
    const response = await send(site, `/api/nothing-here`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      infoMessages: [],
      errorMessages: ['Not found.'],
    });
  });
});

describe('request bodies and errors', () => {
  const post = (body: string, contentType: string) =>
    send(site, `/test/echo`, { method: 'POST', headers: { 'content-type': contentType }, body });

  it('reads JSON and urlencoded bodies', async () => {
    expect(await (await post('{"emailAddress":"a@b.co"}', 'application/json')).json()).toEqual({
      received: { emailAddress: 'a@b.co' },
    });
    expect(
      await (await post('emailAddress=a%40b.co&contact1=2', 'application/x-www-form-urlencoded')).json(),
    ).toEqual({
      received: { emailAddress: 'a@b.co', contact1: '2' },
    });
  });

  it('refuses a body over the limit with 413 and a clear message', async () => {
    const response = await post(JSON.stringify({ message: 'x'.repeat(100_000) }), 'application/json');
    expect(response.status).toBe(413);
    expect((await response.json()).errorMessages).toEqual([
      'What you sent is too large. Please shorten it and try again.',
    ]);
  });

  it('refuses a plain-text body with 415, as any type but JSON and a form post', async () => {
    const response = await post('emailAddress=a@b.co', 'text/plain');
    expect(response.status).toBe(415);
    expect((await response.json()).errorMessages).toEqual([
      'Please send the form as JSON or as an ordinary form post.',
    ]);
  });

  it('names no internal parameter when an unknown address holds a NUL character', async () => {
    const response = await get('/nothing%00here');
    expect(response.status).toBe(400);
    expect((await response.json()).errorMessages).toEqual([
      'The web address contains a character we cannot accept',
    ]);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await post('{"emailAddress":', 'application/json');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      infoMessages: [],
      errorMessages: ['The request could not be read. Please try again.'],
    });
  });

  it('never shows a stack or an internal message to a visitor', async () => {
    const response = await get('/test/explode');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(JSON.parse(text).errorMessages).toEqual([
      'Something went wrong on our side. Please try again in a moment.',
    ]);
  });
});

describe('operations endpoints', () => {
  it('reports health and readiness', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', version: packageVersion });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready when the database cannot be reached', async () => {
    const broken = await startTestApp();
    await broken.db.destroy();
    try {
      const response = await send(broken, `/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', reason: 'database not reachable' });
    } finally {
      await broken.app.close();
      await broken.outbox.stop();
    }
  });
});
