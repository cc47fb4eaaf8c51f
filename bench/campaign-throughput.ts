// `npm run bench:campaigns`: a newsletter of 10,000 queued messages sent by the built server, as a firm
// runs it, to a local SMTP sink (smtp-server on 127.0.0.1 that answers at once), with the rate limit
// off, on SQLite and (with TEST_DATABASE_URL) PostgreSQL. Reports mails a second from the sink's first
// acceptance to its last, the server's peak memory, how long one claim takes with the whole backlog
// queued, and where a password link queued behind the backlog went out. Prints a table and writes it
// into docs/performance.md between its campaigns markers. `BENCH_SKIP_BUILD=1` uses the dist/ already built.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { sendCampaigns } from '#server/features/newsletter/sending.ts';
import { claimDueMessages, countByStatus, enqueueMail, releaseClaims } from '#server/mail/outbox.ts';
import { createTestDatabase, type DatabaseKind, postgresUrl } from '#tests/support/databases.ts';
import { addresses, seedSubscribers } from '#tests/support/newsletter.ts';
import { freePort } from '#tests/support/ports.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { writeBetweenMarkers } from './support/report.ts';
import {
  peakRssMb,
  benchSecret as secret,
  spawnProductionServer,
  stopServer,
  waitUntilReady,
} from './support/server.ts';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const connections = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 5);
const targetPerSecond = 200;
const report = path.resolve(import.meta.dirname, '../docs/performance.md');
const databaseLabels: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const publicUrl = 'https://www.fenwickhale.co.uk';

const paragraph = (topic: string) =>
  `**${topic}**: HMRC has changed how this works from April, and most small businesses will need to act before their next return. We set out what changes, who it affects, the dates that matter and what to do now, with a worked example for a sole trader and for a limited company, and [the points where it pays to ask us first](${publicUrl}/contact).`;

/** A monthly issue of about 600 words in Markdown, as staff write one. */
function newsletterMarkdown() {
  const topics = [
    'Making Tax Digital for Income Tax',
    'The VAT registration threshold',
    'Dividend allowance',
    'Employer National Insurance',
    'Corporation Tax marginal relief',
    'Capital allowances',
    'Self Assessment payments on account',
    'The trading allowance',
  ];
  return `## This month\n\n${topics.map(paragraph).join('\n\n')}\n`;
}

/**
 * The campaign as staff send it: `recipients` confirmed subscribers, a campaign started, and its
 * recipients added with their messages by the campaign sender, as the running site would (500 to a
 * transaction). Answers how long adding them took.
 */
