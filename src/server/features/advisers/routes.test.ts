import { afterAll, beforeAll, expect, it } from 'vitest';
import { adviserMessages } from '#shared/adviser-messages.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

type Session = { cookies: string; token: string };

const secretKey = 'an adviser calendar key of 32+ characters';
const caldav = {
  kind: 'caldav',
  url: 'https://caldav.example.test/dav/calendars/ann/secret-work-path/',
  username: 'ann-login-name',
  password: 'hunter2-calendar-password',
};
const icsFeed = {
  kind: 'ics',
  url: 'https://outlook.example.test/owa/calendar/abc123secretfeed/calendar.ics',
};
/** Nothing of these may come back in an answer, nor be written in the audit log. */
const secrets = ['secret-work-path', 'ann-login-name', 'hunter2-calendar-password', 'abc123secretfeed'];

describeEachDatabase('the advisers screen’s API', (database) => {
  let site: TestApp;
  let owner: Session;
  let staff: Session;
  const api = (session: Session) => backOfficeClient(site, session);
  const listed = () => api(owner).json('/advisers');
  const adviserId = async (email: string): Promise<number> => {
    const found = (await listed()).advisers.find((adviser: { email: string }) => adviser.email === email);
    if (!found) throw new Error(`${email} is not listed`);
    return found.id;
  };
  const errorsOf = async (response: Response) => (await response.json()).errorMessages;

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', CALENDAR_SECRET_KEY: secretKey, CALENDAR_STALE_MINUTES: '60' },
    });
    owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
    staff = await signedInStaff(site, 'ann@fenwickhale.test', 'staff');
  });
  afterAll(async () => site?.close());

  it('is for owners: staff get 403 and someone not signed in 401', async () => {
    expect((await api(owner).get('/advisers')).status).toBe(200);
    expect((await api(staff).get('/advisers')).status).toBe(403);
    expect(
      (await api(staff).send('/advisers', { email: 'ann@fenwickhale.test', displayName: 'Ann' })).status,
    ).toBe(403);
    expect((await send(site, '/api/back-office/advisers')).status).toBe(401);
  });

  it('makes a member of staff an adviser once, and says why it will not in words', async () => {
    // A call booked before the firm had advisers has none; the first adviser takes it over.
    const { date, slots } = await firstBookableDate(site.url);
    const caller = 'early.caller@example.test';
    expect((await postBooking(site.url, buildBookCallPayload(date, slots[0] as never, caller))).status).toBe(
      201,
    );
    const [early] = (await api(owner).json(`/bookings?q=${caller}`)).items;
    expect(early).toMatchObject({ email: caller, adviser: null });
    expect(await api(owner).json(`/bookings/${early.reference}`)).toMatchObject({ adviser: null });

    expect((await listed()).staffWhoMayBeAdded).toEqual(['ann@fenwickhale.test', 'olive@fenwickhale.test']);
    const added = await api(owner).send('/advisers', {
      email: 'Ann@fenwickhale.test',
      displayName: ' Ann Fenwick ',
      introduction: 'Sole traders and landlords.',
    });
    expect(added.status).toBe(201);
    expect((await added.json()).infoMessages).toEqual([adviserMessages.added]);
    const { advisers, staffWhoMayBeAdded } = await listed();
    expect(staffWhoMayBeAdded).toEqual(['olive@fenwickhale.test']);
    expect(advisers).toEqual([
      expect.objectContaining({
        email: 'ann@fenwickhale.test',
        displayName: 'Ann Fenwick',
        introduction: 'Sole traders and landlords.',
        active: true,
        overrides: {},
        blockedDates: [],
        calendar: null,
      }),
    ]);

    expect((await api(owner).json(`/bookings?q=${caller}`)).items).toMatchObject([
      { adviser: 'Ann Fenwick' },
    ]);
    expect(await api(owner).json(`/bookings/${early.reference}`)).toMatchObject({ adviser: 'Ann Fenwick' });

    const again = await api(owner).send('/advisers', { email: 'ann@fenwickhale.test', displayName: 'Ann' });
    expect([again.status, await errorsOf(again)]).toEqual([
      409,
      [adviserMessages.alreadyAdviser('ann@fenwickhale.test')],
    ]);
    const nobody = await api(owner).send('/advisers', { email: 'nobody@fenwickhale.test', displayName: 'N' });
    expect([nobody.status, await errorsOf(nobody)]).toEqual([
      404,
      [adviserMessages.noSuchStaff('nobody@fenwickhale.test')],
    ]);
    const unnamed = await api(owner).send('/advisers', {
      email: 'olive@fenwickhale.test',
      displayName: '  ',
    });
    expect([unnamed.status, await errorsOf(unnamed)]).toEqual([422, [adviserMessages.displayName]]);
    const twoLines = await api(owner).send('/advisers', {
      email: 'olive@fenwickhale.test',
      displayName: 'Olive',
      introduction: 'one\ntwo',
    });
    expect([twoLines.status, await errorsOf(twoLines)]).toEqual([422, [adviserMessages.introduction]]);
  });

  it('sets their own hours, call length and buffer, refusing overlapping periods as for the firm', async () => {
    const id = await adviserId('ann@fenwickhale.test');
    const hours = {
      monday: [{ start: '10:00', end: '14:00' }],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [],
      sunday: [],
    };
    const saved = await api(owner).send(
      `/advisers/${id}/hours`,
      { workingHours: hours, callMinutes: 45 },
      'PUT',
    );
    expect(saved.status).toBe(200);
    expect((await listed()).advisers[0]).toMatchObject({
      overrides: { workingHours: hours, callMinutes: 45 },
    });

    const overlapping = await api(owner).send(
      `/advisers/${id}/hours`,
      {
        workingHours: {
          ...hours,
          monday: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
      'PUT',
    );
    expect([overlapping.status, await errorsOf(overlapping)]).toEqual([
      422,
      ['Monday: the periods 09:00–12:00 and 11:00–13:00 overlap'],
    ]);
    const tooShort = await api(owner).send(`/advisers/${id}/hours`, { callMinutes: 5 }, 'PUT');
    expect(tooShort.status).toBe(422);
    expect((await errorsOf(tooShort))[0]).toMatch(/^Call length/);

    // Back to the firm's for everything.
    expect((await api(owner).send(`/advisers/${id}/hours`, {}, 'PUT')).status).toBe(200);
    expect((await listed()).advisers[0]).toMatchObject({ overrides: {} });
  });

  it('blocks their own dates, not past ones, marks them inactive, and audits each change', async () => {
    const id = await adviserId('ann@fenwickhale.test');
    const past = await api(owner).send(`/advisers/${id}/blocked-dates`, { date: '2020-01-06' });
    expect([past.status, await errorsOf(past)]).toEqual([422, [adviserMessages.blockedDatePast]]);
    const blocked = await api(owner).send(`/advisers/${id}/blocked-dates`, {
      date: '2099-03-02',
      reason: 'Leave',
    });
    expect(blocked.status).toBe(201);
    expect((await listed()).advisers[0]).toMatchObject({
      blockedDates: [{ date: '2099-03-02', reason: 'Leave' }],
    });
    expect(
      (await api(owner).send(`/advisers/${id}/blocked-dates/2099-03-02`, undefined, 'DELETE')).status,
    ).toBe(200);
    expect((await listed()).advisers[0]).toMatchObject({ blockedDates: [] });

    expect((await api(owner).send(`/advisers/${id}/active`, { active: false }, 'PUT')).status).toBe(200);
    expect((await listed()).advisers[0]).toMatchObject({ active: false });
    expect((await api(owner).send(`/advisers/${id}/active`, { active: true }, 'PUT')).status).toBe(200);

    const missing = await api(owner).send('/advisers/99999/active', { active: false }, 'PUT');
    expect([missing.status, await errorsOf(missing)]).toEqual([404, [adviserMessages.noSuchAdviser]]);

    const actions = (await api(owner).json('/audit-log')).items.map(
      (entry: { action: string }) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'adviser.added',
        'adviser.hours-changed',
        'adviser.blocked-date.added',
        'adviser.blocked-date.removed',
        'adviser.deactivated',
        'adviser.activated',
      ]),
    );
  });

  it('connects a calendar showing only its kind and host, never its address or credentials', async () => {
    const id = await adviserId('ann@fenwickhale.test');
    const noPassword = await api(owner).send(`/advisers/${id}/calendar`, { ...caldav, password: '' }, 'PUT');
    expect([noPassword.status, await errorsOf(noPassword)]).toEqual([
      422,
      [adviserMessages.calendarPassword],
    ]);
    const notHttp = await api(owner).send(
      `/advisers/${id}/calendar`,
      { kind: 'ics', url: 'file:///etc/passwd' },
      'PUT',
    );
    expect([notHttp.status, await errorsOf(notHttp)]).toEqual([422, [adviserMessages.calendarUrl]]);

    const answers: string[] = [];
    const connected = await api(owner).send(`/advisers/${id}/calendar`, caldav, 'PUT');
    answers.push(await connected.clone().text());
    expect(connected.status).toBe(200);
    const list = await api(owner).get('/advisers');
    const text = await list.text();
    answers.push(text);
    // Connecting starts a read at once, which cannot have succeeded (the host does not exist).
    expect(JSON.parse(text).advisers[0].calendar).toMatchObject({
      kind: 'caldav',
      host: 'caldav.example.test',
      connectedAt: expect.any(String),
      lastReadAt: null,
      // Never read yet: its times are not offered.
      stale: true,
    });
    const stored = await site.db
      .selectFrom('adviser_calendars')
      .selectAll()
      .where('adviser_id', '=', id)
      .executeTakeFirstOrThrow();
    for (const secret of secrets) expect(stored.sealed_source).not.toContain(secret);

    // The read connecting started ends in a failure, named in words.
    await waitUntil(async () => (await listed()).advisers[0]?.calendar?.lastError != null);
    expect((await listed()).advisers[0]?.calendar?.lastError).toMatch(
      /^The calendar server could not be reached/,
    );

    // A failed read after a good one within CALENDAR_STALE_MINUTES: shown, with its error, and not stale.
    await site.db
      .updateTable('adviser_calendars')
      .set({
        last_success_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        last_attempt_at: new Date().toISOString(),
        last_error: 'The calendar server answered 500 (a fault at its end).',
        next_sync_at: '2099-01-01T00:00:00.000Z',
      })
      .where('adviser_id', '=', id)
      .execute();
    expect((await listed()).advisers[0]?.calendar).toMatchObject({
      stale: false,
      lastError: 'The calendar server answered 500 (a fault at its end).',
    });
    // Read now reads it at once rather than at the next pass (and fails again).
    const askedAt = new Date().toISOString();
    const readNow = await api(owner).send(`/advisers/${id}/calendar/read-now`);
    expect(readNow.status).toBe(200);
    let seen: unknown;
    await waitUntil(
      async () => {
        const calendar = (await listed()).advisers[0]?.calendar;
        seen = calendar;
        return (
          (calendar?.lastAttemptAt ?? '') >= askedAt &&
          calendar?.lastError?.startsWith('The calendar server could not be reached') === true
        );
      },
      { what: () => `a read after ${askedAt}: ${JSON.stringify(seen)}` },
    );

    // An ICS feed replaces it; disconnecting forgets the calendar and what was read from it.
    answers.push(await (await api(owner).send(`/advisers/${id}/calendar`, icsFeed, 'PUT')).text());
    const feed = (await listed()).advisers[0]?.calendar;
    expect(feed).toMatchObject({ kind: 'ics', host: 'outlook.example.test' });
    await site.db
      .insertInto('adviser_busy')
      .values({ adviser_id: id, starts_at: '2099-01-05T10:00:00.000Z', ends_at: '2099-01-05T11:00:00.000Z' })
      .execute();
    answers.push(await (await api(owner).send(`/advisers/${id}/calendar`, undefined, 'DELETE')).text());
    expect((await listed()).advisers[0]?.calendar).toBeNull();
    expect(
      await site.db.selectFrom('adviser_busy').selectAll().where('adviser_id', '=', id).execute(),
    ).toEqual([]);
    const again = await api(owner).send(`/advisers/${id}/calendar`, undefined, 'DELETE');
    expect([again.status, await errorsOf(again)]).toEqual([409, [adviserMessages.noCalendar]]);

    const audit = await site.db.selectFrom('audit_log').select(['action', 'detail']).execute();
    const calendarEntries = audit.filter((entry) => entry.action.startsWith('adviser.calendar'));
    expect(calendarEntries.map((entry) => [entry.action, JSON.parse(entry.detail)])).toEqual([
      ['adviser.calendar-connected', { kind: 'caldav', host: 'caldav.example.test' }],
      ['adviser.calendar-connected', { kind: 'ics', host: 'outlook.example.test' }],
      ['adviser.calendar-disconnected', { kind: 'ics', host: 'outlook.example.test' }],
    ]);
    const everything = [
      ...answers,
      JSON.stringify(audit),
      JSON.stringify(await api(owner).json('/audit-log')),
    ];
    for (const secret of secrets) for (const text of everything) expect(text).not.toContain(secret);
  });
});

describeEachDatabase('connecting a calendar without CALENDAR_SECRET_KEY', (database) => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => site?.close());

  it('is refused in words, and nothing is stored', async () => {
    const owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
    const api = backOfficeClient(site, owner);
    await api.send('/advisers', { email: 'olive@fenwickhale.test', displayName: 'Olive Hale' });
    const [adviser] = (await api.json('/advisers')).advisers;
    const refused = await api.send(`/advisers/${adviser.id}/calendar`, icsFeed, 'PUT');
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      409,
      [adviserMessages.noSecretKey],
    ]);
    expect(await site.db.selectFrom('adviser_calendars').selectAll().execute()).toEqual([]);
  });
});
