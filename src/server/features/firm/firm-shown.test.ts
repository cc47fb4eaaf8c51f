import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { firmDetailsSchema } from '#shared/firm-details.ts';
import { unescapeHtml } from '#shared/html.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { sitePagePaths } from '#tests/support/built-pages.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { obrienAndMarsh } from '#tests/support/firms.ts';
import { send } from '#tests/support/http.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { saveFirm } from './repository.ts';

// The pages and emails show the firm the database holds: rendered again when it changes, on the instance
// that saved it at once and on every other within seconds, with no restart and no build.

const page = async (site: TestApp, path: string) =>
  (await send(site, path, { headers: { accept: 'text/html' } })).text();
/** A page's HTML with its escapes undone and React's text separators left out, as a reader sees the words. */
const words = async (site: TestApp, path: string) =>
  unescapeHtml((await page(site, path)).replaceAll('<!-- -->', ''));
/** What the demo firm's own details would leave on a page (its page copy is the pages' business). */
const demoDetails = ['Fenwick & Hale Accountants Ltd', '01743', '14 Castle Street', 'SY1 2BQ'];

/** The JSON-LD block of a page, as search engines read it. */
const structuredData = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? 'null');

/** The firm a page hands the browser to hydrate with. */
const firmData = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="firm">(.*?)<\/script>/s)?.[1] ?? 'null');

describeEachDatabase('the pages, when the firm’s details change', (database) => {
  let site: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database });
    other = await startTestApp({ databaseUrl: site.databaseUrl });
  });
  afterAll(async () => {
    await other?.close();
    await site?.close();
  });

  it('shows the new firm in every page’s words, title, structured data and hydration data, here and on another instance', async () => {
    expect(await words(site, '/')).toContain('Fenwick & Hale Accountants Ltd');
    const details = firmDetailsSchema.parse(obrienAndMarsh);
    expect(await saveFirm(site.db, details, { basedOn: 1, by: null, now: new Date() })).toEqual({
      saved: true,
      version: 2,
    });
    await site.app.deps.services.firm.refresh();

    const home = await page(site, '/');
    expect(unescapeHtml(home)).toContain('<title>O’Brien & Marsh | ');
    expect(unescapeHtml(home)).toContain('Accountants for Leeds’ makers, shops & cafés');
    expect(home).toContain('href="tel:+441134960000"');
    expect(structuredData(home)).toMatchObject({
      name: 'O’Brien & Marsh',
      legalName: "O'Brien & Marsh (Leeds) Ltd",
      telephone: '+441134960000',
      vatID: 'GB312456779',
      priceRange: '£££',
      address: { streetAddress: '3 Park Row', addressLocality: 'Leeds', postalCode: 'LS1 5HD' },
      openingHoursSpecification: {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'],
        opens: '08:30',
        closes: '17:30',
      },
      areaServed: [
        { '@type': 'AdministrativeArea', name: 'Leeds' },
        { '@type': 'AdministrativeArea', name: 'Bradford' },
        { '@type': 'AdministrativeArea', name: 'Wakefield' },
      ],
    });
    // The page's scripts get the firm's name, which their consent wording gives, and nothing else of it.
    expect(firmData(home)).toEqual({ name: 'O’Brien & Marsh' });
    // The footer of every page, and the privacy notice's controller and address.
    const contact = await words(site, '/contact');
    expect(contact).toContain("O'Brien & Marsh (Leeds) Ltd");
    expect(contact).toContain('Monday to Thursday, 8:30am to 5:30pm');
    for (const detail of demoDetails) expect(contact).not.toContain(detail);
    expect(await words(site, '/contact-received')).toContain('will reply within two working hours.');
    expect(await words(site, '/privacy')).toContain(
      "write to O'Brien & Marsh (Leeds) Ltd, 3 Park Row, Leeds, LS1 5HD",
    );
    // Pages the server writes itself, in the same layout, and the articles' list and feed.
    const notFound = await words(site, '/no-such-page');
    expect(notFound).toContain('0113 496 0000');
    for (const detail of demoDetails) expect(notFound).not.toContain(detail);
    expect(await words(site, '/bookings/cancel?token=unknown')).toMatch(
      /call us on\s+<a href="tel:\+441134960000">0113 496 0000<\/a>/,
    );
    expect(await words(site, '/insights')).toContain('Tax and business news from O’Brien & Marsh');
    expect(await words(site, '/insights/feed.xml')).toContain('<title>O’Brien & Marsh: Insights</title>');

    // Once an owner takes out the demo firm's people, which its pages hold, no page names the demo firm,
    // its town, office, numbers or people: their words are the firm's.
    const owner = backOfficeClient(site, await signedInStaff(site, 'partner@obrienmarsh.example'));
    expect((await owner.send('/firm/demo-content', undefined, 'DELETE')).status).toBe(200);
    for (const path of sitePagePaths) {
      const text = await words(site, path);
      // Every token of the pages' words is filled in with the firm's own.
      expect(text, path).not.toMatch(/\{(firm|legalName|town|areas|replyPromise|quotePromise)\}/);
      for (const demo of [...demoDetails, 'Fenwick', 'Shrewsbury', 'Shropshire', 'Castle Street'])
        expect(text, path).not.toContain(demo);
    }

    await waitUntil(async () => (await words(other, '/')).includes('O’Brien & Marsh'), {
      timeoutMs: 10_000,
      what: () => 'the other instance to show the new firm',
    });
    for (const detail of demoDetails) expect(await words(other, '/contact')).not.toContain(detail);
  });
});

