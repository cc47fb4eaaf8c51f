import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { leadRegistry } from '#server/lead-registry.ts';
import { runRetention } from '#server/retention/job.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { freeSlots, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact as contactForm, post, quote as quoteForm } from '#tests/support/enquiries.ts';
import { recipientCap } from './recipient-cap.ts';

// The public forms email whatever address is typed: one address gets at most
// MAX_EMAILS_PER_RECIPIENT_PER_DAY (5) of their emails a day, in any letter case, across the contact and
// quote acknowledgements, booking confirmations and sign-up confirmations. Past it everything is stored
// and the staff are told as before, and the visitor's answer is the same to the byte.

const env = {
  RATE_LIMIT_PER_MINUTE: '100000',
  MEETING_URL: 'https://zoom.us/my/fenwickhale',
  BOOKING_MAX_UPCOMING_PER_EMAIL: '50',
  BOOKING_MAX_PER_ADDRESS_PER_DAY: '50',
};

// CAPTCHA_PROVIDER=none takes any token.
const contact = (email: string) => ({ ...contactForm(email), recToken: 'none' });
const quote = (email: string) => ({ ...quoteForm(email), recToken: 'none' });

/** A visitor's answer, exactly as sent: status, content type and body. */
const answerOf = async (response: Response) =>
  `${response.status} ${response.headers.get('content-type')} ${await response.text()}`;

/** The emails queued for an address (in any letter case), by kind. */
async function mailKindsTo(site: TestApp, email: string) {
  const rows = await site.db
    .selectFrom('outbox_messages')
    .select('kind')
    .where(sql<string>`lower(${sql.ref('recipient')})`, '=', email.toLowerCase())
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}

const countOf = async (site: TestApp, table: 'enquiries' | 'bookings', email: string) =>
  (
    await site.db
      .selectFrom(table)
      .select('id')
      .where(sql<string>`lower(${sql.ref('email')})`, '=', email.toLowerCase())
      .execute()
  ).length;

const staffNotices = async (site: TestApp, kind: string) =>
  (await site.db.selectFrom('outbox_messages').select('id').where('kind', '=', kind).execute()).length;

