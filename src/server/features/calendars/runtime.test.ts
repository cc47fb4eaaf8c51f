import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createRuntime, type Runtime } from '#server/runtime.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/databases.ts';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { connectCalendar } from './connect.ts';
import { secretBox } from './secret-box.ts';

const secretKey = 'runtime-calendar-secret-key-0123456789';
let database: TestDatabase;
let runtime: Runtime | undefined;
let feed: FakeCalendarServer | undefined;
let mailDir: string;

async function start(env: Record<string, string>) {
  database = await createTestDatabase('sqlite');
  mailDir = mkdtempSync(path.join(tmpdir(), 'practice-site-mail-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    MAIL_DIR: mailDir,
    CAPTCHA_PROVIDER: 'none',
    ...env,
  });
  runtime = await createRuntime(config, pino({ level: 'silent' }));
  return runtime;
}

afterEach(async () => {
  await runtime?.close();
  await feed?.stop();
  await database.drop();
  rmSync(mailDir, { recursive: true, force: true });
  runtime = undefined;
  feed = undefined;
});

it('runs no calendar sync without CALENDAR_SECRET_KEY', async () => {
  expect((await start({})).calendarSync).toBeUndefined();
});

it('syncs connected calendars once CALENDAR_SECRET_KEY is set, and close() stops the job', async () => {
  const { db, calendarSync } = await start({ CALENDAR_SECRET_KEY: secretKey });
  feed = await startFakeCalendarServer();
  feed.ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nEND:VCALENDAR\r\n';
  const at = new Date().toISOString();
  const { id: userId } = await db
    .insertInto('users')
    .values({ email: 'ann@fenwickhale.test', status: 'active', role: 'staff', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: adviserId } = await db
    .insertInto('advisers')
    .values({ user_id: userId, display_name: 'Ann', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await connectCalendar(db, secretBox(secretKey), adviserId, { kind: 'ics', url: feed.url }, new Date());
  calendarSync?.start();
  await expect
    .poll(
      async () =>
        (await db.selectFrom('adviser_calendars').select('last_success_at').executeTakeFirst())
          ?.last_success_at,
      // The job's first round runs at once; on a busy machine it may take a few seconds.
      { timeout: 15_000 },
    )
    .not.toBeNull();
  expect(feed.requests.length).toBe(1);
});
