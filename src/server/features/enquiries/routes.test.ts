import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLogoPath } from '#server/mail/layout.ts';
import { botCheckMessages } from '#shared/bot-check.ts';
import { todayIn } from '#shared/calendar.ts';
import { enquiryMessages } from '#shared/enquiries.ts';
import { consentWording } from '#shared/mailing-list.ts';
import { recentTaxYears } from '#shared/tax-years.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, enquiriesFrom, mailTo, post, quote, received, refused } from '#tests/support/enquiries.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';

const header = (mail: ReceivedMail, name: string) =>
  mail.parsed.headers.find((h) => h.key === name.toLowerCase())?.value;

describeEachDatabase('contact and quote enquiries with ALTCHA', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: {
        SMTP_URL: smtp.url,
        CAPTCHA_PROVIDER: 'altcha',
        STAFF_EMAIL: 'enquiries@fenwickhale.test',
        RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  /** What the page does: fetch a challenge for the action, solve it (in Node here), encode the token. */
  async function recToken(action: 'contactus' | 'showsubmit') {
    const response = await send(site, `/api/bot-check?action=${action}`);
    const { challenge } = await response.json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  describe('a contact enquiry', () => {
    it('is stored as typed, then the staff are told everything and the visitor gets an acknowledgement', async () => {
      const email = 'amira@example.co.uk';
      const hostile = {
        ...contact(email),
        profession: '<img src=x onerror=alert(1)>',
        message: 'Line one\r\nBcc: victim@example.com\r\n\r\n<script>alert(1)</script>',
      };
      const response = await post(site, '/contact-us-send', {
        ...hostile,
        recToken: await recToken('contactus'),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual(received);

      const [stored, ...more] = await enquiriesFrom(site, email);
      expect(more).toEqual([]);
      expect(stored).toMatchObject({
        kind: 'contact',
        name: 'Amira Shah',
        organisation: '<img src=x onerror=alert(1)>',
        phone: '07700 900123',
        postcode: null,
        message: hostile.message,
        ip_address: '127.0.0.1',
      });
      expect(JSON.parse(stored?.details as string)).toEqual({ optin: false });

      const notice = await smtp.waitFor((m) => m.to.includes('enquiries@fenwickhale.test'));
      expect(notice.parsed.subject).toBe('New contact enquiry: Amira Shah (<img src=x onerror=alert(1)>)');
      expect(notice.parsed.replyTo?.[0]?.address).toBe(email);
      // The message's line breaks stay in the body: no header was added, nobody else was mailed.
      expect(header(notice, 'Bcc')).toBeUndefined();
      expect(notice.to).toEqual(['enquiries@fenwickhale.test']);
      expect(notice.parsed.text).toContain('Line one\nBcc: victim@example.com\n\n<script>alert(1)</script>');
      expect(notice.parsed.text).toContain(`Reference: ${stored?.reference}`);
      expect(notice.parsed.text).toContain('Phone number\n07700 900123');
      // The HTML part shows what they typed as text, never as markup.
      expect(notice.parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // The firm's logo is the one image the layout draws; no typed markup becomes another.
      const withoutLogo = String(notice.parsed.html).replace(
        new RegExp(`<img [^>]*src="[^"]*${emailLogoPath}"[^>]*>`),
        '',
      );
      expect(withoutLogo).not.toMatch(/<script|<img/i);

      const acknowledgement = await smtp.waitFor((m) => m.to.includes(email));
      expect(acknowledgement.parsed.subject).toBe('We have your contact enquiry: Fenwick & Hale');
      expect(acknowledgement.parsed.text).toContain(`reference ${stored?.reference}`);
      expect(acknowledgement.parsed.text).not.toContain('Line one');
      expect(acknowledgement.parsed.text).not.toContain('<img');
      expect((await mailTo(site, email)).map((m) => m.kind)).toEqual(['contact-acknowledgement']);
    });

    it('names every blank field and the unticked box, and stores nothing', async () => {
      const email = 'blank@example.co.uk';
      const response = await post(site, '/contact-us-send', {
        ...contact(email),
        profession: '',
        name: ' ',
        phone: '',
        message: '',
        accept: false,
        recToken: await recToken('contactus'),
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        success: false,
        infoMessages: [],
        errorMessages: [
          'Please tell us your profession or trade',
          'Please enter your name',
          'Please enter your phone number',
          'Please tell us how we can help',
          enquiryMessages.acceptMissing,
        ],
      });
      const noEmail = await post(site, '/contact-us-send', { ...contact(''), recToken: 'x' });
      expect((await noEmail.json()).errorMessages).toEqual(['Please enter your email address']);
      expect(await enquiriesFrom(site, email)).toEqual([]);
    });

    it('refuses wrong types, unknown fields, a missing token and line breaks in a one-line field', async () => {
      const base = { ...contact('types@example.co.uk'), recToken: 'unused' };
      const cases: [unknown, string[]][] = [
        [{ ...base, optin: 'yes' }, ['optin must be true or false']],
        [{ ...base, contact1: '1' }, ["contact1 must be '2'"]],
        [{ ...base, isAdmin: true }, ['Unexpected field: isAdmin']],
        [{ ...base, recToken: undefined }, [botCheckMessages.failed]],
        [{ ...base, name: 'Amira\r\nBcc: victim@example.com' }, ['Your name must be on one line']],
        [{ ...base, phone: ['07700 900123'] }, ['Please enter your phone number']],
        [{ ...base, message: 'Hello \u0000' }, ['Your message contains characters we cannot accept']],
      ];
      for (const [body, errorMessages] of cases) {
        const response = await post(site, '/contact-us-send', body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(await response.json()).toEqual({ success: false, infoMessages: [], errorMessages });
      }
      expect(await enquiriesFrom(site, 'types@example.co.uk')).toEqual([]);
    });

    it('refuses a body of a megabyte and malformed JSON with a plain message', async () => {
      const huge = await post(site, '/contact-us-send', {
        ...contact('huge@example.co.uk'),
        message: 'x'.repeat(1024 * 1024),
        recToken: 'unused',
      });
      expect(huge.status).toBe(413);
      expect((await huge.json()).errorMessages).toEqual([
        'What you sent is too large. Please shorten it and try again.',
      ]);
      const longMessage = await post(site, '/contact-us-send', {
        ...contact('long@example.co.uk'),
        message: 'x'.repeat(5001),
        recToken: 'unused',
      });
      expect((await longMessage.json()).errorMessages).toEqual([
        'Your message must be at most 5,000 characters',
      ]);
      const malformed = await post(site, '/contact-us-send', '{"name": ');
      expect(malformed.status).toBe(400);
      expect(await enquiriesFrom(site, 'huge@example.co.uk')).toEqual([]);
    });

    it('says so when the body is not a form at all', async () => {
      for (const body of ['null', '[]', '"a message"', '42']) {
        const response = await post(site, '/contact-us-send', body);
        expect(response.status, body).toBe(422);
        expect((await response.json()).errorMessages, body).toEqual([
          'The request did not hold a form. Please fill in the form and try again.',
        ]);
      }
    });
  });

  describe('posted as a page, without the script that checks and sends it', () => {
    it.each([
      ['/contact-us-send', '/contact'],
      ['/show-contact-send', '/quote'],
      ['/forms/application-form', '/application'],
    ])('%s answers a page that says so, links back to %s, and keeps nothing', async (path, formPath) => {
      const email = 'no.script@example.co.uk';
      const response = await send(site, path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
          origin: site.url,
        },
        body: new URLSearchParams({
          name: 'Nia Script-free',
          emailAddress: email,
          message: 'Hi.',
          accept: 'on',
        }).toString(),
      });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain('<h1>Your form was not sent</h1>');
      expect(page).toContain(`<a href="${formPath}">Back to the form</a>`);
      expect(page).toContain('Nothing you typed was kept.');
      expect(page).not.toContain(email);
      expect(await enquiriesFrom(site, email)).toEqual([]);
    });
  });

  describe('the bot check', () => {
    it('is named on the form pages, and the CSP lets in no other site', async () => {
      const page = await send(site, `/quote`);
      expect(await page.text()).toContain(
        '<meta name="bot-check" content="{&quot;provider&quot;:&quot;altcha&quot;}">',
      );
      // 'self' and the hash of the cookie banner's inline gate: no other origin.
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/);
    });

    it('refuses garbage, a token for the other form and a token used before, storing nothing', async () => {
      const email = 'bot@example.co.uk';
      const garbage = await post(site, '/contact-us-send', { ...contact(email), recToken: 'not-a-token' });
      expect(garbage.status).toBe(403);
      expect(await garbage.json()).toEqual(refused);

      const quoteToken = await recToken('showsubmit');
      const otherForm = await post(site, '/contact-us-send', { ...contact(email), recToken: quoteToken });
      expect(otherForm.status).toBe(403);
      expect(await enquiriesFrom(site, email)).toEqual([]);

      const token = await recToken('contactus');
      expect((await post(site, '/contact-us-send', { ...contact(email), recToken: token })).status).toBe(201);
      const replay = await post(site, '/contact-us-send', { ...contact(email), recToken: token });
      expect(replay.status).toBe(403);
      expect(await replay.json()).toEqual(refused);
      expect(await enquiriesFrom(site, email)).toHaveLength(1);
    });

    it('answers a filled honeypot as a success, and keeps and sends nothing', async () => {
      const email = 'honeypot@example.co.uk';
      const response = await post(site, '/contact-us-send', {
        ...contact(email),
        homepage: 'http://spam.example',
        recToken: 'anything',
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual(received);
      expect(await enquiriesFrom(site, email)).toEqual([]);
      expect(await mailTo(site, email)).toEqual([]);
    });
  });

  describe('a quote request', () => {
    it('is stored with its tax years by name, and its opt-in signs the address up pending confirmation', async () => {
      const email = 'quote@example.co.uk';
      const response = await post(site, '/show-contact-send', {
        ...quote(email),
        // Pence, which staff read as pence.
        cost: 480000.5,
        recToken: await recToken('showsubmit'),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual(received);

      const [stored] = await enquiriesFrom(site, email);
      const years = recentTaxYears(todayIn('Europe/London'), 7);
      expect(stored).toMatchObject({ kind: 'quote', organisation: 'Shah Dental Care', postcode: 'LS2 7HY' });
      expect(JSON.parse(stored?.details as string)).toEqual({
        optin: true,
        cost: 480000.5,
        quoted: '',
        taxYears: [years[0], years[2]],
      });

      const subscriber = await site.db
        .selectFrom('subscribers')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(subscriber.status).toBe('pending');
      const consent = await site.db
        .selectFrom('subscriber_consents')
        .selectAll()
        .where('subscriber_id', '=', subscriber.id)
        .executeTakeFirstOrThrow();
      expect(consent).toMatchObject({
        source: 'quote-form',
        wording: consentWording('quote-form', demoFirm().name),
      });

      const notice = await smtp.waitFor((m) => m.parsed.subject === 'New quote request: Shah Dental Care');
      expect(notice.parsed.text).toContain(`Tax years\n${years[0]}, ${years[2]}`);
      expect(notice.parsed.text).toContain('Annual turnover\n£480,000.50');
      expect(notice.parsed.text).toContain('Newsletter\nAsked to join (confirmation sent)');
      await smtp.waitFor(
        (m) => m.to.includes(email) && m.parsed.subject?.startsWith('Please confirm') === true,
      );
      await smtp.waitFor(
        (m) => m.to.includes(email) && m.parsed.subject?.startsWith('We have your quote') === true,
      );
    });

    it('refuses a cost of 0, no year ticked, blank fields and unaccepted terms, one message each', async () => {
      const email = 'quote-blank@example.co.uk';
      const response = await post(site, '/show-contact-send', {
        ...quote(email),
        practiceName: '',
        name: '',
        postcode: '',
        message: '',
        cost: 0,
        year1: false,
        year3: false,
        accept: false,
        recToken: await recToken('showsubmit'),
      });
      expect(response.status).toBe(422);
      expect((await response.json()).errorMessages).toEqual([
        'Please enter the name of your practice or business',
        'Please enter your name',
        "Please enter your practice's postcode",
        'Please tell us what you would like us to do',
        "Please enter your practice's approximate annual turnover",
        enquiryMessages.acceptMissing,
        enquiryMessages.yearsMissing,
      ]);
      expect(await enquiriesFrom(site, email)).toEqual([]);
      expect(await mailTo(site, email)).toEqual([]);
    });
  });
});
