import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { botCheckMessages } from '#shared/bot-check.ts';
import { todayIn } from '#shared/calendar.ts';
import { contactFields, enquiryMessages, quoteFields } from '#shared/enquiries.ts';
import { recentTaxYears } from '#shared/tax-years.ts';
import { accessibilityViolations } from '../support/accessibility.ts';
import { holdScripts, setUpSiteInBrowser } from '../support/browser.ts';

// The default bot check, ALTCHA, solved by the page's Web Workers.
const t = setUpSiteInBrowser({ env: { CAPTCHA_PROVIDER: 'altcha' } });

const form = () => t.page.locator('form.enquiry');
const field = (label: string) => form().getByLabel(label, { exact: true });
const summary = () => t.page.locator('.error-summary');
const summaryLinks = () => summary().getByRole('link').allTextContents();
const inlineErrors = () => form().locator('.field__error').allTextContents();

function storedEnquiries(email: string) {
  const db = new Database(path.join(t.site.dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('select * from enquiries where email = ?').all(email) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** The token the page sent, opened up: ALTCHA's challenge and the solution the workers found. */
const altchaPayload = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

describe('the contact form in Chromium', () => {
  it('names each problem, then sends with an ALTCHA token and lands on /contact-received', async () => {
    await t.page.goto(`${t.site.url}/contact`);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    await form().getByRole('button', { name: 'Send your enquiry' }).click();

    const expected = [
      contactFields.profession.missing,
      contactFields.name.missing,
      contactFields.emailAddress.missing,
      contactFields.phone.missing,
      contactFields.message.missing,
      enquiryMessages.acceptMissing,
    ];
    await summary().waitFor();
    expect(await summaryLinks()).toEqual(expected);
    expect(await inlineErrors()).toEqual(expected.map((message) => `Error: ${message}`));
    expect(await t.page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(await accessibilityViolations(t.page)).toEqual([]);
    // Each summary link goes to its field.
    await summary().getByRole('link', { name: contactFields.phone.missing }).click();
    expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('contact-phone');

    await field('Your profession or trade').fill('Dentist');
    await field('Your name').fill('Amira Shah');
    await field('Email address').fill('amira.contact@example.co.uk');
    await field('Phone number').fill('not a number');
    await field('How can we help?').fill('We are opening a second surgery.\nCan you run payroll for us?');
    await form()
      .getByRole('checkbox', { name: /I agree to Fenwick & Hale using these details/ })
      .check();
    await form().getByRole('button', { name: 'Send your enquiry' }).click();
    expect(await summaryLinks()).toEqual([
      'Your phone number must be a phone number, like 01743 360 214 or +44 1743 360214',
    ]);

    await field('Phone number').fill('07700 900123');
    const sent = t.page.waitForRequest('**/contact-us-send');
    await form().getByRole('button', { name: 'Send your enquiry' }).click();
    const payload = (await sent).postDataJSON();
    await t.page.waitForURL('**/contact-received');
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Thank you, we have your enquiry',
    );

    expect(Object.keys(payload).sort()).toEqual(
      [
        'profession',
        'name',
        'emailAddress',
        'phone',
        'message',
        'optin',
        'accept',
        'contact1',
        'recToken',
        // Added to the SPEC's payload, both optional: where the visit began (docs/behaviour/back-office.md#reports).
        'landingPage',
        'referrer',
      ].sort(),
    );
    expect(payload).toMatchObject({ contact1: '2', optin: false, accept: true, phone: '07700 900123' });
    expect(payload).toMatchObject({ landingPage: '/contact', referrer: '' });
    expect(altchaPayload(payload.recToken).challenge.parameters.data).toEqual({ action: 'contactus' });

    expect(storedEnquiries('amira.contact@example.co.uk')).toEqual([
      expect.objectContaining({
        kind: 'contact',
        organisation: 'Dentist',
        message: 'We are opening a second surgery.\nCan you run payroll for us?',
      }),
    ]);
    const notice = await t.site.smtp.waitFor(
      (m) => m.parsed.subject === 'New contact enquiry: Amira Shah (Dentist)',
    );
    expect(notice.parsed.text).toContain('Can you run payroll for us?');
    const acknowledgement = await t.site.smtp.waitFor((m) => m.to.includes('amira.contact@example.co.uk'));
    expect(acknowledgement.parsed.subject).toBe('We have your contact enquiry: Fenwick & Hale');
    expect(t.errors).toEqual([]);
  });

  it('sends what was typed before its script had loaded, once it has, and never as a page address', async () => {
    // The form is HTML the server wrote; its island comes alive once the page has painted. Hold its script
    // back so that the visitor fills it in and sends it while it is still plain HTML.
    const { release } = await holdScripts(t.page, /\/assets\/EnquiryForm-[^/]+\.js$/);
    await t.page.goto(`${t.site.url}/contact`);
    await field('Your profession or trade').fill('Farrier');
    await field('Your name').fill('Owen Price');
    await field('Email address').fill('owen.early@example.co.uk');
    await field('Phone number').fill('07700 900456');
    await field('How can we help?').fill('Typed before the page was live.');
    await form()
      .getByRole('checkbox', { name: /I agree to Fenwick & Hale using these details/ })
      .check();
    await form().getByRole('button', { name: 'Send your enquiry' }).click();
    expect(new URL(t.page.url()).search).toBe('');

    const sent = t.page.waitForRequest('**/contact-us-send');
    release();
    expect((await sent).postDataJSON()).toMatchObject({
      profession: 'Farrier',
      name: 'Owen Price',
      emailAddress: 'owen.early@example.co.uk',
      phone: '07700 900456',
      message: 'Typed before the page was live.',
      accept: true,
    });
    await t.page.waitForURL('**/contact-received');
    expect(storedEnquiries('owen.early@example.co.uk')).toHaveLength(1);
    expect(t.errors).toEqual([]);
  });

  it('without script, posts rather than putting what was typed in an address, and says the form needs it', async () => {
    const context = await t.page.context().browser()?.newContext({ javaScriptEnabled: false });
    const page = await context?.newPage();
    if (!context || !page) throw new Error('No browser to open a page without script');
    await page.goto(`${t.site.url}/contact`);
    await page.getByLabel('Your name', { exact: true }).fill('Nia Script-free');
    await page.getByLabel('How can we help?', { exact: true }).fill('Typed with script off.');
    await page.getByRole('button', { name: 'Send your enquiry' }).click();
    await page.getByRole('heading', { name: 'Your form was not sent', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/contact-us-send');
    await page.getByRole('link', { name: 'Back to the form' }).waitFor();
    await context.close();
  });

  it('says when the bot check could not run, shows a refused answer and a failed request', async () => {
    await t.page.route('**/api/bot-check**', (route) => route.abort('internetdisconnected'));
    await t.page.goto(`${t.site.url}/contact`);
    await field('Your profession or trade').fill('Landlord');
    await field('Your name').fill('Tom Price');
    await field('Email address').fill('tom@example.co.uk');
    await field('Phone number').fill('01743 360214');
    await field('How can we help?').fill('Two rental flats.');
    await form()
      .getByRole('checkbox', { name: /I agree/ })
      .check();
    const send = () => form().getByRole('button', { name: 'Send your enquiry' }).click();
    await send();
    await summary().filter({ hasText: botCheckMessages.failed }).waitFor();
    await t.page.unroute('**/api/bot-check**');

    // A refusal (4xx) in the answer shape: its info then error messages, after 'Error sending message:'
    // (docs/behaviour/errors-and-messages.md#how-the-pages-show-answers). The sending flag shows meanwhile.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await t.page.route('**/contact-us-send', async (route) => {
      await answered;
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          infoMessages: ['Nearly there.'],
          errorMessages: ['Try later.'],
        }),
      });
    });
    await send();
    await form().getByRole('status').filter({ hasText: 'Sending…' }).waitFor();
    expect(await form().getByRole('button', { name: 'Send your enquiry' }).isDisabled()).toBe(true);
    answer();
    await summary().filter({ hasText: 'Error sending message: Nearly there. Try later.' }).waitFor();
    expect(await form().getByRole('button', { name: 'Send your enquiry' }).isDisabled()).toBe(false);

    await t.page.unroute('**/contact-us-send');
    await t.page.route('**/contact-us-send', (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Upstream unavailable' }),
    );
    await send();
    await summary().filter({ hasText: 'Error sending message: Upstream unavailable' }).waitFor();
    expect(storedEnquiries('tom@example.co.uk')).toEqual([]);
  });
});

