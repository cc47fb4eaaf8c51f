import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calendarWriteBack } from '#server/features/calendars/index.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import { mailFiles } from '#server/mail/mail-files.ts';
import { countByStatus } from '#server/mail/outbox.ts';
import { runRetention } from '#server/retention/job.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { columnsHolding, rawFilesHolding } from '#tests/support/database-search.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

// The data-protection audit, as an outside auditor ran it: a person uses every feature (a call booked
// with an adviser whose diary is a CalDAV calendar, the newsletter signed up to, confirmed and left, a
// contact enquiry, a quote request, the questionnaire), staff write a note quoting them; then one such
// person is exported and erased, another is left to the retention job on a clock moved on by years.
// Afterwards every value they typed is searched for in the tables, SQLite's file and WAL, MAIL_DIR
// (raw and decoded), every log line the site wrote, and the adviser's calendar in Radicale.

const day = 86_400_000;
const secretKey = 'an adviser calendar key of 32+ characters';

interface Person {
  name: string;
  email: string;
  phone: string;
  business: string;
  postcode: string;
  message: string;
  website: string;
  apps: string;
}

const erased: Person = {
  name: 'Rowena Quillfeather',
  email: 'Rowena.Quillfeather@Example.test',
  phone: '07700 900461',
  business: 'Quillfeather Dental',
  postcode: 'SY3 9QF',
  message: 'Our surgery in Quillbury needs payroll help',
  website: 'quillfeather-dental.example',
  apps: 'QuillLedger and a lot of Excel',
};
const aged: Person = {
  name: 'Barnaby Oakenshield',
  email: 'barnaby.oakenshield@example.test',
  phone: '07700 900462',
  business: 'Oakenshield Optics',
  postcode: 'SY4 1OK',
  message: 'Our opticians in Oakbury want a quote',
  website: 'oakenshield-optics.example',
  apps: 'OakBooks and a shoebox',
};
/** Every value the person typed somewhere, as they typed it. */
const needles = (person: Person) => Object.values(person);

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(() => radicale.stop());

