import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { holdScripts, setUpSiteInBrowser, whenTextShows } from '../support/browser.ts';
import { linkIn } from '../support/smtp.ts';

const t = setUpSiteInBrowser();

const footerForm = () => t.page.locator('footer form');
const footerStatus = () => footerForm().getByRole('status');

describe('the mailing list in Chromium', () => {
  it('small form: thanks the visitor for 3 s, and the confirmation email arrives', async () => {
    await t.page.clock.install();
    await t.page.goto(t.site.url);
    expect(await accessibilityViolations(t.page, 'footer')).toEqual([]);
    await footerForm().getByLabel('Email address').fill('footer.reader@example.com');
    const thanks = await whenTextShows(t.page, 'footer [role=status]', 'Thanks for signing up.');
    await footerForm().getByRole('button', { name: 'Sign up' }).click();
    await thanks.pauseAfter(2900);
    await expect(footerStatus().textContent()).resolves.toBe('Thanks for signing up.');
    await t.page.clock.runFor(200);
    await expect(footerStatus().textContent()).resolves.toBe('');

    const mail = await t.site.smtp.waitFor((m) => m.to.includes('footer.reader@example.com'));
    expect(mail.parsed.subject).toBe('Please confirm your subscription to the Fenwick & Hale newsletter');
    expect(t.errors).toEqual([]);
  });

  it('small form: sent before its script has loaded, it waits for it and signs up on the page with what was typed', async () => {
    // The footer's form comes alive when a visitor first reaches it (docs/behaviour/site-and-pages.md#page-list):
    // hold its script back so that the address is typed and sent while the form is still plain HTML.
    const { release } = await holdScripts(t.page, /\/assets\/SignUpForm-[^/]+\.js$/);
    await t.page.goto(t.site.url);
    await t.page.waitForSelector('html[data-hydrated]');
    await footerForm().getByLabel('Email address').fill('early.reader@example.com');
    const posts: string[] = [];
    t.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/subscribe') posts.push(request.method());
    });
    // Pressed three times while it waits, and said to be busy: it is sent once.
    await footerForm().getByLabel('Email address').press('Enter');
    await footerForm().getByLabel('Email address').press('Enter');
    await footerForm().getByRole('button', { name: 'Sign up' }).click();
    expect(await footerForm().getAttribute('aria-busy')).toBe('true');
    release();
    await expect.poll(() => footerStatus().textContent()).toBe('Thanks for signing up.');
    expect(new URL(t.page.url()).pathname).toBe('/');
    expect(posts).toEqual(['POST']);
    await t.site.smtp.waitFor((m) => m.to.includes('early.reader@example.com'));
    expect(t.errors).toEqual([]);
  });

  it('small form: names a bad address before sending, and says there was a connection problem for 2 s', async () => {
    await t.page.clock.install();
    await t.page.goto(t.site.url);
    await footerForm().getByLabel('Email address').fill('not-an-address');
    await footerForm().getByRole('button', { name: 'Sign up' }).click();
    await expect(footerForm().locator('.field__error').textContent()).resolves.toBe(
      'Error: Please enter a valid email address, like name@example.com',
    );

    await t.page.route('**/subscribe', (route) => route.abort('internetdisconnected'));
    await footerForm().getByLabel('Email address').fill('offline@example.com');
    const problem = await whenTextShows(t.page, 'footer [role=status]', 'There was a connection problem.');
    await footerForm().getByRole('button', { name: 'Sign up' }).click();
    await problem.pauseAfter(1900);
    await expect(footerStatus().textContent()).resolves.toBe(
      'There was a connection problem. Please try again.',
    );
    await t.page.clock.runFor(200);
    await expect(footerStatus().textContent()).resolves.toBe('');
  });

  it('larger form: lands on /subscribed; the link shows a button that confirms; the one-click POST unsubscribes', async () => {
    await t.page.goto(`${t.site.url}/newsletter`);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    const form = t.page.locator('main form');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.locator('.field__error').textContent()).resolves.toBe(
      'Error: Please enter your email address',
    );

    await form.getByLabel('Email address').fill('newsletter.reader@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await t.page.waitForURL(`${t.site.url}/subscribed`);
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Thanks for signing up',
    );

    const mail = await t.site.smtp.waitFor((m) => m.to.includes('newsletter.reader@example.com'));
    // Opening the link (as a mail scanner also would) only shows the button; pressing it confirms.
    await t.page.goto(linkIn(mail, '/subscribe/confirm'));
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Confirm your subscription',
    );
    expect(await accessibilityViolations(t.page)).toEqual([]);
    const stillPending = await t.page.goto(linkIn(mail, '/subscribe/confirm'));
    expect(stillPending?.status()).toBe(200);
    await t.page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You are subscribed');
    await t.page.goto(linkIn(mail, '/subscribe/confirm'));
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You are subscribed');

    // What a mail provider does with List-Unsubscribe-Post: one POST, no page, no cookies.
    const unsubscribeUrl = linkIn(mail, '/unsubscribe');
    const oneClick = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await t.page.goto(unsubscribeUrl);
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'You are unsubscribed',
    );
    expect(t.errors).toEqual([]);
  });

  it("larger form: shows the answer's messages when success is false, and the detail of a failed request", async () => {
    await t.page.goto(`${t.site.url}/newsletter`);
    const form = t.page.locator('main form');
    await form.getByLabel('Email address').fill('someone@example.com');
    await t.page.route('**/subscribe', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          infoMessages: ['We are updating the list.'],
          errorMessages: ['Please try later.'],
        }),
      }),
    );
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const alert = form.getByRole('alert');
    await t.page.waitForFunction(() => document.querySelector('main [role=alert]')?.textContent !== '');
    await expect(alert.textContent()).resolves.toBe('We are updating the list. Please try later.');

    await t.page.unroute('**/subscribe');
    await t.page.route('**/subscribe', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }),
    );
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await t.page.waitForFunction(() =>
      document.querySelector('main [role=alert]')?.textContent?.startsWith('Error'),
    );
    await expect(alert.textContent()).resolves.toBe('Error sending message: Bad gateway');
    expect(t.page.url()).toBe(`${t.site.url}/newsletter`);
  });

  it('the page unsubscribe has one button', async () => {
    await t.page.goto(`${t.site.url}/newsletter`);
    await t.page.locator('main form').getByLabel('Email address').fill('button.reader@example.com');
    await t.page.locator('main form').getByRole('button', { name: 'Subscribe' }).click();
    await t.page.waitForURL(`${t.site.url}/subscribed`);
    const mail = await t.site.smtp.waitFor((m) => m.to.includes('button.reader@example.com'));
    await t.page.goto(linkIn(mail, '/unsubscribe'));
    await t.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'You are unsubscribed',
    );
  });

  it('refuses the sign-up form posted from another website, with a page that explains', async () => {
    // A page on another site that posts our form as soon as it loads: the browser marks the post as
    // cross-site (Origin and Sec-Fetch-Site), and the site refuses it before reading it.
    await t.page.route('http://elsewhere.test/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title>
          <form method="post" action="${t.site.url}/subscribe">
            <input name="emailAddress" value="victim@example.com"><input name="contact1" value="2">
            <button>Claim</button>
          </form>`,
      }),
    );
    await t.page.goto('http://elsewhere.test/');
    const answer = t.page.waitForResponse(`${t.site.url}/subscribe`);
    await t.page.getByRole('button', { name: 'Claim' }).click();
    expect((await answer).status()).toBe(403);
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This form came from another website',
    );
    const db = new Database(path.join(t.site.dataDir, 'site.db'), { readonly: true });
    try {
      expect(db.prepare('select id from subscribers where email = ?').all('victim@example.com')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