describe('the privacy notice the forms point to', () => {
  it('is one link away from the form, and is readable by everyone', async () => {
    await t.page.goto(`${t.site.url}/contact`);
    await form().getByRole('link', { name: 'Read our privacy notice' }).click();
    await t.page.waitForURL('**/privacy');
    await expect(t.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Privacy notice');
    expect(await accessibilityViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });
});

describe('the quote form in Chromium', () => {
  it('labels the seven most recent tax years, names each problem, then sends and signs up', async () => {
    await t.page.goto(`${t.site.url}/quote`);
    expect(await accessibilityViolations(t.page)).toEqual([]);
    const years = recentTaxYears(todayIn('Europe/London'), 7);
    const yearBoxes = form()
      .getByRole('group', { name: 'Which tax years is the quote for?' })
      .getByRole('checkbox');
    expect(
      await yearBoxes.evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent)),
    ).toEqual(years);

    await field(quoteFields.cost.label).fill('0');
    await form().getByRole('button', { name: 'Ask for a quote' }).click();
    await summary().waitFor();
    expect(await summaryLinks()).toEqual([
      quoteFields.practiceName.missing,
      quoteFields.name.missing,
      quoteFields.emailAddress.missing,
      quoteFields.postcode.missing,
      quoteFields.message.missing,
      quoteFields.cost.missing,
      enquiryMessages.yearsMissing,
      enquiryMessages.acceptMissing,
    ]);
    await summary().getByRole('link', { name: enquiryMessages.yearsMissing }).click();
    expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('quote-year1');

    await field(quoteFields.practiceName.label).fill('Shah Dental Care');
    await field('Your name').fill('Amira Shah');
    await field('Email address').fill('amira.quote@example.co.uk');
    await field(quoteFields.postcode.label).fill('sy1 2bq');
    await field(quoteFields.message.label).fill('Year-end accounts and payroll for six staff.');
    await field(quoteFields.cost.label).fill('£480,000');
    await yearBoxes.nth(1).check();
    await form()
      .getByRole('checkbox', { name: /send me the Fenwick & Hale newsletter/ })
      .check();
    await form()
      .getByRole('checkbox', { name: /I agree/ })
      .check();
    const sent = t.page.waitForRequest('**/show-contact-send');
    await form().getByRole('button', { name: 'Ask for a quote' }).click();
    const payload = (await sent).postDataJSON();
    await t.page.waitForURL('**/contact-received');

    expect(payload).toMatchObject({
      practiceName: 'Shah Dental Care',
      postcode: 'SY1 2BQ',
      cost: 480000,
      quoted: '',
      year1: false,
      year2: true,
      year7: false,
      optin: true,
      accept: true,
      contact1: '2',
    });
    expect(altchaPayload(payload.recToken).challenge.parameters.data).toEqual({ action: 'showsubmit' });
    const [stored] = storedEnquiries('amira.quote@example.co.uk');
    expect(JSON.parse(String(stored?.details))).toMatchObject({ cost: 480000, taxYears: [years[1]] });
    await t.site.smtp.waitFor((m) => m.parsed.subject === 'New quote request: Shah Dental Care');
    await t.site.smtp.waitFor(
      (m) =>
        m.to.includes('amira.quote@example.co.uk') && m.parsed.subject?.startsWith('Please confirm') === true,
    );
    await t.site.smtp.waitFor(
      (m) =>
        m.to.includes('amira.quote@example.co.uk') &&
        m.parsed.subject === 'We have your quote request: Fenwick & Hale',
    );
    expect(t.errors).toEqual([]);
  });
});