async function queueNewsletter(db: Db, count: number) {
  await seedSubscribers(db, 'confirmed', addresses('reader', count));
  const campaign = await db
    .insertInto('campaigns')
    .values({
      slug: `tax-news-for-november-${Date.now()}`,
      subject: 'Tax news for November',
      body_markdown: newsletterMarkdown(),
      article_id: null,
      status: 'sending',
      created_by: null,
      started_at: new Date().toISOString(),
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const began = performance.now();
  await sendCampaigns({
    db,
    log: pino({ level: 'silent' }),
    ratePerMinute: 0,
    secret,
    now: () => new Date(),
  });
  const queued = await db
    .selectFrom('campaign_recipients')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  if (Number(queued.n) !== count) throw new Error(`${queued.n} recipients added, not ${count}`);
  return performance.now() - began;
}

/** How long one claim takes with the backlog queued; the claimed message goes straight back. */
async function timeClaim(db: Db) {
  const samples: number[] = [];
  let first = '';
  for (let i = 0; i < 5; i++) {
    const began = performance.now();
    const claimed = await claimDueMessages(db, 1, 60_000, new Date());
    samples.push(performance.now() - began);
    first = claimed[0]?.kind ?? '';
    await releaseClaims(db, claimed);
  }
  return { ms: samples.sort((a, b) => a - b)[2] as number, first };
}

interface Row {
  database: string;
  perSecond: number;
  seconds: number;
  rssMb: number;
  /** The server's peak memory when it was ready, before it had sent much: compressing the pages at start. */
  startRssMb: number;
  claimMs: number;
  passwordLinkPosition: number;
  /** A newsletter's size as the mail server received it, text and HTML parts together. */
  messageKb: number;
  /** How long adding every recipient with its message took. */
  queueMs: number;
}

async function bench(kind: DatabaseKind): Promise<Row> {
  const database = await createTestDatabase(kind);
  const db = createDatabase(
    kind === 'sqlite' ? { kind, file: database.url.slice('sqlite:'.length) } : { kind, url: database.url },
  );
  const sink = await startSmtpSink();
  try {
    await migrateToLatest(db);
    const queueingMs = await queueNewsletter(db, recipients);
    // Queued after the whole backlog, it must still go out with the first claim.
    await enqueueMail(
      db,
      'password-reset-link',
      { to: 'staff@example.test', subject: 'Set your password', text: 'Your link: …' },
      new Date(),
    );
    console.log(
      `\n${databaseLabels[kind]}: added ${recipients.toLocaleString('en-GB')} recipients with their messages in ${Math.round(queueingMs)} ms, then queued a password link`,
    );
    const claim = await timeClaim(db);
    if (claim.first !== 'password-reset-link')
      throw new Error(`The first claim took a ${claim.first} message`);

    const port = await freePort();
    const server = spawnProductionServer(port, database.url, {
      SMTP_URL: sink.url,
      SMTP_MAX_CONNECTIONS: String(connections),
      NEWSLETTER_RATE_PER_MINUTE: '0',
    });
    try {
      await waitUntilReady(port, server);
      const startRssMb = peakRssMb(server.pid as number);
      await waitUntil(() => sink.accepted.length >= recipients + 1, {
        timeoutMs: 600_000,
        intervalMs: 100,
        what: () => `${sink.accepted.length} of ${recipients + 1} accepted`,
      });
      await waitUntil(async () => (await countByStatus(db)).sent === recipients + 1, {
        what: () => 'every message marked sent',
      });
      const rssMb = peakRssMb(server.pid as number);
      const first = sink.accepted[0]?.at as number;
      const last = sink.accepted.at(-1)?.at as number;
      const seconds = (last - first) / 1000;
      const unique = new Set(sink.accepted.map((mail) => mail.to)).size;
      if (unique !== recipients + 1) throw new Error(`${unique} distinct recipients, not ${recipients + 1}`);
      const row: Row = {
        database: databaseLabels[kind],
        perSecond: Math.round(sink.accepted.length / seconds),
        seconds: Math.round(seconds * 10) / 10,
        rssMb,
        startRssMb,
        claimMs: Math.round(claim.ms * 10) / 10,
        passwordLinkPosition: sink.accepted.findIndex((mail) => mail.to === 'staff@example.test') + 1,
        messageKb: Math.round(
          (sink.accepted.find((mail) => mail.to !== 'staff@example.test')?.bytes ?? 0) / 1024,
        ),
        queueMs: Math.round(queueingMs),
      };
      console.log(JSON.stringify(row));
      return row;
    } finally {
      await stopServer(server);
    }
  } finally {
    await sink.stop();
    await db.destroy();
    await database.drop();
  }
}

if (!process.env.BENCH_SKIP_BUILD) {
  if (spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl) console.log('TEST_DATABASE_URL is not set: PostgreSQL is left out of this run.');
const rows: Row[] = [];
for (const kind of kinds) rows.push(await bench(kind));

const table = [
  `Node ${process.versions.node}, ${recipients.toLocaleString('en-GB')} newsletters (${rows[0]?.messageKb} KB each as sent) to a local smtp-server over ${connections} pooled connections, rate limit off, the built server in production mode (${new Date().toISOString().slice(0, 10)}):`,
  '',
  '| database | recipients added in | mails/s | all sent in | peak RSS (when ready) | one claim, backlog queued | password link sent |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (row) =>
      `| ${row.database} | ${(row.queueMs / 1000).toFixed(1)} s | ${row.perSecond.toLocaleString('en-GB')} | ${row.seconds} s | ${row.rssMb} MB (${row.startRssMb} MB) | ${row.claimMs} ms | ${ordinal(row.passwordLinkPosition)} of ${(recipients + 1).toLocaleString('en-GB')} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
if (!process.env.BENCH_RECIPIENTS) writeBetweenMarkers(report, 'campaigns', table);

function ordinal(n: number) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const slow = rows.filter((row) => row.perSecond < targetPerSecond);
if (slow.length > 0) {
  console.error(`Under ${targetPerSecond} mails a second: ${slow.map((row) => row.database).join(', ')}`);
  process.exitCode = 1;
}