describeEachDatabase('the cap on emails to one address', (database) => {
  let site: TestApp;

  beforeAll(async () => {
    site = await startTestApp({ database, env });
  });
  afterAll(() => site?.close());

  it('sends one address 5 emails a day across the forms; past that it keeps everything and tells the staff', async () => {
    const email = 'Capped.Person@Example.com';
    const slots = await freeSlots(site.url, 2);
    const book = (to: string, i: number) => {
      const { date, slot } = slots[i] as (typeof slots)[number];
      return postBooking(site.url, buildBookCallPayload(date, slot, to));
    };
    const subscribe = (to: string) => post(site, '/subscribe', { emailAddress: to, submitMethod: '2' });

    // Five emails: two acknowledgements, a quote's (with a sign-up confirmation, as it opts in), a booking's.
    const firstContact = await answerOf(await post(site, '/contact-us-send', contact(email)));
    await post(site, '/contact-us-send', contact(email.toUpperCase()));
    const firstQuote = await answerOf(await post(site, '/show-contact-send', quote(email.toLowerCase())));
    const firstBooking = await answerOf(await book(email, 0));
    expect(await mailKindsTo(site, email)).toEqual([
      'contact-acknowledgement',
      'contact-acknowledgement',
      'subscription-confirmation',
      'quote-acknowledgement',
      'booking-confirmation',
    ]);
    const contactNotices = await staffNotices(site, 'contact-staff-notice');
    const quoteNotices = await staffNotices(site, 'quote-staff-notice');
    const bookingNotices = await staffNotices(site, 'booking-staff-notice');

    // Past the cap each form answers exactly as before, stores what it was sent and tells the staff.
    expect(await answerOf(await post(site, '/contact-us-send', contact(email)))).toBe(firstContact);
    expect(await answerOf(await post(site, '/show-contact-send', { ...quote(email), optin: false }))).toBe(
      firstQuote,
    );
    expect(await answerOf(await book(email.toLowerCase(), 1))).toBe(firstBooking);
    const signUpAnswer = await answerOf(await subscribe('other.person@example.com'));
    expect(await answerOf(await subscribe(email))).toBe(signUpAnswer);

    expect(await mailKindsTo(site, email)).toHaveLength(5);
    expect(await countOf(site, 'enquiries', email)).toBe(5);
    expect(await countOf(site, 'bookings', email)).toBe(2);
    expect(await staffNotices(site, 'contact-staff-notice')).toBe(contactNotices + 1);
    expect(await staffNotices(site, 'quote-staff-notice')).toBe(quoteNotices + 1);
    expect(await staffNotices(site, 'booking-staff-notice')).toBe(bookingNotices + 1);
    // Another address is not held back by this one's cap.
    expect(await mailKindsTo(site, 'other.person@example.com')).toEqual(['subscription-confirmation']);
  });

  it('counts the addresses of one inbox as one: a +tag, and for Gmail its dots and googlemail.com', async () => {
    const spellings = [
      'victim+1@gmail.com',
      'v.i.c.t.i.m@gmail.com',
      'Victim+news@GoogleMail.com',
      'vic.tim+2@gmail.com',
      'victim@gmail.com',
      'victim+3@gmail.com',
      'victim+4@gmail.com',
    ];
    for (const email of spellings) await post(site, '/contact-us-send', contact(email));
    const sent = await Promise.all(spellings.map(async (email) => (await mailKindsTo(site, email)).length));
    expect(sent).toEqual([1, 1, 1, 1, 1, 0, 0]);
    // Another person's +tag at another provider is theirs alone.
    await post(site, '/contact-us-send', contact('victim+1@example.org'));
    expect(await mailKindsTo(site, 'victim+1@example.org')).toHaveLength(1);
  });

  it('keeps no readable address: only a keyed hash and the day', async () => {
    const rows = await site.db.selectFrom('recipient_mail_counts').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.recipient_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.day).toBe(new Date().toISOString().slice(0, 10));
    }
    expect(JSON.stringify(rows).toLowerCase()).not.toContain('capped.person');
  });

  it('starts each UTC day afresh, and the retention run forgets the days before', async () => {
    const cap = recipientCap('a-secret-of-thirty-two-characters!!', 2);
    const day1 = new Date('2030-03-04T23:59:00Z');
    const day2 = new Date('2030-03-05T00:00:00Z');
    const allowed = async (email: string, at: Date) => cap.allows(site.db, email, at);
    expect([
      await allowed('day@example.com', day1),
      await allowed('DAY@example.com', day1),
      await allowed('day@EXAMPLE.com', day1),
    ]).toEqual([true, true, false]);
    expect(await allowed('day@example.com', day2)).toBe(true);
    // The daily retention run deletes every count but today's (this test runs last: it ages the rest too).
    const before = (await site.db.selectFrom('recipient_mail_counts').select('day').execute()).length;
    const retention = await runRetention(site.db, leadRegistry(), {
      months: 24,
      now: day2,
      via: 'command line',
      secret: site.config.sessionSecret,
    });
    expect(retention).toMatchObject({ ran: true, counts: { recipientCounts: before - 1 } });
    expect(await site.db.selectFrom('recipient_mail_counts').select('day').execute()).toEqual([
      { day: '2030-03-05' },
    ]);
  });
});

describeEachDatabase('contact posts racing for one address', (kind) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The first app owns the database and drops it, so it closes last.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  it('send no more than the cap, store every enquiry and answer each the same', async () => {
    const first = await startTestApp({ database: kind, env });
    apps.push(first);
    // On PostgreSQL a second instance shares the database, as a firm running two instances would.
    if (kind === 'postgres') apps.push(await startTestApp({ databaseUrl: first.databaseUrl, env }));
    const email = 'raced@example.com';
    const answers = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const site = apps[i % apps.length] as TestApp;
        const response = await fetch(`${site.url}/contact-us-send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contact(i % 2 ? email : email.toUpperCase())),
        });
        return answerOf(response);
      }),
    );
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^201 /);
    expect(await countOf(first, 'enquiries', email)).toBe(16);
    expect(await staffNotices(first, 'contact-staff-notice')).toBe(16);
    expect(await mailKindsTo(first, email)).toEqual(Array(5).fill('contact-acknowledgement'));
  });
});
