import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate } from '#tests/support/booking.ts';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';
import { serviceUnavailableMessage } from './errors.ts';

const env = { RATE_LIMIT_PER_MINUTE: '1000', MEETING_URL: 'https://zoom.us/my/fenwickhale' };
/** The 503 answer, naming the request as its X-Request-Id header does. */
const unavailable = (response: Response) => ({
  success: false,
  infoMessages: [],
  errorMessages: [serviceUnavailableMessage],
  requestId: response.headers.get('x-request-id'),
});

/** Everything stored about an address, in every table a submission writes. */
async function storedFor(app: TestApp, email: string) {
  const [subscribers, enquiries, applications, bookings, mail] = await Promise.all([
    app.db.selectFrom('subscribers').select('id').where('email', '=', email).execute(),
    app.db.selectFrom('enquiries').select('id').where('email', '=', email).execute(),
    app.db.selectFrom('applications').select('id').where('email', '=', email).execute(),
    app.db.selectFrom('bookings').select('id').where('email', '=', email).execute(),
    app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute(),
  ]);
  return subscribers.length + enquiries.length + applications.length + bookings.length + mail.length;
}

describeOnPostgres('PostgreSQL going away and coming back', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with a clear message, stores nothing, and carries on once it is back', async () => {
    database = await createTestDatabase('postgres');
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    app = await startTestApp({ databaseUrl: throughProxy.toString(), env });
    const { date, slots } = await firstBookableDate(app.url);
    const slot = slots[0] as (typeof slots)[number];
    const email = 'outage@example.com';

    await proxy.cut();
    const ready = await send(app, `/readyz`);
    expect(ready.status).toBe(503);
    const submissions: [string, unknown][] = [
      ['/subscribe', { emailAddress: email, submitMethod: '2' }],
      ['/contact-us-send', { ...contact(email), recToken: 'unused' }],
      ['/show-contact-send', { ...quote(email), recToken: 'unused' }],
      ['/forms/application-form', { ...validApplication, emailAddress: email }],
      ['/forms/book-call-form', { ...buildBookCallPayload(date, slot, email), recToken: 'unused' }],
      [
        '/api/gettimesfordate',
        { year: date.year, month: date.month + 1, day: date.day, apptType: 'initial' },
      ],
    ];
    for (const [urlPath, body] of submissions) {
      const response = await post(app, urlPath, body);
      expect({ urlPath, status: response.status }).toEqual({ urlPath, status: 503 });
      expect(response.headers.get('retry-after')).toBe('30');
      expect(await response.json()).toEqual(unavailable(response));
    }

    await proxy.restore();
    expect((await send(app, `/readyz`)).status).toBe(200);
    expect(await storedFor(app, email)).toBe(0);
    const again = await post(app, '/subscribe', { emailAddress: email, submitMethod: '2' });
    expect(again.status).toBe(200);
    expect(await storedFor(app, email)).toBeGreaterThan(0);
  });
});

/** Another process holding SQLite's write lock (a maintenance script, say) until it is told to let go. */
async function holdWriteLock(file: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.exec('begin exclusive');
       console.log('locked');
       process.stdin.on('end', () => { db.exec('rollback'); db.close(); }).resume();`,
      file,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await once(child.stdout, 'data');
  return async () => {
    child.stdin.end();
    await once(child, 'exit');
  };
}

describe('SQLite locked by another process', () => {
  let app: TestApp;
  afterEach(() => app?.close());

  // Each of the two posts waits out SQLite's busy timeout (5 s) before it answers, with the main thread
  // blocked meanwhile; on a loaded machine the app's start and the lock holder's come on top.
  it('answers 503 once the lock outlasts the wait, and stores nothing', async () => {
    app = await startTestApp({ env });
    await app.outbox.stop(); // its polls would wait on the lock too
    const release = await holdWriteLock(path.resolve(app.databaseUrl.replace(/^sqlite:/, '')));
    try {
      const response = await post(app, '/subscribe', {
        emailAddress: 'locked@example.com',
        submitMethod: '2',
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(unavailable(response));

      // The same form posted by a browser before its script loaded gets a page saying so.
      const page = await send(app, `/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*;q=0.8' },
        body: 'emailAddress=locked%40example.com&contact1=2',
      });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const text = await page.text();
      expect(text).toContain(`<p>${serviceUnavailableMessage}</p>`);
      expect(text).toContain(`<code>${page.headers.get('x-request-id')}</code>`);
    } finally {
      await release();
    }
    expect(await storedFor(app, 'locked@example.com')).toBe(0);
  }, 40_000);
});
