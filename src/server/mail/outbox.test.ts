import SQLite from 'better-sqlite3';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { rawFilesHolding } from '#tests/support/database-search.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { systemClock } from '../time/clock.ts';
import { claimDueMessages, countByStatus, enqueueMail } from './outbox.ts';
import { type MailTransport, smtpTransport } from './transport.ts';
import { createOutboxWorker, retryDelayMs } from './worker.ts';

const log = pino({ level: 'silent' });
const message = (n: number) => ({
  to: `visitor${n}@example.com`,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
});

describeEachDatabase('mail outbox', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: TestSmtpServer;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    smtp = await startSmtpServer();
  });

  afterEach(async () => {
    await smtp.stop();
    await db.destroy();
    await database.drop();
  });

  const worker = (database: Db, smtpUrl: string, options = {}) =>
    createOutboxWorker({
      db: database,
      transport: smtpTransport(smtpUrl, () => 'Fenwick & Hale <hello@fenwickhale.co.uk>'),
      log,
      messageIdDomain: 'test.invalid',
      publicOrigin: 'https://test.invalid',
      now: systemClock,
      baseDelayMs: 50,
      pollIntervalMs: 50,
      ...options,
    });

  it('stores mail with the record that caused it, or not at all', async () => {
    await db.transaction().execute(async (trx) => enqueueMail(trx, 'test', message(1), new Date()));
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, 'test', message(2), new Date());
        throw new Error('the record could not be saved');
      }),
    ).rejects.toThrow('the record could not be saved');
    expect(await countByStatus(db)).toEqual({ pending: 1, sent: 0, failed: 0 });
  });

  it('refuses a header with a line break', async () => {
    await expect(
      enqueueMail(db, 'test', { ...message(1), subject: 'Hi\r\nBcc: x@example.com' }, new Date()),
    ).rejects.toThrow(/line break/);
  });

  it('sends queued mail over SMTP, marks it sent and keeps its envelope but not its body', async () => {
    await enqueueMail(db, 'test', { ...message(1), replyTo: 'staff@example.com' }, new Date());
    const sent = await worker(db, smtp.url).runOnce();
    expect(sent).toBe(1);
    const mail = await smtp.waitFor((m) => m.parsed.subject === 'Message 1');
    expect(mail.to).toEqual(['visitor1@example.com']);
    expect(mail.parsed.from?.address).toBe('hello@fenwickhale.co.uk');
    expect(mail.parsed.text?.trim()).toBe('Hello 1');
    expect(mail.parsed.messageId).toMatch(/^<outbox-\d+-\d+@test\.invalid>$/);
    expect(await countByStatus(db)).toEqual({ pending: 0, sent: 1, failed: 0 });
    expect(await db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      kind: 'test',
      recipient: 'visitor1@example.com',
      subject: 'Message 1',
      reply_to: 'staff@example.com',
      status: 'sent',
      sent_at: expect.any(String),
      message: '',
    });
  });

  // SQLite's own files only: PostgreSQL's storage is covered by the column searches elsewhere.
  if (kind === 'sqlite') {
    it("leaves no sent body in SQLite's files, once another process's read that held the log back ends", async () => {
      const reader = new SQLite(database.url.replace(/^sqlite:/, ''), { readonly: true });
      reader.prepare('begin').run();
      reader.prepare('select count(*) from outbox_messages').get(); // a read snapshot, as a backup takes
      await enqueueMail(
        db,
        'test',
        { ...message(1), text: 'Your link: token=only-in-the-mailbox' },
        new Date(),
      );
      const running = worker(db, smtp.url);
      running.start();
      await waitUntil(async () => (await countByStatus(db)).sent === 1);
      await running.runOnce();
      expect(rawFilesHolding(database.url, ['only-in-the-mailbox'])).toEqual(['only-in-the-mailbox']);
      reader.prepare('commit').run();
      reader.close();
      await waitUntil(() => rawFilesHolding(database.url, ['only-in-the-mailbox']).length === 0);
      await running.stop();
    });
  }

  it('delivers a message sent while the SMTP server is down exactly once after it returns', async () => {
    const port = smtp.port;
    await smtp.stop();
    await enqueueMail(db, 'test', message(7), new Date());
    const running = worker(db, smtp.url);
    running.start();
    await waitUntil(
      async () =>
        (await db.selectFrom('outbox_messages').select('attempts').executeTakeFirstOrThrow()).attempts >= 2,
    );
    const row = await db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(JSON.parse(row.message).text).toBe('Hello 7'); // kept while a retry still needs it

    smtp = await startSmtpServer(port);
    await smtp.waitFor((m) => m.parsed.subject === 'Message 7');
    await waitUntil(async () => (await countByStatus(db)).sent === 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // several more polls: nothing is sent again
    await running.stop();
    expect(smtp.messages.filter((m) => m.parsed.subject === 'Message 7')).toHaveLength(1);
  });

  it('gives up after the last try and keeps the message marked failed, without its body', async () => {
    const port = smtp.port;
    await smtp.stop();
    await enqueueMail(db, 'test', message(3), new Date());
    const running = worker(db, `smtp://127.0.0.1:${port}`, { maxAttempts: 3, baseDelayMs: 10 });
    running.start();
    await waitUntil(async () => (await countByStatus(db)).failed === 1);
    await running.stop();
    const row = await db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBeTruthy();
    expect(row).toMatchObject({ recipient: 'visitor3@example.com', subject: 'Message 3', message: '' });
  });

  it('retries a message the server refused a login for, and gives up at once on a refused recipient', async () => {
    // A mail server that refuses this site's password (535), as after the provider changed it.
    const locked = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Authentication credentials invalid')),
    });
    await new Promise<void>((resolve) => locked.listen(0, '127.0.0.1', resolve));
    const { port } = locked.server.address() as { port: number };
    try {
      await enqueueMail(db, 'test', message(4), new Date());
      await worker(db, `smtp://site:old-password@127.0.0.1:${port}`).runOnce();
      const row = await db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, subject: 'Message 4' });
      expect(row.last_error).toMatch(/535/);
      expect(JSON.parse(row.message)).toMatchObject({ to: 'visitor4@example.com' });
    } finally {
      await new Promise<void>((resolve) => locked.close(() => resolve()));
    }
    // The test server refuses this recipient (550 at RCPT TO): that message is failed for good.
    await db.deleteFrom('outbox_messages').execute();
    const refused = await startSmtpServer(0, { refuse: (to) => to.startsWith('visitor5') });
    try {
      await enqueueMail(db, 'test', message(5), new Date());
      await worker(db, refused.url).runOnce();
      const row = await db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 1, message: '' });
    } finally {
      await refused.stop();
    }
  });

  it('lets each message be claimed by one worker only', async () => {
    for (let n = 0; n < 40; n++) await enqueueMail(db, 'test', message(n), new Date());
    const second = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimDueMessages(i % 2 ? second : db, 10, 60_000, new Date())),
    );
    await second.destroy();
    const ids = claims.flat().map((row) => row.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it("keeps a slow send to its worker by renewing the lease, and frees a dead worker's mail after one lease", async () => {
    await enqueueMail(db, 'test', message(1), new Date());
    const smtpOut = smtpTransport(smtp.url, () => 'Fenwick & Hale <hello@fenwickhale.co.uk>');
    const slowTransport: MailTransport = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 600)); // four leases long
        await smtpOut.send(mail);
      },
      check: () => smtpOut.check(),
      close: () => smtpOut.close(),
    };
    const sending = worker(db, smtp.url, { transport: slowTransport, leaseMs: 150 }).runOnce();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await claimDueMessages(db, 10, 150, new Date())).toEqual([]); // still held, though its first lease ended
    await sending;
    expect(smtp.messages).toHaveLength(1);

    await enqueueMail(db, 'test', message(2), new Date());
    expect(await claimDueMessages(db, 10, 100, new Date())).toHaveLength(1); // this claimer then "dies"
    expect(await claimDueMessages(db, 10, 100, new Date())).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await claimDueMessages(db, 10, 100, new Date())).map((row) => row.message.subject)).toEqual([
      'Message 2',
    ]);
  });

  it('sends each message once with two app instances sharing the database', async () => {
    for (let n = 0; n < 30; n++) await enqueueMail(db, 'test', message(n), new Date());
    const second = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
    const workers = [worker(db, smtp.url, { batchSize: 3 }), worker(second, smtp.url, { batchSize: 3 })];
    for (const w of workers) w.start();
    await waitUntil(async () => (await countByStatus(db)).sent === 30);
    for (const w of workers) await w.stop();
    await second.destroy();
    const subjects = smtp.messages.map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });
});

it('doubles the retry delay up to a ceiling', () => {
  expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000, 100_000))).toEqual([
    30_000, 60_000, 100_000, 100_000,
  ]);
});
