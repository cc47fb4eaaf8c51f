import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { adviserMessages } from '#shared/adviser-messages.ts';
import {
  createMigratedTestDatabase,
  type DatabaseKind,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { connectCalendar, disconnectCalendar } from './connect.ts';
import { secretBox } from './secret-box.ts';

const box = secretBox('connect-test-secret-key-0123456789');
const now = new Date('2027-03-10T08:00:00Z');

describeEachDatabase('Connecting an adviser’s calendar', (kind: DatabaseKind) => {
  let database: TestDatabase;
  let db: Db;
  let adviserId: number;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const { id: userId } = await db
      .insertInto('users')
      .values({
        email: 'ann@fenwickhale.test',
        status: 'active',
        role: 'staff',
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ({ id: adviserId } = await db
      .insertInto('advisers')
      .values({
        user_id: userId,
        display_name: 'Ann',
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterEach(async () => {
    await db.destroy();
    await database.drop();
  });

  const row = () =>
    db.selectFrom('adviser_calendars').selectAll().where('adviser_id', '=', adviserId).executeTakeFirst();
  const busyCount = async () =>
    (await db.selectFrom('adviser_busy').select('adviser_id').where('adviser_id', '=', adviserId).execute())
      .length;

  it('stores a CalDAV source sealed, shows only its host name, and makes it due now', async () => {
    const source = {
      kind: 'caldav' as const,
      url: ' https://dav.fastmail.com/dav/calendars/user/ann/ ',
      username: 'ann@fenwickhale.test',
      password: 'app-password-123',
    };
    expect(await connectCalendar(db, box, adviserId, source, now)).toEqual({
      displayHost: 'dav.fastmail.com',
    });
    const stored = await row();
    expect(stored).toMatchObject({
      kind: 'caldav',
      display_host: 'dav.fastmail.com',
      next_sync_at: now.toISOString(),
      last_error: null,
    });
    expect(stored?.sealed_source).not.toContain('app-password-123');
    expect(stored?.sealed_source).not.toContain('fastmail');
    expect(box.open(stored?.sealed_source as string)).toEqual({
      ...source,
      url: 'https://dav.fastmail.com/dav/calendars/user/ann/',
    });
  });

  it('refuses an address that is not http or https, carries credentials, or a CalDAV source without them', async () => {
    const tries = [
      [{ kind: 'ics', url: 'file:///etc/passwd' }, adviserMessages.calendarUrl],
      [{ kind: 'ics', url: 'webcal' }, adviserMessages.calendarAddress],
      [
        { kind: 'ics', url: 'https://ann:secret@example.com/cal.ics' },
        adviserMessages.calendarCredentialsInAddress,
      ],
      [
        { kind: 'caldav', url: 'https://dav.example.com/', username: ' ', password: 'x' },
        adviserMessages.calendarUsername,
      ],
      [
        { kind: 'caldav', url: 'https://dav.example.com/', username: 'ann', password: '' },
        adviserMessages.calendarPassword,
      ],
    ] as const;
    for (const [source, words] of tries)
      await expect(connectCalendar(db, box, adviserId, source as never, now)).rejects.toThrow(words);
    expect(await row()).toBeUndefined();
  });

  it('replaces a calendar and the busy times read from it, and disconnecting removes both', async () => {
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'ics', url: 'https://outlook.office365.com/owa/calendar/a/b/calendar.ics' },
      now,
    );
    await db
      .insertInto('adviser_busy')
      .values({
        adviser_id: adviserId,
        starts_at: '2027-03-15T09:00:00.000Z',
        ends_at: '2027-03-15T10:00:00.000Z',
      })
      .execute();
    await connectCalendar(
      db,
      box,
      adviserId,
      { kind: 'ics', url: 'https://calendar.google.com/calendar/ical/x/basic.ics' },
      now,
    );
    expect((await row())?.display_host).toBe('calendar.google.com');
    expect(await busyCount()).toBe(0);

    await db
      .insertInto('adviser_busy')
      .values({
        adviser_id: adviserId,
        starts_at: '2027-03-15T09:00:00.000Z',
        ends_at: '2027-03-15T10:00:00.000Z',
      })
      .execute();
    expect(await disconnectCalendar(db, adviserId)).toBe(true);
    expect(await row()).toBeUndefined();
    expect(await busyCount()).toBe(0);
    expect(await disconnectCalendar(db, adviserId)).toBe(false);
  });
});