describeEachDatabase(
  'the data-protection audit: every feature, then export, erasure and retention',
  (database) => {
    let site: TestApp;
    let owner: { cookies: string; token: string };
    let calendarUrl: string;
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);
    const lines: string[] = [];
    const api = () => backOfficeClient(site, owner);

    beforeAll(async () => {
      site = await startTestApp({
        database,
        env: { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000', CALENDAR_SECRET_KEY: secretKey },
        logStream: { write: (line: string) => void lines.push(line) },
        clock,
      });
      owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
      await signedInStaff(site, 'ann@fenwickhale.test', 'staff');
      expect(
        (await api().send('/advisers', { email: 'ann@fenwickhale.test', displayName: 'Ann Fenwick' })).status,
      ).toBe(201);
      const [adviser] = (await api().json('/advisers')).advisers;
      calendarUrl = await radicale.makeCalendar(`audit-${database}`);
      const connect = {
        kind: 'caldav',
        url: calendarUrl,
        username: radicale.username,
        password: radicale.password,
      };
      expect((await api().send(`/advisers/${adviser.id}/calendar`, connect, 'PUT')).status).toBe(200);
      await waitUntil(async () => (await api().json('/advisers')).advisers[0].calendar?.lastReadAt != null);
    });
    afterAll(async () => site?.close());

    const allSent = () => waitUntil(async () => (await countByStatus(site.db)).pending === 0);

    /** The link to `linkPath` in the newest email to `address` that has one, read from MAIL_DIR. */
    async function linkMailedTo(address: string, linkPath: string) {
      const pattern = new RegExp(`http://\\S+${linkPath}\\?token=[\\w%-]+`);
      let link: string | undefined;
      await waitUntil(async () => {
        for (const file of readdirSync(site.config.mailDir).sort().reverse()) {
          const mail = await PostalMime.parse(readFileSync(path.join(site.config.mailDir, file)));
          if (!mail.to?.some((to) => to.address?.toLowerCase() === address.toLowerCase())) continue;
          link = mail.text?.match(pattern)?.[0];
          if (link) return true;
        }
        return false;
      });
      return link as string;
    }

    async function useEveryFeature(person: Person, slot: number) {
      const { date, slots } = await firstBookableDate(site.url);
      expect(
        (await postBooking(site.url, buildBookCallPayload(date, slots[slot] as never, person.email))).status,
      ).toBe(201);
      const signUp = await send(site, '/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress: person.email, submitMethod: '2' }),
      });
      expect(signUp.status).toBe(200);
      const confirmPage = await (await fetch(await linkMailedTo(person.email, '/subscribe/confirm'))).text();
      const token = confirmPage.match(/name="token" value="([\w-]+)"/)?.[1] as string;
      const confirmed = await send(site, '/subscribe/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
        body: new URLSearchParams({ token }),
      });
      expect(confirmed.status).toBe(200);
      const oneClick = await fetch(await linkMailedTo(person.email, '/unsubscribe'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      const typedContact = {
        ...contact(person.email),
        name: person.name,
        phone: person.phone,
        message: person.message,
      };
      expect((await post(site, '/contact-us-send', { ...typedContact, recToken: 'none' })).status).toBe(201);
      const typedQuote = {
        ...quote(person.email),
        name: person.name,
        practiceName: person.business,
        postcode: person.postcode,
        message: person.message,
      };
      expect((await post(site, '/show-contact-send', { ...typedQuote, recToken: 'none' })).status).toBe(201);
      const application = {
        ...validApplication,
        emailAddress: person.email,
        yourName: person.name,
        businessName: person.business,
        website: person.website,
        whichApps: person.apps,
      };
      expect((await post(site, '/forms/application-form', application)).status).toBe(201);
      const { reference } = await site.db
        .selectFrom('enquiries')
        .select('reference')
        .where('name', '=', person.name)
        .executeTakeFirstOrThrow();
      expect(
        (
          await api().send(`/enquiries/${reference}/notes`, {
            text: `Rang ${person.name} on ${person.phone}`,
          })
        ).status,
      ).toBe(201);
    }

    /** Everywhere the values are still found: table columns, SQLite's files, mail files, log lines, calendar. */
    async function copiesOf(values: string[]) {
      const lower = values.map((value) => value.toLowerCase());
      const holding = (text: string) => lower.filter((value) => text.toLowerCase().includes(value));
      const mail: string[] = [];
      for (const file of readdirSync(site.config.mailDir)) {
        const raw = readFileSync(path.join(site.config.mailDir, file));
        const parsed = await PostalMime.parse(raw);
        const found = holding(`${raw.toString('latin1')}\n${JSON.stringify(parsed)}`);
        if (found.length > 0) mail.push(`${file}: ${found.join(', ')}`);
      }
      const calendar = [...(await radicale.objects(calendarUrl)).values()].flatMap(holding);
      return {
        columns: await columnsHolding(site.db, values),
        databaseFiles: database === 'sqlite' ? rawFilesHolding(site.databaseUrl, values) : [],
        mail,
        logs: [...new Set(lines.flatMap(holding))],
        calendar: [...new Set(calendar)],
      };
    }
    const nowhere = { columns: [], databaseFiles: [], mail: [], logs: [], calendar: [] };

    it('leaves no value the erased person typed anywhere, and none the aged person typed once the periods pass', async () => {
      await useEveryFeature(erased, 0);
      await useEveryFeature(aged, 1);
      await allSent();
      await waitUntil(async () => (await radicale.objects(calendarUrl)).size === 2, { timeoutMs: 20_000 });
      // Before: each person is found in the tables, the mail files and the adviser's calendar.
      expect(lines.length).toBeGreaterThan(0); // the log is captured, so its search means something
      const before = await copiesOf(needles(erased));
      expect(before.columns).not.toEqual([]);
      expect(before.mail).not.toEqual([]);
      expect(before.calendar).toEqual([erased.email.toLowerCase()]);

      // Export, then erase, the first person.
      const exported = await (await api().send('/data-protection/export', { email: erased.email })).json();
      const exportedText = JSON.stringify(exported).toLowerCase();
      for (const value of needles(erased)) expect(exportedText).toContain(value.toLowerCase());
      expect(exported.mailFiles.length).toBeGreaterThan(0);
      const erasure = await api().send('/data-protection/erase', { email: erased.email });
      expect(erasure.status).toBe(200);
      await allSent();
      await waitUntil(async () => (await radicale.objects(calendarUrl)).size === 1, { timeoutMs: 20_000 });
      expect(await copiesOf(needles(erased))).toEqual(nowhere);

      // Two years and two months on, the second person's leads have expired; their consent trail stays,
      // holding only their address, as the proof the notice keeps for six years after the unsubscribe.
      const { mail } = site.app.deps.services;
      const retention = (at: number) => {
        offsetMs = at;
        return runRetention(site.db, leadRegistry(calendarWriteBack(mail).cancelled), {
          months: site.config.retentionMonths,
          now: clock(),
          via: 'schedule',
          secret: site.config.sessionSecret,
          mailFiles: mailFiles(site.config.mailDir, site.config.sessionSecret),
        });
      };
      expect(await retention(790 * day)).toMatchObject({ ran: true });
      await waitUntil(async () => (await radicale.objects(calendarUrl)).size === 0, { timeoutMs: 20_000 });
      await allSent();
      const agedEmail = aged.email.toLowerCase();
      expect(await copiesOf(needles(aged).filter((value) => value !== aged.email))).toEqual(nowhere);
      expect((await copiesOf([agedEmail])).columns).toEqual(['subscribers.email']);

      // Six years after the unsubscribe, the trail goes too.
      expect(await retention((6 * 366 + 30) * day)).toMatchObject({ ran: true });
      await allSent();
      expect(await copiesOf(needles(aged))).toEqual(nowhere);
      expect(await copiesOf(needles(erased))).toEqual(nowhere);
    });
  },
);
