import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { type Radicale, startRadicale } from '#tests/support/radicale.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';
import { waitUntil } from '#tests/support/wait.ts';

// What the back office shows of a call on its way into an adviser's CalDAV calendar (the adviser's
// calendar state and the call's page), of the adviser in bookings.csv, and of an adviser whose staff
// account is disabled.

const secretKey = 'an adviser calendar key of 32+ characters';
const refused = 'Could not reach the calendar server: it refused the connection.';

let radicale: Radicale;
beforeAll(async () => {
  radicale = await startRadicale();
});
afterAll(() => radicale.stop());

describeEachDatabase('what the back office shows of an adviser’s diary', (database) => {
  let site: TestApp;
  let proxy: TcpProxy;
  let owner: { cookies: string; token: string };
  const api = () => backOfficeClient(site, owner);
  const adviser = async () => (await api().json('/advisers')).advisers[0];

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', CALENDAR_SECRET_KEY: secretKey },
    });
    owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
    await signedInStaff(site, 'ann@fenwickhale.test', 'staff');
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(radicale.url).port) });
  });
  afterAll(async () => {
    await proxy?.close();
    await site?.close();
  });

  it('says how many calls are waiting or failed to reach the adviser’s calendar, and on each call’s page', async () => {
    const added = await api().send('/advisers', {
      email: 'ann@fenwickhale.test',
      displayName: 'Ann Fenwick',
    });
    expect(added.status).toBe(201);
    const { id } = await adviser();
    const calendarUrl = await radicale.makeCalendar(`ann-diary-${database}`);
    const throughProxy = calendarUrl.replace(new URL(radicale.url).host, `127.0.0.1:${proxy.port}`);
    const connect = {
      kind: 'caldav',
      url: throughProxy,
      username: radicale.username,
      password: radicale.password,
    };
    expect((await api().send(`/advisers/${id}/calendar`, connect, 'PUT')).status).toBe(200);
    await waitUntil(async () => (await adviser()).calendar?.lastReadAt != null);
    expect((await adviser()).diaryWrites).toEqual({ waiting: 0, failed: 0, lastError: null });

    // The calendar server goes away: the booking stands, and its write waits.
    await proxy.cut();
    const { date, slots } = await firstBookableDate(site.url);
    const caller = 'diary.caller@example.test';
    expect((await postBooking(site.url, buildBookCallPayload(date, slots[0] as never, caller))).status).toBe(
      201,
    );
    await waitUntil(async () => (await adviser()).diaryWrites.lastError !== null, { timeoutMs: 20_000 });
    expect((await adviser()).diaryWrites).toEqual({ waiting: 1, failed: 0, lastError: refused });
    const [call] = (await api().json(`/bookings?q=${caller}`)).items;
    const page = () => api().json(`/bookings/${call.reference}`);
    expect((await page()).diary).toEqual({ action: 'add', status: 'waiting', error: refused });

    // It comes back; once the retry is due the call is written, and nothing is waiting any more.
    await proxy.restore();
    await site.db.updateTable('calendar_writes').set({ next_attempt_at: new Date().toISOString() }).execute();
    await waitUntil(async () => (await page()).diary?.status === 'written', { timeoutMs: 20_000 });
    expect((await page()).diary).toEqual({ action: 'add', status: 'written', error: null });
    expect((await adviser()).diaryWrites).toEqual({ waiting: 0, failed: 0, lastError: null });
    expect([...(await radicale.objects(calendarUrl)).keys()]).toEqual([`${call.reference}.ics`]);

    // A write given up (after a day of tries) is counted as failed while the call is still to come.
    const givenUp = 'The calendar server refused the user name or password.';
    await site.db
      .updateTable('calendar_writes')
      .set({ status: 'failed', last_error: givenUp, done_at: null })
      .execute();
    expect((await adviser()).diaryWrites).toEqual({ waiting: 0, failed: 1, lastError: givenUp });
    expect((await page()).diary).toEqual({ action: 'add', status: 'failed', error: givenUp });
  });

  it('names the adviser in bookings.csv', async () => {
    const text = await (await api().get('/bookings.csv')).text();
    const [header, ...rows] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const column = header?.split(',').indexOf('Adviser') ?? -1;
    expect(column).toBeGreaterThan(-1);
    const row = rows.find((line) => line.includes('diary.caller@example.test'));
    expect(row?.split(',')[column]).toBe('Ann Fenwick');
  });

  it('shows an adviser whose staff account is disabled as not offered, whatever their own status', async () => {
    expect((await api().send('/staff/disable', { email: 'ann@fenwickhale.test' })).status).toBe(200);
    expect(await adviser()).toMatchObject({ active: true, accountDisabled: true });
    expect((await api().send('/staff/enable', { email: 'ann@fenwickhale.test' })).status).toBe(200);
    expect(await adviser()).toMatchObject({ active: true, accountDisabled: false });
  });
});
