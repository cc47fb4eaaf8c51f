import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { insertAdviser } from '#server/features/advisers/index.ts';
import { calendarWriteBack, createCalendarWriter, secretBox } from '#server/features/calendars/index.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { runRetention } from './job.ts';

// A call long past in an adviser's diary, on a fixed clock: when the retention job blanks it, the
// event that names the visitor leaves the adviser's CalDAV calendar (Radicale), or, for an adviser the
// firm emails invitations to, a cancellation is emailed that takes it out of their diary, as an erasure
// does.

const log = pino({ level: 'silent' });
const secretKey = 's'.repeat(40);
const secret = 'retention-test-secret-retention-test-secret';
const mail = {
  publicUrl: new URL('https://www.firm.test/'),
  staffEmail: 'office@firm.test',
  organizerEmail: 'hello@firm.test',
  firm: demoFirm,
};
const hooks = calendarWriteBack(mail);
const bookedAt = new Date('2024-03-01T09:00:00.000Z');
/** The call ended on 4 March 2024; two years and a day later its conversation is over. */
const retentionAt = new Date('2026-03-05T09:00:00.000Z');
const visitor = 'hester.prynne@example.test';

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(() => radicale.stop());

describeEachDatabase('the retention job and advisers’ diaries', (kind) => {
  const current = {} as { db: Db; database: TestDatabase; clock: Date };
  beforeEach(async () => {
    current.database = await createMigratedTestDatabase(kind);
    current.db = createDatabase(loadConfig({ DATABASE_URL: current.database.url }).database);
    current.clock = bookedAt;
  });
  afterEach(async () => {
    await current.db.destroy();
    await current.database.drop();
  });

  const writer = () =>
    createCalendarWriter({ db: current.db, log, secretKey, mail, now: () => current.clock });

  async function adviser(email: string, calendarUrl?: string) {
    const { db } = current;
    const at = bookedAt.toISOString();
    const user = await db
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        status: 'active',
        role: 'staff',
        created_at: at,
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertAdviser(db, { userId: user.id, displayName: email, introduction: '' }, bookedAt);
    if (calendarUrl) {
      const source = {
        kind: 'caldav' as const,
        url: calendarUrl,
        username: radicale.username,
        password: radicale.password,
      };
      await db
        .insertInto('adviser_calendars')
        .values({
          adviser_id: id,
          kind: 'caldav',
          display_host: new URL(calendarUrl).hostname,
          sealed_source: secretBox(secretKey).seal(source),
          next_sync_at: at,
          created_at: at,
        })
        .execute();
    }
    return id;
  }

  async function book(adviserId: number, reference: string, day: number) {
    const starts = new Date(Date.UTC(2024, 2, day, 10));
    const { id } = await current.db
      .insertInto('bookings')
      .values({
        reference,
        email: visitor,
        starts_at: starts.toISOString(),
        ends_at: new Date(starts.getTime() + 30 * 60_000).toISOString(),
        local_date: starts.toISOString().slice(0, 10),
        local_time: '10:00',
        time_zone: 'Europe/London',
        status: 'confirmed',
        cancel_token_hash: `hash-${reference}`,
        created_at: bookedAt.toISOString(),
        adviser_id: adviserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await current.db.transaction().execute((trx) => hooks.booked(trx, { id, adviserId }, bookedAt));
  }

  it('takes a call it blanks out of a CalDAV adviser’s calendar, and emails a cancellation to an adviser without one', async () => {
    const calendarUrl = await radicale.makeCalendar(`retention-${kind}`);
    await book(await adviser('ann@firm.test', calendarUrl), 'BK-RETAIN1', 4);
    await book(await adviser('bob@firm.test'), 'BK-RETAIN2', 2);
    expect(await writer().runOnce()).toBe(1);
    const written = await radicale.objects(calendarUrl);
    expect([...written.keys()]).toEqual(['BK-RETAIN1.ics']);
    expect(written.get('BK-RETAIN1.ics')).toContain(visitor);

    current.clock = retentionAt;
    expect(
      await runRetention(current.db, leadRegistry(hooks.cancelled), {
        months: 24,
        now: retentionAt,
        via: 'schedule',
        secret,
      }),
    ).toMatchObject({ counts: { bookings: 2 } });
    expect(await writer().runOnce()).toBe(1);

    expect(await radicale.objects(calendarUrl)).toEqual(new Map());
    const emails = await current.db
      .selectFrom('outbox_messages')
      .select(['kind', 'recipient', 'message'])
      .where('kind', '=', 'adviser-cancellation')
      .execute();
    expect(emails.map((email) => email.recipient)).toEqual(['bob@firm.test']);
    const cancellation = JSON.parse(emails[0]?.message ?? '{}') as {
      text: string;
      calendar: { method: string };
    };
    expect(cancellation.calendar.method).toBe('CANCEL');
    expect(cancellation.text).toContain('BK-RETAIN2');
    // What reaches the diary no longer names the visitor.
    expect(JSON.stringify(emails)).not.toContain(visitor);
  });
});
