import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { emailMessages } from '#shared/email.ts';
import { validApplication } from '../support/applications.ts';
import { firstBookableDate, postBooking } from '../support/booking.ts';
import { setUpSiteInBrowser } from '../support/browser.ts';
import { contact, quote } from '../support/enquiries.ts';
import { signIn } from '../support/signed-in.ts';

// A lead's address in a mailto link once added a hidden Bcc to the staff's reply. The forms now refuse
// such an address, and one stored before is shown as a link to that one (harmless) address.

const t = setUpSiteInBrowser({ viewport: { width: 1280, height: 900 } });
const hostile = 'ceo%40client.example?bcc=attacker%40evil.example&x=@evil.example';

const postJson = (path: string, body: unknown) =>
  fetch(`${t.site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(t.site.dataDir, 'site.db'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** What a mail program takes from a link: the recipients, and each header it sets. */
function readAsMailProgram(href: string) {
  const url = new URL(href);
  return {
    to: url.pathname.split(',').map(decodeURIComponent),
    headers: Object.fromEntries(url.searchParams),
  };
}

describe('an address that would carry mailto headers', () => {
  it('is refused by every form that takes an address, naming the field, and nothing is stored', async () => {
    const { date, slots } = await firstBookableDate(t.site.url);
    const answers = {
      contact: await postJson('/contact-us-send', { ...contact(hostile), recToken: 'none' }),
      quote: await postJson('/show-contact-send', { ...quote(hostile), recToken: 'none' }),
      subscribe: await postJson('/subscribe', { emailAddress: hostile, submitMethod: '2' }),
      application: await postJson('/forms/application-form', { ...validApplication, emailAddress: hostile }),
      booking: await postBooking(
        t.site.url,
        buildBookCallPayload(date, slots[0] as (typeof slots)[number], hostile),
      ),
    };
    for (const [form, answer] of Object.entries(answers)) {
      expect(answer.status, form).toBe(422);
      expect(JSON.stringify(await answer.json()), form).toContain(emailMessages.invalid);
    }
    const stored = withDatabase((db) =>
      ['enquiries', 'subscribers', 'applications', 'bookings', 'outbox_messages'].map(
        (table) =>
          (
            db
              .prepare(
                `select count(*) as n from ${table} where lower(${table === 'outbox_messages' ? 'recipient' : 'email'}) like '%evil%'`,
              )
              .get() as { n: number }
          ).n,
      ),
    );
    expect(stored).toEqual([0, 0, 0, 0, 0]);
  });

  it('stored before, shows on the lead page as a link to that one address, and the reply adds only a subject', async () => {
    const staff = 'lead.reader@fenwickhale.test';
    expect(
      (await postJson('/contact-us-send', { ...contact('old.lead@example.com'), recToken: 'none' })).status,
    ).toBe(201);
    // As the old rule let it in.
    const reference = withDatabase((db) => {
      db.prepare('update enquiries set email = ? where email = ?').run(hostile, 'old.lead@example.com');
      return (
        db.prepare('select reference from enquiries where email = ?').get(hostile) as { reference: string }
      ).reference;
    });

    await signIn(t.page, t.site, staff, 'owner', `/back-office/enquiries/${reference}`);
    const shown = t.page.getByRole('link', { name: hostile });
    await shown.waitFor();
    expect(readAsMailProgram((await shown.getAttribute('href')) as string)).toEqual({
      to: [hostile],
      headers: {},
    });
    const reply = (await t.page.getByRole('link', { name: 'Reply by email' }).getAttribute('href')) as string;
    expect(readAsMailProgram(reply)).toEqual({
      to: [hostile],
      headers: { subject: expect.stringMatching(/^Re: your enquiry to /) },
    });
    expect(t.errors).toEqual([]);
  });
});
