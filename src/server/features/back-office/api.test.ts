import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestions, applicationQuestions } from '#shared/application.ts';
import { backOfficeMessages, formTokenHeader } from '#shared/back-office.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { toIsoDate } from '#shared/calendar.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking, timesFor } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { routesOf } from '#tests/support/routes.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

const api = '/api/back-office';

/** Every route Fastify knows under the back office API, read from its route tree: [method, path]. */
const backOfficeEndpoints = (site: TestApp) =>
  routesOf(site.app).filter(([, path]) => path.startsWith(`${api}/`));

describeEachDatabase('the back office API', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => site?.close());

  const client = () => backOfficeClient(site, staff);
  const get = (path: string) => client().get(path);
  const json = (path: string) => client().json(path);
  const send = (path: string, body: unknown, method = 'POST', headers: Record<string, string> = {}) =>
    client().send(path, body, method, headers);
  const outboxTo = (email: string) =>
    site.db
      .selectFrom('outbox_messages')
      .select(['kind', 'message'])
      .where('recipient', '=', email)
      .execute();

  describe('every endpoint', () => {
    it('refuses an anonymous visitor with 401, and a change without the form token or from another site with 403', async () => {
      const endpoints = backOfficeEndpoints(site);
      // The lists, their CSVs, three kinds of lead with stage and notes, and the rest: none may be missed.
      expect(endpoints.length).toBeGreaterThanOrEqual(30);
      for (const [method, path] of endpoints) {
        const url = `${site.url}${path.replace(/:\w+/g, 'x')}`;
        const body = method === 'GET' ? undefined : '{}';
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        const anonymous = await fetch(url, { method, headers, body });
        expect([method, path, anonymous.status]).toEqual([method, path, 401]);
        if (method === 'GET') continue;
        const forgeries: Record<string, string>[] = [
          { cookie: staff.cookies, origin: site.url },
          { cookie: staff.cookies, origin: 'https://evil.example', [formTokenHeader]: staff.token },
        ];
        for (const forged of forgeries) {
          const response = await fetch(url, { method, headers: { ...headers, ...forged }, body });
          expect([method, path, response.status]).toEqual([method, path, 403]);
        }
      }
    });

    it("answers every change sent an empty form, no body or a stray field in words, never in the schema library's", async () => {
      // A change that takes no input (sending the owner a test email) has nothing to refuse.
      const takesInput = new Set(
        site.app
          .registeredRoutes()
          .filter((route) => route.config?.endpoint?.body || route.config?.endpoint?.params)
          .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`)),
      );
      const changes = backOfficeEndpoints(site).filter(
        ([method, path]) => method !== 'GET' && takesInput.has(`${method} ${path}`),
      );
      expect(changes.length).toBeGreaterThanOrEqual(15);
      const developerWords = /Invalid input|\bexpected|received|undefined|null|^\w+(\.\w+)*: [A-Z]/;
      const leaks = [];
      for (const [method, path] of changes) {
        for (const body of [{}, undefined, { stray: 1 }]) {
          const response = await send(path.replace(api, '').replace(/:\w+/g, 'x'), body, method);
          const { errorMessages } = await response.json();
          if (response.status < 400 || errorMessages.length === 0)
            leaks.push([method, path, body, 'no refusal']);
          for (const message of errorMessages) {
            if (developerWords.test(message)) leaks.push([method, path, body, message]);
          }
        }
      }
      expect(leaks).toEqual([]);
      const refusal = async (path: string, body: unknown) =>
        (await (await send(path, body)).json()).errorMessages;
      expect(await refusal('/sessions/end', {})).toEqual([backOfficeMessages.sessionToEnd]);
      expect(await refusal('/staff/role', {})).toEqual([backOfficeMessages.email, backOfficeMessages.role]);
      expect(await refusal('/enquiries/x/stage', { stage: 'archived' })).toEqual([
        'Choose a stage: New, Contacted, Qualified, Won, Lost',
      ]);
    });
  });

  describe('applications', () => {
    it('lists a new application, shows every answer, and takes a stage and a note', async () => {
      const email = 'applicant@example.test';
      expect(
        (await post(site, '/forms/application-form', { ...validApplication, emailAddress: email })).status,
      ).toBe(201);
      const list = await json('/applications?q=applicant');
      expect(list.items).toMatchObject([
        { email, name: 'Priya Shah', businessName: 'Shah Bookkeeping', stage: 'new' },
      ]);
      const reference = list.items[0].reference;
      const detail = await json(`/applications/${reference}`);
      expect(detail.answers).toMatchObject({
        yourName: validApplication.yourName,
        emailAddress: email,
        biggestFrustration: validApplication.biggestFrustration,
      });
      expect(detail.bookings).toEqual([]);
      expect((await send(`/applications/${reference}/stage`, { stage: 'qualified' })).status).toBe(200);
      const noted = await (await send(`/applications/${reference}/notes`, { text: 'Good fit' })).json();
      expect(noted.timeline.map((entry: { what: string }) => entry.what)).toEqual(['stage', 'note']);
      expect(
        (await json('/applications?stage=qualified')).items.map((i: { email: string }) => i.email),
      ).toEqual([email]);
    });
  });

  describe('bookings', () => {
    it('shows a new call in the upcoming agenda; cancelling it frees the slot and tells the visitor, once', async () => {
      const email = 'caller@example.test';
      const { date, slots } = await firstBookableDate(site.url);
      const slot = slots[0] as (typeof slots)[number];
      expect((await postBooking(site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
      expect(await timesFor(site.url, date)).not.toContainEqual(slot);

      const upcoming = await json(`/bookings?q=${email}`);
      expect(upcoming.items).toMatchObject([{ email, localDate: toIsoDate(date), status: 'confirmed' }]);
      expect((await json(`/bookings?when=past&q=${email}`)).items).toEqual([]);
      const reference = upcoming.items[0].reference;

      const cancelled = await send(`/bookings/${reference}/cancel`, {});
      expect(cancelled.status).toBe(200);
      const detail = await cancelled.json();
      expect(detail.status).toBe('cancelled');
      expect(detail.timeline.find((entry: { what: string }) => entry.what === 'cancelled')).toMatchObject({
        what: 'cancelled',
        detail: 'Cancelled by the firm',
        by: 'gwen@fenwickhale.test',
      });
      expect(await timesFor(site.url, date)).toContainEqual(slot);
      expect((await outboxTo(email)).map((m) => m.kind)).toEqual([
        'booking-confirmation',
        'booking-cancellation',
      ]);

      const again = await send(`/bookings/${reference}/cancel`, {});
      expect(again.status).toBe(409);
      expect((await again.json()).errorMessages).toEqual([backOfficeMessages.alreadyCancelled]);
      expect((await json(`/bookings?status=confirmed&q=${email}`)).items).toEqual([]);
    });
  });

  describe('subscribers', () => {
    it('lists a sign-up as pending, with its consent record', async () => {
      const email = 'reader@example.test';
      expect((await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' })).status).toBe(200);
      expect((await json('/subscribers?status=pending')).items).toMatchObject([{ email, status: 'pending' }]);
      expect((await json('/subscribers?status=confirmed')).items).toEqual([]);
      const detail = await json(`/subscribers/${encodeURIComponent(email)}`);
      expect(detail.consents).toMatchObject([{ event: 'signed-up', wording: expect.any(String) }]);
      expect((await get('/subscribers/nobody%40example.test')).status).toBe(404);
    });
  });

  describe('CSV export', () => {
    /** The CSV's records as fields under their headers, read as RFC 4180 quotes them. */
    const csvRecords = async (path: string) => {
      const text = new TextDecoder('utf-8', { ignoreBOM: true })
        .decode(await (await get(path)).arrayBuffer())
        .replace(/^\uFEFF/, '');
      const records: string[][] = [[]];
      for (const [, quoted, plain, end] of text.matchAll(/(?:"((?:[^"]|"")*)"|([^,"\r\n]*))(,|\r\n|$)/g)) {
        records.at(-1)?.push(quoted === undefined ? (plain ?? '') : quoted.replaceAll('""', '"'));
        if (end === '\r\n') records.push([]);
        if (end === '') break;
      }
      const [names = [], ...rows] = records.filter((record) => record.length > 1);
      return rows.map((row) => Object.fromEntries(row.map((value, i) => [names[i], value])));
    };

    it('downloads the filtered list, with formulas a visitor typed kept as text', async () => {
      const email = 'formula@example.test';
      const sent = await post(site, '/contact-us-send', {
        ...contact(email),
        name: '=HYPERLINK("http://evil.test","Click")',
        recToken: 'none',
      });
      expect(sent.status).toBe(201);
      const response = await get(`/contact-enquiries.csv?q=${email}`);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="contact-enquiries-/,
      );
      // The byte order mark first, so that Excel reads "£" as UTF-8 rather than in its legacy code page.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFFReference,Name,Email,Organisation,Phone,Message,Asked to join the newsletter,Stage,Received',
      );
      expect(text).toContain(`,"'=HYPERLINK(""http://evil.test"",""Click"")",${email},Dentist,`);
      const records = await csvRecords(`/contact-enquiries.csv?q=${email}`);
      expect(records.map((record) => record.Name)).toEqual(['\'=HYPERLINK("http://evil.test","Click")']);
      expect((await get('/contact-enquiries.csv?stage=nonsense')).status).toBe(400);
    });

    it("carries an enquiry's phone, message and answers, with times in the firm's zone and offset", async () => {
      const email = 'every.field@example.test';
      expect((await post(site, '/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(
        201,
      );
      expect((await csvRecords(`/contact-enquiries.csv?q=${email}`))[0]).toMatchObject({
        Phone: '07700 900123',
        Message: contact(email).message,
        'Asked to join the newsletter': 'No',
        Stage: 'New',
      });

      const body = { ...quote(email), cost: 1250.5, quoted: 'Another firm', recToken: 'none' };
      expect((await post(site, '/show-contact-send', body)).status).toBe(201);
      await site.db
        .updateTable('enquiries')
        .set({ created_at: '2026-07-01T08:00:00.000Z' })
        .where('email', '=', email)
        .where('kind', '=', 'quote')
        .execute();
      const [summer] = await csvRecords(`/quote-requests.csv?q=${email}`);
      expect(summer).toMatchObject({
        Email: email,
        Postcode: expect.stringMatching(/^ls2 7hy$/i),
        Message: quote(email).message,
        'Approximate annual turnover (£)': '£1,250.50',
        'Which tax years is the quote for?': expect.stringMatching(/^\d{4} to \d{4}, \d{4} to \d{4}$/),
        'Have other firms quoted for this?': 'Another firm',
        'Asked to join the newsletter': expect.stringMatching(/^(Yes|No)$/),
        Received: '2026-07-01 09:00 +01:00',
      });
      await site.db
        .updateTable('enquiries')
        .set({ created_at: '2026-11-22T14:30:00.000Z' })
        .where('email', '=', email)
        .where('kind', '=', 'quote')
        .execute();
      expect((await csvRecords(`/quote-requests.csv?q=${email}`))[0]?.Received).toBe(
        '2026-11-22 14:30 +00:00',
      );
    });

    it("writes a subscriber's status in the words the back office shows, not its code", async () => {
      const email = 'csv.reader@example.test';
      expect((await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' })).status).toBe(200);
      expect(await csvRecords(`/subscribers.csv?q=${email}`)).toMatchObject([
        { Email: email, Status: 'Waiting for them to confirm' },
      ]);
    });

    it('carries every answer of an application under its question, and each call with its times and offset', async () => {
      const email = 'every.answer@example.test';
      const answers: Record<string, unknown> = { ...validApplication, emailAddress: email };
      expect((await post(site, '/forms/application-form', answers)).status).toBe(201);
      const [application] = await csvRecords(`/applications.csv?q=${email}`);
      const stored = await site.db
        .selectFrom('applications')
        .select('answers')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const kept = JSON.parse(stored.answers);
      for (const name of answerQuestions) {
        const label = applicationQuestions[name].label;
        expect([label, application?.[label]]).toEqual([label, String(kept[name])]);
      }
      // Who the applicant is comes once, in its own columns, not again under the questionnaire's words.
      expect(application).toMatchObject({ Name: kept.yourName, Email: email, Business: kept.businessName });
      expect(application?.Website).toBe(kept.website || '');
      expect(application).not.toHaveProperty(applicationQuestions.yourName.label);
      expect(application?.[applicationQuestions.whichApps.label]).toBe(validApplication.whichApps);
      expect(application?.Received).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \+0[01]:00$/);

      const caller = 'every.call@example.test';
      const { date } = await firstBookableDate(site.url);
      const slot = (await timesFor(site.url, date)).at(-1);
      if (!slot) throw new Error('no time offered');
      expect((await postBooking(site.url, buildBookCallPayload(date, slot, caller))).status).toBe(201);
      const [call] = await csvRecords(`/bookings.csv?q=${caller}`);
      const booking = await site.db
        .selectFrom('bookings')
        .select(['local_date', 'local_time'])
        .where('email', '=', caller)
        .executeTakeFirstOrThrow();
      expect(call?.Starts).toMatch(new RegExp(`^${booking.local_date} ${booking.local_time} \\+0[01]:00$`));
      // The firm has no advisers here: the call's Adviser column is empty.
      expect(call).toMatchObject({
        Email: caller,
        Adviser: '',
        Status: 'Confirmed',
        Stage: 'New',
        Cancelled: '',
      });
    });
  });

  describe('data protection', () => {
    it('exports everything held about an address, then erases it, recording who and when', async () => {
      const email = 'Subject@Example.test';
      await post(site, '/contact-us-send', { ...contact(email), recToken: 'none' });
      await post(site, '/subscribe', { emailAddress: email, submitMethod: '2' });
      const [enquiry] = (await json(`/contact-enquiries?q=${encodeURIComponent(email.toLowerCase())}`)).items;
      await send(`/enquiries/${enquiry.reference}/notes`, { text: 'Called Amira about her practice' });

      const exported = await send('/data-protection/export', { email: 'subject@example.test' });
      expect(exported.status).toBe(200);
      const data = await exported.json();
      expect(data.enquiries).toMatchObject([{ email, name: 'Amira Shah', phone: '07700 900123' }]);
      expect(data.subscription).toMatchObject({ email: email.toLowerCase(), status: 'pending' });
      expect(data.subscription.consents).toHaveLength(1);
      expect(data.leadEvents).toMatchObject([{ event: 'note', detail: 'Called Amira about her practice' }]);
      expect(data.emails.length).toBeGreaterThanOrEqual(2);

      const erased = await send('/data-protection/erase', { email: 'subject@example.test' });
      expect(erased.status).toBe(200);
      expect((await erased.json()).erased).toMatchObject({ enquiries: 1, subscriber: 1, notes: 1 });
      const after = await (await send('/data-protection/export', { email: 'subject@example.test' })).json();
      expect(after).toMatchObject({
        enquiries: [],
        applications: [],
        bookings: [],
        subscription: null,
        emails: [],
      });
      const kept = await json(`/enquiries/${enquiry.reference}`);
      expect(kept).toMatchObject({ name: '(erased)', email: '(erased)', phone: null, message: '(erased)' });
      expect(JSON.stringify(kept)).not.toContain('Amira');

      // The erasure left the address out of the audit log too: its entries name a pseudonym instead.
      const audit = (await json('/audit-log')).items;
      const pseudonym = expect.stringMatching(/^\(erased [\w-]{12}\)$/);
      expect(audit.slice(0, 3)).toMatchObject([
        { action: 'data.exported', subject: 'subject@example.test', by: 'gwen@fenwickhale.test' },
        { action: 'data.erased', subject: pseudonym, by: 'gwen@fenwickhale.test' },
        { action: 'data.exported', subject: pseudonym, by: 'gwen@fenwickhale.test' },
      ]);
      expect(audit[1].subject).toBe(audit[2].subject);
    });
  });
});
