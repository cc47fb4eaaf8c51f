import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { recordAudit } from '#server/audit/log.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { erasedAddress } from '#server/features/back-office/data-protection.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import { personFor } from '#server/leads/people.ts';
import type { LeadStage } from '#shared/back-office.ts';
import { describeEachDatabase, describeOnPostgres } from '#tests/support/databases.ts';
import { freshDatabaseEachTest } from '#tests/support/migrated-database.ts';
import { startedCampaign } from '#tests/support/newsletter.ts';
import { runRetention } from './job.ts';

// The retention job on a real database: leads placed at chosen dates, then what the back office would
// read of them after the job. "Now" is fixed, and the limit is 24 months (the default).

const now = new Date('2026-11-23T09:00:00.000Z');
const months = 24;
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
/** Well past the two years, and well inside them. */
const old = daysAgo(800);
const recent = daysAgo(300);
const leadKinds = leadRegistry();
const secret = 'retention-test-secret-retention-test-secret';
const run = (db: Db, extra: { dryRun?: boolean; daily?: boolean } = {}) =>
  runRetention(db, leadKinds, { months, now, via: 'schedule', secret, ...extra });

const reference = () => randomBytes(6).toString('hex');

async function enquiry(db: Db, email: string, createdAt: string, stage: LeadStage = 'new') {
  const row = await db
    .insertInto('enquiries')
    .values({
      reference: reference(),
      kind: 'contact',
      name: `Name of ${email}`,
      email,
      organisation: 'Dentist',
      phone: '07700 900123',
      postcode: null,
      message: `A message from ${email}`,
      details: '{"optin":false}',
      ip_address: '192.0.2.7',
      created_at: createdAt,
      stage,
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
  return row;
}

async function application(db: Db, email: string, createdAt: string, stage: LeadStage = 'new') {
  return db
    .insertInto('applications')
    .values({
      reference: reference(),
      email,
      your_name: `Name of ${email}`,
      business_name: 'Quill Dental',
      answers: '{"website":"https://quill.example"}',
      created_at: createdAt,
      stage,
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
}

async function booking(db: Db, email: string, createdAt: string, endsAt: string) {
  return db
    .insertInto('bookings')
    .values({
      reference: reference(),
      email,
      starts_at: new Date(Date.parse(endsAt) - 30 * 60_000).toISOString(),
      ends_at: endsAt,
      local_date: endsAt.slice(0, 10),
      local_time: '10:00',
      time_zone: 'Europe/London',
      status: 'confirmed',
      cancel_token_hash: reference(),
      meeting_url: 'https://meet.example/room',
      meeting_id: null,
      application_id: null,
      created_at: createdAt,
      cancelled_at: null,
      source_address_hash: 'hash-of-an-address',
      adviser_id: null,
      calendar_event_url: null,
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
}

async function note(db: Db, kind: 'enquiry' | 'booking' | 'application', id: number, at: string) {
  await db
    .insertInto('lead_events')
    .values({
      lead_kind: kind,
      lead_id: id,
      event: 'note',
      detail: 'Rang them about the quote',
      user_id: null,
      created_at: at,
    })
    .execute();
}

const enquiryEmails = (db: Db) =>
  db
    .selectFrom('enquiries')
    .select(['reference', 'email', 'name', 'stage', 'created_at'])
    .orderBy('id')
    .execute();

describeEachDatabase('the retention job', (kind) => {
  const current = freshDatabaseEachTest(kind);

  it('anonymises the leads of a conversation over two years quiet, and keeps younger ones and any that led to an engagement', async () => {
    const { db } = current;
    const gone = await enquiry(db, 'Quiet.Prospect@example.test', old);
    const goneCall = await booking(db, 'quiet.prospect@example.test', old, daysAgo(790));
    await note(db, 'enquiry', gone.id, daysAgo(780));
    const young = await enquiry(db, 'young@example.test', recent);
    // Old, but the same person's later enquiry keeps the conversation going.
    const stillTalking = await application(db, 'talking@example.test', old);
    await enquiry(db, 'talking@example.test', recent);
    // Old, but staff wrote a note on it this year.
    const noted = await enquiry(db, 'noted@example.test', old);
    await note(db, 'enquiry', noted.id, recent);
    // Old, but the call it booked was this year.
    const calledLately = await booking(db, 'called@example.test', old, recent);
    // Won: a client now, and their other old lead with them.
    const won = await enquiry(db, 'client@example.test', old, 'won');
    const clientsApplication = await application(db, 'client@example.test', old, 'lost');
    // The people behind two of them: the quiet one is forgotten with their leads, the young one kept.
    for (const [email, ids] of [
      ['quiet.prospect@example.test', { enquiries: gone.id, bookings: goneCall.id }],
      ['young@example.test', { enquiries: young.id }],
    ] as const) {
      const person = await personFor(db, { email, name: 'Someone' }, new Date(old));
      for (const [table, id] of Object.entries(ids) as ['enquiries' | 'bookings', number][])
        await db.updateTable(table).set({ person_id: person }).where('id', '=', id).execute();
    }

    const outcome = await run(db);

    expect(outcome).toMatchObject({
      ran: true,
      counts: { enquiries: 1, bookings: 1, applications: 0, notes: 1 },
    });
    const enquiries = await enquiryEmails(db);
    const byReference = (ref: string) => enquiries.find((row) => row.reference === ref);
    // The anonymised lead keeps its reference, stage and date: counts and the pipeline stay whole.
    expect(byReference(gone.reference)).toEqual({
      reference: gone.reference,
      email: erasedMarker,
      name: erasedMarker,
      stage: 'new',
      created_at: old,
    });
    const goneRow = await db
      .selectFrom('enquiries')
      .selectAll()
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect([goneRow.phone, goneRow.ip_address, goneRow.message, goneRow.details]).toEqual([
      null,
      null,
      erasedMarker,
      '{}',
    ]);
    const goneBooking = await db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', goneCall.id)
      .executeTakeFirstOrThrow();
    expect([goneBooking.email, goneBooking.meeting_url, goneBooking.source_address_hash]).toEqual([
      erasedMarker,
      null,
      null,
    ]);
    const notes = await db.selectFrom('lead_events').select(['lead_id', 'detail']).orderBy('id').execute();
    expect(notes).toEqual([
      { lead_id: gone.id, detail: erasedMarker },
      { lead_id: noted.id, detail: 'Rang them about the quote' },
    ]);
    for (const kept of [young, noted, won]) expect(byReference(kept.reference)?.email).not.toBe(erasedMarker);
    expect(await db.selectFrom('people').select('email').execute()).toEqual([
      { email: 'young@example.test' },
    ]);
    expect([goneRow.person_id, goneBooking.person_id]).toEqual([null, null]);
    const applications = await db.selectFrom('applications').select(['id', 'email']).execute();
    expect(applications.map((row) => row.email).sort()).toEqual([
      'client@example.test',
      'talking@example.test',
    ]);
    expect([stillTalking.id, clientsApplication.id].sort()).toEqual(applications.map((row) => row.id).sort());
    const called = await db
      .selectFrom('bookings')
      .select('email')
      .where('id', '=', calledLately.id)
      .executeTakeFirstOrThrow();
    expect(called.email).toBe('called@example.test');

    // The audit log has the run, with its counts; a second run finds nothing more to do.
    const audit = await db.selectFrom('audit_log').select(['action', 'subject', 'detail', 'kind']).execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'data.retention-applied',
        subject: 'retention periods',
        kind: 'staff',
      }),
    ]);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({
      months: 24,
      enquiries: 1,
      bookings: 1,
      notes: 1,
    });
    expect(await run(db)).toMatchObject({
      ran: true,
      counts: { enquiries: 0, bookings: 0, applications: 0, notes: 0 },
    });
  });

  it('keeps only the consent trail of an unsubscribed address (not the newsletters sent to it), and deletes the trail six years after the unsubscribe', async () => {
    const { db } = current;
    const subscriber = async (
      email: string,
      status: 'confirmed' | 'unsubscribed',
      unsubscribedAt: string | null,
    ) => {
      const row = await db
        .insertInto('subscribers')
        .values({
          email,
          status,
          // Unsubscribing already drops the confirmation link; when it was sent stays until the job.
          confirm_token_hash: status === 'confirmed' ? 'confirm-hash' : null,
          confirmation_sent_at: daysAgo(400),
          unsubscribe_token_hash: `unsubscribe-hash-${email}`,
          confirmed_at: daysAgo(399),
          unsubscribed_at: unsubscribedAt,
          created_at: daysAgo(400),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const events: {
        event: 'signed-up' | 'confirmed' | 'unsubscribed';
        source: string;
        wording: string | null;
        at: string;
      }[] = [
        {
          event: 'signed-up',
          source: 'newsletter-form',
          wording: 'Send me the newsletter',
          at: daysAgo(400),
        },
        { event: 'confirmed', source: 'confirm-link', wording: null, at: daysAgo(399) },
        ...(unsubscribedAt
          ? [{ event: 'unsubscribed' as const, source: 'one-click', wording: null, at: unsubscribedAt }]
          : []),
      ];
      for (const event of events) {
        await db
          .insertInto('subscriber_consents')
          .values({
            subscriber_id: row.id,
            event: event.event,
            source: event.source,
            wording: event.wording,
            ip_address: '198.51.100.4',
            created_at: event.at,
          })
          .execute();
      }
      return row.id;
    };
    const left = await subscriber('left@example.test', 'unsubscribed', daysAgo(30));
    const staying = await subscriber('staying@example.test', 'confirmed', null);
    const longGone = await subscriber('long.gone@example.test', 'unsubscribed', daysAgo(6 * 366));
    // The newsletters each was sent: no proof of consent, so they go with the unsubscribe.
    const campaign = await startedCampaign(db, 'An old issue', new Date(daysAgo(6 * 370)));
    for (const [id, email] of [
      [left, 'left@example.test'],
      [longGone, 'long.gone@example.test'],
    ] as const) {
      await db
        .insertInto('campaign_recipients')
        .values({
          campaign_id: campaign,
          subscriber_id: id,
          email,
          status: 'sent',
          created_at: daysAgo(6 * 370),
        })
        .execute();
    }

    expect(await run(db)).toMatchObject({ counts: { unsubscribedTrimmed: 1, unsubscribedTrailsDeleted: 1 } });
    const history = await db.selectFrom('campaign_recipients').select('email').execute();
    expect(history).toEqual([]);

    const subscribers = await db
      .selectFrom('subscribers')
      .select(['id', 'email', 'status', 'confirm_token_hash', 'confirmation_sent_at', 'unsubscribed_at'])
      .orderBy('id')
      .execute();
    expect(subscribers).toEqual([
      {
        id: left,
        email: 'left@example.test',
        status: 'unsubscribed',
        confirm_token_hash: null,
        confirmation_sent_at: null,
        unsubscribed_at: daysAgo(30),
      },
      expect.objectContaining({ id: staying, confirm_token_hash: 'confirm-hash' }),
    ]);
    const trail = (id: number) =>
      db
        .selectFrom('subscriber_consents')
        .select(['event', 'source', 'wording', 'ip_address', 'created_at'])
        .where('subscriber_id', '=', id)
        .orderBy('id')
        .execute();
    // Each event with when, where and the words shown: what proves the consent and the unsubscribe.
    expect(await trail(left)).toEqual([
      {
        event: 'signed-up',
        source: 'newsletter-form',
        wording: 'Send me the newsletter',
        ip_address: null,
        created_at: daysAgo(400),
      },
      {
        event: 'confirmed',
        source: 'confirm-link',
        wording: null,
        ip_address: null,
        created_at: daysAgo(399),
      },
      {
        event: 'unsubscribed',
        source: 'one-click',
        wording: null,
        ip_address: null,
        created_at: daysAgo(30),
      },
    ]);
    expect((await trail(staying)).map((event) => event.ip_address)).toEqual(['198.51.100.4', '198.51.100.4']);
    expect(await trail(longGone)).toEqual([]);
  });

  it('names a forgotten person in the audit log by the pseudonym an erasure leaves (leads anonymised or subscription deleted), and keeps a subscriber’s entries', async () => {
    const { db } = current;
    await enquiry(db, 'Forgotten@example.test', old);
    await enquiry(db, 'still.reading@example.test', old);
    await db
      .insertInto('subscribers')
      .values({
        email: 'still.reading@example.test',
        status: 'confirmed',
        confirm_token_hash: null,
        confirmation_sent_at: old,
        unsubscribe_token_hash: 'unsubscribe-hash',
        confirmed_at: old,
        unsubscribed_at: null,
        created_at: old,
      })
      .execute();
    // Two whose subscription itself goes now: a trail six years old, and a sign-up never confirmed.
    for (const [email, status, at] of [
      ['long.gone@example.test', 'unsubscribed', daysAgo(6 * 366)],
      ['never.confirmed@example.test', 'pending', daysAgo(60)],
    ] as const) {
      await db
        .insertInto('subscribers')
        .values({
          email,
          status,
          confirm_token_hash: null,
          confirmation_sent_at: at,
          unsubscribe_token_hash: `unsubscribe-hash-${email}`,
          confirmed_at: status === 'pending' ? null : at,
          unsubscribed_at: status === 'pending' ? null : at,
          created_at: at,
        })
        .execute();
    }
    for (const subject of [
      'forgotten@example.test',
      'still.reading@example.test',
      'long.gone@example.test',
      'never.confirmed@example.test',
    ]) {
      await recordAudit(
        db,
        { userId: null, action: 'data.exported', subject, detail: { email: subject } },
        new Date(old),
      );
    }

    expect(await run(db)).toMatchObject({ counts: { enquiries: 2, auditEntries: 3 } });

    const exports = await db
      .selectFrom('audit_log')
      .select(['subject', 'detail'])
      .where('action', '=', 'data.exported')
      .orderBy('id')
      .execute();
    const pseudonym = erasedAddress(secret, 'forgotten@example.test');
    expect(pseudonym).toMatch(/^\(erased [\w-]{12}\)$/);
    const expected = [
      pseudonym,
      'still.reading@example.test',
      erasedAddress(secret, 'long.gone@example.test'),
      erasedAddress(secret, 'never.confirmed@example.test'),
    ];
    expect(exports).toEqual(
      expected.map((subject) => ({ subject, detail: JSON.stringify({ email: subject }) })),
    );
  });

  it('deletes a sign-up never confirmed 30 days after it began, however often it was posted again, with its trail', async () => {
    const { db } = current;
    const pending = async (email: string, createdAt: string, sentAt: string | null) => {
      const row = await db
        .insertInto('subscribers')
        .values({
          email,
          status: 'pending',
          confirm_token_hash: `confirm-hash-${email}`,
          confirmation_sent_at: sentAt,
          unsubscribe_token_hash: `unsubscribe-hash-${email}`,
          confirmed_at: null,
          unsubscribed_at: null,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('subscriber_consents')
        .values({
          subscriber_id: row.id,
          event: 'signed-up',
          source: 'newsletter-form',
          wording: 'Send me the newsletter',
          ip_address: '198.51.100.4',
          created_at: createdAt,
        })
        .execute();
      return row.id;
    };
    await pending('never.confirmed@example.test', daysAgo(45), daysAgo(31));
    await pending('never.sent@example.test', daysAgo(31), null);
    // Signed up long ago, then posted again by anyone last week and sent the confirmation again: no
    // consent came, so it goes 30 days after the sign-up, or a post a month would keep it for ever.
    const resent = await pending('resent@example.test', daysAgo(90), daysAgo(7));
    await db
      .insertInto('subscriber_consents')
      .values({
        subscriber_id: resent,
        event: 'sign-up-repeated',
        source: 'newsletter-form',
        wording: 'Send me the newsletter',
        ip_address: '203.0.113.9',
        created_at: daysAgo(7),
      })
      .execute();
    const fresh = await pending('fresh@example.test', daysAgo(2), daysAgo(2));
    // Confirmed once, unsubscribed, then signed up again and never confirmed: back to its earlier trail,
    // without the sign-up again (subscriptions.test.ts follows one through the service).
    const returning = await pending('returning@example.test', daysAgo(900), daysAgo(45));
    for (const [event, at] of [
      ['confirmed', daysAgo(899)],
      ['unsubscribed', daysAgo(500)],
      ['signed-up', daysAgo(45)],
    ] as const) {
      await db
        .insertInto('subscriber_consents')
        .values({
          subscriber_id: returning,
          event,
          source: 'newsletter-form',
          wording: null,
          ip_address: '198.51.100.4',
          created_at: at,
        })
        .execute();
    }

    expect(await run(db)).toMatchObject({
      counts: { unconfirmedSignUpsDeleted: 3, unconfirmedSignUpsEnded: 1 },
    });

    const left = await db.selectFrom('subscribers').select(['id', 'status']).orderBy('id').execute();
    expect(left).toEqual([
      { id: fresh, status: 'pending' },
      { id: returning, status: 'unsubscribed' },
    ]);
    const trails = await db
      .selectFrom('subscriber_consents')
      .select(['subscriber_id', 'event', 'ip_address'])
      .orderBy('id')
      .execute();
    expect(trails.map((row) => [row.subscriber_id, row.event, row.ip_address])).toEqual([
      [fresh, 'signed-up', '198.51.100.4'],
      [returning, 'signed-up', null],
      [returning, 'confirmed', null],
      [returning, 'unsubscribed', null],
    ]);
  });

  it('deletes what is left of mail sent or given up over 30 days ago, and keeps the rest', async () => {
    const { db } = current;
    const mail = (subject: string, status: 'pending' | 'sent' | 'failed', at: string) =>
      db
        .insertInto('outbox_messages')
        .values({
          kind: 'test',
          recipient: 'someone@example.test',
          subject,
          reply_to: null,
          message: status === 'pending' ? '{"text":"waiting"}' : '',
          status,
          next_attempt_at: at,
          locked_until: null,
          last_error: status === 'failed' ? 'refused' : null,
          created_at: at,
          sent_at: status === 'sent' ? at : null,
        })
        .execute();
    await mail('sent long ago', 'sent', daysAgo(31));
    await mail('failed long ago', 'failed', daysAgo(31));
    await mail('sent lately', 'sent', daysAgo(29));
    await mail('failed lately', 'failed', daysAgo(29));
    await mail('still waiting', 'pending', daysAgo(31));

    expect(await run(db)).toMatchObject({ counts: { sentEmails: 2 } });

    const left = await db.selectFrom('outbox_messages').select('subject').orderBy('id').execute();
    expect(left.map((row) => row.subject)).toEqual(['sent lately', 'failed lately', 'still waiting']);
  });

  it('in a dry run, answers what would go and changes nothing', async () => {
    const { db } = current;
    await enquiry(db, 'quiet@example.test', old);
    await enquiry(db, 'young@example.test', recent);
    const snapshot = async () => ({
      enquiries: await enquiryEmails(db),
      audit: await db.selectFrom('audit_log').selectAll().execute(),
    });
    const before = await snapshot();

    const dry = await run(db, { dryRun: true });

    expect(dry).toMatchObject({ ran: true, counts: { enquiries: 1 } });
    expect(await snapshot()).toEqual(before);
    // What it said would go is what a real run then takes.
    expect(await run(db)).toEqual(dry);
  });

  it('runs once a day however many times it is asked: a second instance finds the day’s run audited', async () => {
    const { db, database } = current;
    await enquiry(db, 'quiet@example.test', old);
    const other = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    try {
      expect(await run(db, { daily: true })).toMatchObject({ ran: true, counts: { enquiries: 1 } });
      expect(await run(other, { daily: true })).toEqual({ ran: false, reason: 'it ran in the last day' });
      const entries = await db.selectFrom('audit_log').select('action').execute();
      expect(entries).toEqual([{ action: 'data.retention-applied' }]);
    } finally {
      await other.destroy();
    }
  });
});

describeOnPostgres('the retention job in two instances at once on PostgreSQL', () => {
  const current = freshDatabaseEachTest('postgres');

  it('anonymises once, with one audit entry', async () => {
    const { db, database } = current;
    const leads = [];
    for (let i = 0; i < 40; i++) leads.push(await enquiry(db, `quiet${i}@example.test`, old));
    const instances = [
      db,
      ...[1, 2, 3].map(() => createDatabase(loadConfig({ DATABASE_URL: database.url }).database)),
    ];
    try {
      const outcomes = await Promise.all(instances.map((instance) => run(instance, { daily: true })));
      const ran = outcomes.filter((outcome) => outcome.ran);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ counts: { enquiries: 40 } });
      const entries = await db.selectFrom('audit_log').select('action').execute();
      expect(entries).toEqual([{ action: 'data.retention-applied' }]);
      const emails = await db.selectFrom('enquiries').select('email').execute();
      expect(emails.every((row) => row.email === erasedMarker)).toBe(true);
    } finally {
      await Promise.all(instances.slice(1).map((instance) => instance.destroy()));
    }
  });
});
