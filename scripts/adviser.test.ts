import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviserMessages } from '#shared/adviser-messages.ts';
import { userCommand } from '#tests/support/accounts.ts';
import { runAsProcess, runInProcess } from '#tests/support/commands.ts';
import { icalendar, vevent } from '#tests/support/icalendar.ts';
import { type FakeCalendarServer, startFakeCalendarServer } from '#tests/support/ics-feed.ts';
import { adviserCommand } from './adviser-command.ts';

const secretKey = 'an adviser calendar key of 32+ characters';

describe('npm run adviser:add, adviser:calendar and adviser:list', () => {
  let site: { dataDir: string; url: string };
  beforeAll(async () => {
    site = { dataDir: await mkdtemp(path.join(tmpdir(), 'adviser-command-')), url: 'http://127.0.0.1:9' };
    await userCommand(site, 'add', 'olive@fenwickhale.test');
    await userCommand(site, 'add', 'ann@fenwickhale.test');
  });
  afterAll(() => rm(site.dataDir, { recursive: true, force: true }));

  const settings = (env: Record<string, string>) => ({
    DATABASE_URL: `sqlite:${path.join(site.dataDir, 'site.db')}`,
    PUBLIC_URL: site.url,
    ...env,
  });

  /**
   * `npm run adviser:COMMAND -- ARGS` on the site's database, run in this process: what it printed, or
   * what it refused with.
   */
  const adviser = async (
    args: string[],
    env: Record<string, string> = { CALENDAR_SECRET_KEY: secretKey },
  ) => {
    const { code, out, err } = await runInProcess(adviserCommand, args, settings(env));
    return code === 0 ? { out, error: '' } : { out: '', error: err.trim() };
  };
  const table = async () =>
    (await adviser(['list'])).out
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));

  it('adds a member of staff as an adviser, once, and says in one line why it will not', async () => {
    expect((await adviser(['list'])).out).toContain('No advisers yet');
    expect((await adviser(['add', 'Ann@fenwickhale.test', '--name', 'Ann Fenwick'])).out).toContain(
      'Ann@fenwickhale.test is now an adviser, shown as Ann Fenwick',
    );
    expect((await adviser(['add', 'ann@fenwickhale.test', '--name', 'Ann'])).error).toBe(
      adviserMessages.alreadyAdviser('ann@fenwickhale.test'),
    );
    expect((await adviser(['add', 'nobody@fenwickhale.test', '--name', 'N'])).error).toBe(
      adviserMessages.noSuchStaff('nobody@fenwickhale.test'),
    );
    expect((await adviser(['add', 'olive@fenwickhale.test'])).error).toContain('Give the name visitors see');
    await userCommand(site, 'add', 'gone@fenwickhale.test');
    await userCommand(site, 'disable', 'gone@fenwickhale.test');
    expect((await adviser(['add', 'gone@fenwickhale.test', '--name', 'Gone'])).error).toBe(
      adviserMessages.disabledAccount('gone@fenwickhale.test'),
    );
    expect(await table()).toEqual([
      ['email', 'name', 'active', 'calendar', 'last read', 'last error'],
      ['ann@fenwickhale.test', 'Ann Fenwick', 'active', 'none', '-', '-'],
    ]);
  });

  it('connects a CalDAV calendar or an ICS feed, lists its kind and host only, and disconnects it', async () => {
    const caldav = [
      'calendar',
      'ann@fenwickhale.test',
      '--caldav',
      'https://caldav.example.test/dav/ann/secret-path/',
      '--username',
      'ann-login',
      '--password',
      'calendar-password',
    ];
    expect((await adviser(caldav, {})).error).toBe(adviserMessages.noSecretKey);
    expect((await adviser(caldav.slice(0, -2))).error).toBe(adviserMessages.calendarPassword);
    expect(
      (await adviser(['calendar', 'olive@fenwickhale.test', '--ics', 'https://x.test/a.ics'])).error,
    ).toContain('olive@fenwickhale.test is not an adviser');
    expect((await adviser(['calendar', 'ann@fenwickhale.test'])).error).toContain(
      'Give one of --caldav URL, --ics URL or --none.',
    );
    const connected = (await adviser(caldav)).out;
    expect(connected).toContain("Connected ann@fenwickhale.test's CalDAV calendar on caldav.example.test.");
    // It is read at once, and the command says why that failed (the host does not exist).
    expect(connected).toContain(
      'It could not be read: The calendar server could not be reached. Their times are not offered until a read succeeds',
    );
    const listed = await table();
    expect(listed[1]).toEqual([
      'ann@fenwickhale.test',
      'Ann Fenwick',
      'active',
      'CalDAV caldav.example.test',
      'never (not offering times)',
      'The calendar server could not be reached',
    ]);
    const printed = JSON.stringify(listed);
    for (const secret of ['secret-path', 'ann-login', 'calendar-password'])
      expect(printed).not.toContain(secret);

    expect(
      (await adviser(['calendar', 'ann@fenwickhale.test', '--ics', 'ftp://feeds.example.test/x.ics'])).error,
    ).toBe(adviserMessages.calendarUrl);
    expect(
      (
        await adviser([
          'calendar',
          'ann@fenwickhale.test',
          '--ics',
          'https://feeds.example.test/private/x.ics',
        ])
      ).out,
    ).toContain('ICS feed on feeds.example.test');
    expect((await table())[1]?.[3]).toBe('ICS feed feeds.example.test');
    expect((await adviser(['calendar', 'ann@fenwickhale.test', '--none'])).out).toContain(
      "Disconnected ann@fenwickhale.test's calendar",
    );
    expect((await table())[1]?.[3]).toBe('none');
  });

  describe('with a feed to read', () => {
    let feed: FakeCalendarServer;
    beforeAll(async () => {
      feed = await startFakeCalendarServer();
    });
    afterAll(() => feed.stop());
    // Two meetings in the days the calendar offers, whatever day the test runs.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const meetings = icalendar(
      vevent('UID:one', `DTSTART:${day(2)}T100000Z`, `DTEND:${day(2)}T110000Z`),
      vevent('UID:two', `DTSTART:${day(3)}T140000Z`, `DTEND:${day(3)}T150000Z`),
    );

    it('reads a calendar as soon as it is connected and says what it found, or why it could not', async () => {
      feed.ics = meetings;
      const connected = (await adviser(['calendar', 'ann@fenwickhale.test', '--ics', feed.url])).out;
      expect(connected).toContain("Connected ann@fenwickhale.test's ICS feed on 127.0.0.1.");
      expect(connected).toContain('Read it: 2 busy times in the days offered.');
      expect((await table())[1]?.slice(3)).toEqual(['ICS feed 127.0.0.1', 'just now', '-']);

      feed.failWith = 500;
      const failed = (await adviser(['calendar', 'ann@fenwickhale.test', '--ics', feed.url])).out;
      expect(failed).toContain(
        'It could not be read: The calendar server answered 500. Their times are not offered until a read succeeds; it is tried again every 5 minutes.',
      );
      expect((await table())[1]?.slice(3)).toEqual([
        'ICS feed 127.0.0.1',
        'never (not offering times)',
        'The calendar server answered 500',
      ]);
      feed.failWith = undefined;
      expect((await adviser(['calendar', 'ann@fenwickhale.test', '--none'])).out).toContain('Disconnected');
    });
  });

  it('lists an adviser whose staff account is disabled as not offered, and why', async () => {
    await userCommand(site, 'disable', 'ann@fenwickhale.test');
    expect((await table())[1]?.slice(0, 3)).toEqual([
      'ann@fenwickhale.test',
      'Ann Fenwick',
      'inactive (staff account disabled)',
    ]);
  });

  // The other tests run the command in this process; this one runs it as npm does, a process of its own.
  it('runs as a process of its own: the list on standard output, a refusal in one line and exit code 1', async () => {
    const spawned = (...args: string[]) =>
      runAsProcess('scripts/adviser.ts', args, settings({ CALENDAR_SECRET_KEY: secretKey }));
    const listed = await spawned('list');
    expect(listed.code).toBe(0);
    const [database, header] = listed.stdout.split('\n');
    expect(database).toMatch(/^Database: sqlite:\/.+\.db$/);
    expect(header).toBe('email\tname\tactive\tcalendar\tlast read\tlast error');
    expect(await spawned('add', 'nobody@fenwickhale.test', '--name', 'N')).toEqual({
      code: 1,
      stdout: `${database}\n`,
      stderr: `${adviserMessages.noSuchStaff('nobody@fenwickhale.test')}\n`,
    });
  });
});
