import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { type SmtpSink, type SmtpSinkOptions, startSmtpSink } from '#tests/support/smtp-sink.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { systemClock } from '../time/clock.ts';
import { claimDueMessages, countByStatus, enqueueMail } from './outbox.ts';
import { smtpTransport } from './transport.ts';
import { createOutboxWorker, type OutboxWorkerOptions } from './worker.ts';

const log = pino({ level: 'silent' });
const mail = (to: string) => ({ to, subject: `For ${to}`, text: 'Hello' });

/** Queues `count` newsletter messages in one transaction, to reader0@ … reader{count-1}@. */
async function queueNewsletters(db: Db, count: number, from = 0) {
  await db.transaction().execute(async (trx) => {
    for (let n = from; n < from + count; n++) {
      await enqueueMail(trx, 'newsletter', mail(`reader${n}@example.com`), new Date());
    }
  });
}

describeEachDatabase('sending several emails at once', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let sink: SmtpSink | undefined;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });

  afterEach(async () => {
    await sink?.stop();
    sink = undefined;
    await db.destroy();
    await database.drop();
  });

  async function sendingTo(sinkOptions: SmtpSinkOptions, options: Partial<OutboxWorkerOptions> = {}) {
    sink = await startSmtpSink(sinkOptions);
    const connections = options.concurrency ?? 5;
    const transport = smtpTransport(sink.url, () => 'hello@fenwickhale.co.uk', {
      maxConnections: connections,
    });
    const worker = createOutboxWorker({
      db,
      transport,
      log,
      messageIdDomain: 'test.invalid',
      publicOrigin: 'https://test.invalid',
      now: systemClock,
      pollIntervalMs: 50,
      baseDelayMs: 50,
      concurrency: connections,
      ...options,
    });
    return { sink, worker, close: () => transport.close() };
  }

  it('sends N messages over 5 connections in about N / 5 times a slow server’s reply', async () => {
    await queueNewsletters(db, 40);
    const { sink, worker, close } = await sendingTo({ replyDelayMs: 100 });
    const began = performance.now();
    expect(await worker.runOnce()).toBe(40);
    const took = performance.now() - began;
    close();
    // One at a time this would take 40 × 100 ms = 4 s; five at once, 8 × 100 ms plus connecting.
    expect(took).toBeGreaterThanOrEqual(800);
    expect(took).toBeLessThan(2000);
    expect(sink.peakConnections).toBe(5);
    expect(new Set(sink.accepted.map((m) => m.to)).size).toBe(40);
    expect(await countByStatus(db)).toEqual({ pending: 0, sent: 40, failed: 0 });
    const bodies = await db.selectFrom('outbox_messages').select('message').distinct().execute();
    expect(bodies).toEqual([{ message: '' }]);
  });

  it('keeps sending the others when one is refused, and retries that one with the same Message-ID', async () => {
    await queueNewsletters(db, 20);
    let refusals = 0;
    const { sink, worker, close } = await sendingTo({
      replyDelayMs: 20,
      refuse: (m) => m.to === 'reader3@example.com' && refusals++ === 0,
    });
    worker.start();
    await waitUntil(async () => (await countByStatus(db)).sent === 20);
    await worker.stop();
    close();
    expect(sink.refused.map((m) => m.to)).toEqual(['reader3@example.com']);
    expect(sink.accepted).toHaveLength(20);
    // The others went while reader3's message waited for its retry.
    const retried = sink.accepted.findIndex((m) => m.to === 'reader3@example.com');
    expect(retried).toBeGreaterThanOrEqual(15);
    expect(sink.accepted[retried]?.messageId).toBe(sink.refused[0]?.messageId);
    expect(sink.refused[0]?.messageId).toMatch(/^<outbox-\d+-\d+@test\.invalid>$/);
  });

  it('sends two emails to one person one after the other, in the order they were queued', async () => {
    await enqueueMail(db, 'booking-confirmation', mail('caller@example.com'), new Date());
    await enqueueMail(db, 'booking-cancellation', mail('Caller@example.com'), new Date());
    await queueNewsletters(db, 8);
    const { sink, worker, close } = await sendingTo({ replyDelayMs: 100 });
    await worker.runOnce();
    close();
    const toCaller = sink.accepted.filter((m) => m.to.toLowerCase() === 'caller@example.com');
    expect(toCaller.map((m) => m.to)).toEqual(['caller@example.com', 'Caller@example.com']);
    expect((toCaller[1]?.at as number) - (toCaller[0]?.at as number)).toBeGreaterThanOrEqual(90);
    expect(sink.accepted).toHaveLength(10);
  });

  it('sends a password link queued behind a newsletter backlog with the next claim', async () => {
    await queueNewsletters(db, 300);
    const { sink, worker, close } = await sendingTo({ replyDelayMs: 10 }, { batchSize: 20 });
    worker.start();
    await waitUntil(() => sink.accepted.length >= 40);
    await enqueueMail(db, 'password-reset-link', mail('staff@example.com'), new Date());
    const queuedAt = sink.accepted.length;
    worker.kick();
    await waitUntil(() => sink.accepted.some((m) => m.to === 'staff@example.com'));
    const sentAt = sink.accepted.findIndex((m) => m.to === 'staff@example.com');
    await worker.stop();
    close();
    // At most what was already claimed (a batch, and the next one being claimed) went before it.
    expect(sentAt - queuedAt).toBeLessThanOrEqual(2 * 20 + 5);
    expect(await countByStatus(db)).toMatchObject({ failed: 0 });
  });

  it('claims every other kind of mail due before any newsletter, however many are queued', async () => {
    await queueNewsletters(db, 1000);
    await enqueueMail(db, 'booking-confirmation', mail('caller@example.com'), new Date());
    await queueNewsletters(db, 10, 1000);
    await enqueueMail(db, 'password-reset-link', mail('staff@example.com'), new Date());
    const claimed = await claimDueMessages(db, 3, 60_000, new Date());
    expect(claimed.map((row) => [row.kind, row.message.to])).toEqual([
      ['booking-confirmation', 'caller@example.com'],
      ['password-reset-link', 'staff@example.com'],
      ['newsletter', 'reader0@example.com'],
    ]);
  });

  it('hands what it claimed but did not try back to the queue when stopped, and nothing is sent twice', async () => {
    await queueNewsletters(db, 60);
    const first = await sendingTo({ replyDelayMs: 50 }, { batchSize: 60 });
    first.worker.start();
    await waitUntil(() => first.sink.accepted.length >= 5);
    await first.worker.stop();
    first.close();
    const afterStop = first.sink.accepted.length;
    expect(afterStop).toBeLessThan(60);
    expect(await countByStatus(db)).toEqual({ pending: 60 - afterStop, sent: afterStop, failed: 0 });
    // Due again at once, not after a lease, and the claim did not count as a try.
    const left = await claimDueMessages(db, 100, 60_000, new Date());
    expect(left).toHaveLength(60 - afterStop);
    expect(new Set(left.map((row) => row.attempts))).toEqual(new Set([1]));
  });
});
