import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../support/accessibility.ts';
import { setUpSiteInBrowser, whenTextShows } from '../support/browser.ts';

const t = setUpSiteInBrowser();

const footerForm = () => t.page.locator('footer form');
const footerStatus = () => footerForm().getByRole('status');
const linkIn = (text: string | undefined, path: string) => {
  const link = text?.match(new RegExp(`http://\\S+${path}\\?token=[\\w%-]+`))?.[0];
  if (!link) throw new Error(`No ${path} link in:\n${text}`);
  return link;
};

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

  it('larger form: lands on /subscribed; the link confirms; the one-click POST unsubscribes', async () => {
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
    await t.page.goto(linkIn(mail.parsed.text, '/subscribe/confirm'));
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('You are subscribed');

    // What a mail provider does with List-Unsubscribe-Post: one POST, no page, no cookies.
    const unsubscribeUrl = linkIn(mail.parsed.text, '/unsubscribe');
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
    await t.page.goto(linkIn(mail.parsed.text, '/unsubscribe'));
    await t.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'You are unsubscribed',
    );
  });
});