describeEachDatabase('the emails, when the firm’s details change', (database) => {
  let site: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({ database, env: { SMTP_URL: smtp.url } });
    await saveFirm(site.db, firmDetailsSchema.parse(obrienAndMarsh), {
      basedOn: 1,
      by: null,
      now: new Date(),
    });
    await site.app.deps.services.firm.refresh();
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  it('come from the new firm, carry its reference prefix and footer, and notify its address; consent names it', async () => {
    const visitor = 'amira.shah@example.com';
    expect((await post(site, '/contact-us-send', { ...contact(visitor), recToken: 'none' })).status).toBe(
      201,
    );
    const acknowledgement = await smtp.waitFor((mail) => mail.to.includes(visitor));
    const notice = await smtp.waitFor((mail) => mail.to.includes('office@obrienmarsh.example'));
    expect(acknowledgement.parsed.from).toEqual({
      name: 'O’Brien & Marsh',
      address: 'hello@obrienmarsh.example',
    });
    expect(acknowledgement.parsed.subject).toBe('We have your contact enquiry: O’Brien & Marsh');
    const text = acknowledgement.parsed.text ?? '';
    expect(text).toMatch(/\bOM-[2-9A-Z]{3}-[2-9A-Z]{3}\b/);
    expect(text).toContain('Monday to Thursday, 8:30am to 5:30pm');
    expect(text).toContain('will reply within two working hours.');
    const html = unescapeHtml(acknowledgement.parsed.html ?? '');
    expect(html).toContain("O'Brien & Marsh (Leeds) Ltd, 3 Park Row, Leeds LS1 5HD.");
    // A sign-up's consent record keeps the words the visitor was shown, naming the firm of the moment.
    const signedUp = await send(site, '/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'emailAddress=reader%40example.com&contact1=2',
    });
    expect(signedUp.status).toBe(200);
    const consent = await site.db
      .selectFrom('subscriber_consents')
      .innerJoin('subscribers', 'subscribers.id', 'subscriber_consents.subscriber_id')
      .select('wording')
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    expect(consent.wording).toMatch(/^Yes, send me the O’Brien & Marsh newsletter/);
    for (const mail of [acknowledgement, notice]) {
      const all = `${mail.parsed.text}${mail.parsed.html}${mail.parsed.subject}`;
      for (const detail of [...demoDetails, 'Fenwick']) expect(all).not.toContain(detail);
    }
  });

  it('names the firm, and never the demo firm: enquiries, quotes, calls, the questionnaire, sign-ups and staff accounts', async () => {
    const accepted = async (answer: Promise<Response>) => expect((await answer).ok).toBe(true);
    await accepted(post(site, '/contact-us-send', { ...contact('c@example.com'), recToken: 'none' }));
    await accepted(post(site, '/show-contact-send', { ...quote('q@example.com'), recToken: 'none' }));
    await accepted(
      post(site, '/forms/application-form', { ...validApplication, emailAddress: 'a@example.com' }),
    );
    const { date, slots } = await firstBookableDate(site.url);
    await accepted(postBooking(site.url, buildBookCallPayload(date, slots[0] as TimeSlot, 'b@example.com')));
    await accepted(post(site, '/subscribe', { emailAddress: 's@example.com', contact1: '2' }));
    const owner = backOfficeClient(site, await signedInStaff(site, 'partner@obrienmarsh.example'));
    await accepted(owner.send('/staff', { name: 'New', email: 'new@obrienmarsh.example', role: 'staff' }));
    await accepted(owner.send('/setup/test-email'));

    // The questionnaire emails the staff alone; its visitor goes on to book a call.
    const to = ['c@', 'q@', 'b@', 's@', 'new@obrienmarsh', 'partner@obrienmarsh', 'office@obrienmarsh'];
    await waitUntil(
      () => to.every((who) => smtp.messages.some((mail) => mail.to.some((a) => a.startsWith(who)))),
      {
        what: () => `mail to ${to.join(', ')}; got ${smtp.messages.map((m) => m.to).join(', ')}`,
      },
    );
    for (const mail of smtp.messages) {
      const all = `${mail.raw}${mail.parsed.text}${mail.parsed.html}`;
      for (const demo of [...demoDetails, 'Fenwick', 'fenwickhale', 'Shrewsbury']) {
        expect(all, `${mail.parsed.subject} to ${mail.to}`).not.toContain(demo);
      }
      expect(unescapeHtml(`${mail.parsed.subject} ${mail.parsed.html}`)).toMatch(
        /O’Brien & Marsh|O'Brien & Marsh/,
      );
    }
  });
});
