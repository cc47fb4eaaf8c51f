import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { contact, enquiriesFrom, post, quote, refused } from '#tests/support/enquiries.ts';
import { type FakeSiteverify, startFakeSiteverify } from '#tests/support/fake-siteverify.ts';
import { send } from '#tests/support/http.ts';

describe('enquiries through reCAPTCHA v3 and Turnstile siteverify', () => {
  let siteverify: FakeSiteverify;
  let recaptchaSite: TestApp;
  let turnstileSite: TestApp;

  beforeAll(async () => {
    siteverify = await startFakeSiteverify('test-secret');
    const keys = (provider: 'RECAPTCHA' | 'TURNSTILE') => ({
      [`${provider}_SITE_KEY`]: 'test-site-key',
      [`${provider}_SECRET_KEY`]: 'test-secret',
      [`${provider}_VERIFY_URL`]: siteverify.url,
    });
    recaptchaSite = await startTestApp({ env: { CAPTCHA_PROVIDER: 'recaptcha', ...keys('RECAPTCHA') } });
    turnstileSite = await startTestApp({ env: { CAPTCHA_PROVIDER: 'turnstile', ...keys('TURNSTILE') } });
  });
  afterAll(async () => {
    await recaptchaSite?.close();
    await turnstileSite?.close();
    await siteverify?.stop();
  });

  it('stores an enquiry whose token siteverify vouches for, and refuses the rest', async () => {
    const hostname = '127.0.0.1';
    const answers: [string, Record<string, unknown>, number][] = [
      ['good', { success: true, action: 'contactus', hostname, score: 0.9 }, 201],
      ['low-score', { success: true, action: 'contactus', hostname, score: 0.3 }, 403],
      ['wrong-action', { success: true, action: 'showsubmit', hostname, score: 0.9 }, 403],
      ['other-site', { success: true, action: 'contactus', hostname: 'evil.example', score: 0.9 }, 403],
      ['refused', { success: false, 'error-codes': ['invalid-input-response'] }, 403],
    ];
    for (const [token, answer, status] of answers) {
      siteverify.answers.set(token, answer);
      const email = `recaptcha-${token}@example.co.uk`;
      const response = await post(recaptchaSite, '/contact-us-send', { ...contact(email), recToken: token });
      expect(response.status, token).toBe(status);
      expect(await enquiriesFrom(recaptchaSite, email)).toHaveLength(status === 201 ? 1 : 0);
    }
    const replay = await post(recaptchaSite, '/contact-us-send', {
      ...contact('recaptcha-replay@example.co.uk'),
      recToken: 'good',
    });
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual(refused);
    expect(siteverify.requests.at(-1)).toEqual({
      secret: 'test-secret',
      response: 'good',
      remoteip: '127.0.0.1',
    });
  });

  it('answers within the bounded wait, refusing and storing nothing, when siteverify does not answer', async () => {
    siteverify.answers.set('unanswered', 'hang');
    const started = Date.now();
    const email = 'recaptcha-unanswered@example.co.uk';
    const response = await post(recaptchaSite, '/contact-us-send', {
      ...contact(email),
      recToken: 'unanswered',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(refused);
    expect(Date.now() - started).toBeLessThan(8000); // siteverify gets 5 s
    expect(await enquiriesFrom(recaptchaSite, email)).toEqual([]);
  });

  it('puts the provider and site key on the form pages, and opens the CSP to that provider alone', async () => {
    const contactPage = await send(recaptchaSite, `/contact`);
    expect(await contactPage.text()).toContain(
      '<meta name="bot-check" content="{&quot;provider&quot;:&quot;recaptcha&quot;,&quot;siteKey&quot;:&quot;test-site-key&quot;}">',
    );
    const csp = contactPage.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
    );
    expect(csp).not.toContain('cloudflare');
    const turnstileCsp = (await send(turnstileSite, `/quote`)).headers.get('content-security-policy');
    expect(turnstileCsp).toContain("frame-src 'self' https://challenges.cloudflare.com");
    expect(turnstileCsp).not.toContain('google');
  });

  it('does the same through Turnstile, which gives no score', async () => {
    siteverify.answers.set('turnstile-good', { success: true, action: 'showsubmit', hostname: '127.0.0.1' });
    const good = await post(turnstileSite, '/show-contact-send', {
      ...quote('turnstile@example.co.uk'),
      recToken: 'turnstile-good',
    });
    expect(good.status).toBe(201);
    const replay = await post(turnstileSite, '/show-contact-send', {
      ...quote('turnstile-replay@example.co.uk'),
      recToken: 'turnstile-good',
    });
    expect(replay.status).toBe(403);
    expect(await enquiriesFrom(turnstileSite, 'turnstile-replay@example.co.uk')).toEqual([]);
  });

  it('limits how often one address may send', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await post(limited, '/show-contact-send', {
          ...quote('limit@example.co.uk'),
          recToken: 'x',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
