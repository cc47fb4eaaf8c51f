// `npm run bench:http`: load on the built server over loopback with autocannon, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL. Each route runs against a fresh server process and is set beside a bare
// Fastify route answering a constant, started the same way, so the ratio shows what the site's own work
// costs. Also times start-up to a ready /readyz with an empty and with a migrated database. Prints a
// table and writes it into docs/performance.md between its http markers. `BENCH_ROUTES=text` loads only
// the routes whose name holds it (no report written); `BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=DIR"`
// passes Node flags to each server, e.g. to profile it.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { connectCalendar, createCalendarSync, secretBox } from '#server/features/calendars/index.ts';
import { buildBookCallPayload, type TimeSlot } from '#shared/booking.ts';
import { type AvailabilitySettings, defaultAvailabilitySettings } from '#shared/booking-settings.ts';
import { addDays, type CalendarDate, todayIn, weekdayNames } from '#shared/calendar.ts';
import { addAdviserTo } from '#tests/support/advisers.ts';
import { createTestDatabase, type DatabaseKind, postgresUrl } from '#tests/support/databases.ts';
import { contact } from '#tests/support/enquiries.ts';
import { freePort } from '#tests/support/ports.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { busyCalendar } from './support/busy-calendar.ts';
import { serveFeed } from './support/feed-server.ts';
import { writeBetweenMarkers } from './support/report.ts';
import {
  cpuMsOf,
  peakRssMb,
  rssMb,
  spawnProductionServer,
  stopServer,
  waitUntilReady,
} from './support/server.ts';
import { startPassingSiteverify } from './support/siteverify.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ROUTES;
const connections = 10;
const report = path.resolve(import.meta.dirname, '../docs/performance.md');
const databaseLabels: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

interface Row {
  database: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  ratio: string;
  rssMb: number;
  /** The server's CPU time (user and system) over the requests answered, the mail they queued sent. */
  cpuMs: number;
  errors: number;
  /** Requests a second of each run, where the row is the median of several (medianOfAlternating). */
  runs?: number[];
}

/** Every slot from tomorrow for a year, 10 minutes apart round the clock: enough to book each once. */
const roundTheClock: AvailabilitySettings = {
  ...defaultAvailabilitySettings,
  workingHours: Object.fromEntries(
    weekdayNames.map((day) => [day, [{ start: '00:00', end: '23:50' }]]),
  ) as AvailabilitySettings['workingHours'],
  callMinutes: 10,
  minimumNoticeHours: 0,
  maxDaysOffered: 366,
};

async function prepareDatabase(url: string, advisers?: { feedUrl: string }) {
  const db = createDatabase(loadConfig({ DATABASE_URL: url }).database);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  await db
    .insertInto('booking_settings')
    .values({ id: 1, settings: JSON.stringify(roundTheClock), updated_at: now })
    .execute();
  if (advisers) await addSyncedAdvisers(db, advisers.feedUrl);
  await db.destroy();
}

const calendarSecretKey = 'benchmark-calendar-key-of-32-characters-or-more';

/**
 * Three advisers working the firm's hours, each with an ICS feed of 500 events (weekly recurrences
 * among them) connected and read by the real sync, so their busy times are stored as a firm's would be.
 */
async function addSyncedAdvisers(db: Db, feedUrl: string) {
  const sync = createCalendarSync({
    db,
    log: pino({ level: 'silent' }),
    secretKey: calendarSecretKey,
    syncMinutes: 60,
    now: () => new Date(),
  });
  for (const name of ['Ann Fenwick', 'Ben Hale', 'Cat Morgan']) {
    const id = await addAdviserTo(db, `${name.split(' ')[0]?.toLowerCase()}@bench.example.com`, name);
    const source = { kind: 'ics' as const, url: `${feedUrl}?${id}` };
    await connectCalendar(db, secretBox(calendarSecretKey), id, source, new Date());
    const outcome = await sync.syncNow(id);
    if (outcome.status !== 'read')
      throw new Error(`The bench calendar of ${name} was not read: ${JSON.stringify(outcome)}`);
  }
  await sync.stop();
}

async function load(port: number, urlPath: string, options: Partial<autocannon.Options>) {
  return autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    duration: seconds,
    ...options,
  });
}

/**
 * Runs one route's load against a fresh server process, and reads the process's peak memory and the CPU
 * time it spent: from just before the load until the mail the requests queued has reached the SMTP sink.
 */
async function measure(
  start: (port: number) => ReturnType<typeof spawn>,
  urlPath: string,
  options: (port: number) => Promise<Partial<autocannon.Options>>,
) {
  const port = await freePort();
  const server = start(port);
  await waitUntilReady(port, server);
  try {
    const ready = await options(port);
    const cpuBefore = cpuMsOf(server.pid as number);
    const result = await load(port, urlPath, ready);
    await mailSettled();
    const cpuMs = cpuMsOf(server.pid as number) - cpuBefore;
    return { result, rssMb: peakRssMb(server.pid as number), cpuMs: cpuMs / result.requests.total };
  } finally {
    await stopServer(server);
  }
}

/** Waits until the sink has taken no message for half a second: the outbox has sent what was queued. */
async function mailSettled() {
  let seen = -1;
  while (seen !== mail.accepted.length) {
    seen = mail.accepted.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const bareServer = (port: number) =>
  spawn(process.execPath, ['bench/support/bare-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

async function slotsFrom(port: number, needed: number) {
  const slots: { date: CalendarDate; slot: TimeSlot }[] = [];
  const today = todayIn('Europe/London');
  for (let offset = 1; slots.length < needed && offset <= 366; offset++) {
    const date = addDays(today, offset);
    const response = await fetch(`http://127.0.0.1:${port}/api/gettimesfordate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ year: date.year, month: date.month + 1, day: date.day, apptType: 'initial' }),
    });
    for (const slot of (await response.json()) as TimeSlot[]) slots.push({ date, slot });
  }
  return slots;
}

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** autocannon's options for the route, worked out once its server is up. */
  options: (port: number) => Promise<Partial<autocannon.Options>>;
}

const jsonPost = { method: 'POST' as const, headers: { 'content-type': 'application/json' } };

/** A JSON post whose body `next` makes afresh for each request (a new address each time). */
const eachBody = (next: () => object): Partial<autocannon.Options> => ({
  ...jsonPost,
  requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify(next()) }) }],
});

/** Loads one route on a fresh server and makes its row, set against the bare route of its method. */
async function run(
  database: string,
  route: Route,
  start: (port: number) => ReturnType<typeof spawn>,
  bare?: Record<Route['method'], Row>,
): Promise<Row> {
  const { result, rssMb, cpuMs } = await measure(start, route.path, route.options);
  const row: Row = {
    database,
    route: route.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratio: bare ? `${((result.requests.average / bare[route.method].rps) * 100).toFixed(0)} %` : '100 %',
    rssMb,
    cpuMs: Math.round(cpuMs * 100) / 100,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  console.log(JSON.stringify(row));
  return row;
}

/**
 * The single calendar's times and three advisers' are set against each other, and single 10 s runs on a
 * shared machine vary by a third: so they run in turn, `pairRuns` times each, and each row is its median
 * run, with every run's requests a second kept for the report.
 */
const pairRuns = Number(process.env.BENCH_PAIR_RUNS ?? 3);
async function medianOfAlternating(
  database: string,
  compared: [Route, (port: number) => ReturnType<typeof spawn>][],
  bare: Record<Route['method'], Row>,
): Promise<Row[]> {
  const runs = compared.map((): Row[] => []);
  for (let round = 0; round < pairRuns; round++) {
    for (const [index, [route, start]] of compared.entries())
      runs[index]?.push(await run(database, route, start, bare));
  }
  return runs.map((rowRuns) => {
    const sorted = [...rowRuns].sort((a, b) => a.rps - b.rps);
    const median = sorted[Math.floor(sorted.length / 2)] as Row;
    return { ...median, runs: rowRuns.map((row) => row.rps), errors: sum(rowRuns.map((row) => row.errors)) };
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The yardstick: the bare Fastify app answering a constant to a GET and to a JSON POST. */
async function benchBare(): Promise<Record<Route['method'], Row>> {
  const get: Route = { name: 'bare GET (constant)', method: 'GET', path: '/', options: async () => ({}) };
  const post: Route = {
    name: 'bare POST (constant)',
    method: 'POST',
    path: '/',
    options: async () => ({ ...jsonPost, body: '{"emailAddress":"a@b.co"}' }),
  };
  return { GET: await run('—', get, bareServer), POST: await run('—', post, bareServer) };
}

async function benchDatabase(kind: DatabaseKind, bare: Record<Route['method'], Row>): Promise<Row[]> {
  const database = await createTestDatabase(kind);
  await prepareDatabase(database.url);
  // The same calendar offered by three advisers whose own calendars are busy, on a database of its own.
  const feed = await serveFeed(busyCalendar('adviser', todayIn('Europe/London')));
  const advised = await createTestDatabase(kind);
  await prepareDatabase(advised.url, { feedUrl: feed.url });
  // Bookings pass a hosted bot check (a local stand-in), and the limits per visitor are out of the way:
  // every request comes from one address.
  const siteverify = await startPassingSiteverify('www.fenwickhale.co.uk');
  const siteEnv = {
    RATE_LIMIT_PER_MINUTE: '100000000',
    SMTP_URL: mail.url,
    CAPTCHA_PROVIDER: 'turnstile',
    TURNSTILE_SITE_KEY: 'bench-site-key',
    TURNSTILE_SECRET_KEY: 'bench-secret',
    TURNSTILE_VERIFY_URL: siteverify.url,
    BOOKING_MAX_UPCOMING_PER_EMAIL: '100000000',
    BOOKING_MAX_PER_ADDRESS_PER_DAY: '100000000',
  };
  const site = (port: number) => spawnProductionServer(port, database.url, siteEnv);
  const advisedSite = (port: number) =>
    spawnProductionServer(port, advised.url, { ...siteEnv, CALENDAR_SECRET_KEY: calendarSecretKey });
  const bookable = addDays(todayIn('Europe/London'), 3);
  let sequence = 0;
  const timesRequest = {
    ...jsonPost,
    body: JSON.stringify({
      year: bookable.year,
      month: bookable.month + 1,
      day: bookable.day,
      apptType: 'initial',
    }),
  };

  const routes: Route[] = [
    {
      name: 'GET / (prerendered home)',
      method: 'GET',
      path: '/',
      options: async () => ({ headers: { 'accept-encoding': 'br, gzip' } }),
    },
    {
      name: 'POST /api/gettimesfordate',
      method: 'POST',
      path: '/api/gettimesfordate',
      options: async () => timesRequest,
    },
    {
      name: 'POST /subscribe (new address)',
      method: 'POST',
      path: '/subscribe',
      options: async () =>
        eachBody(() => ({ emailAddress: `reader${kind}${sequence++}@example.com`, submitMethod: '2' })),
    },
    {
      name: 'POST /contact-us-send (enquiry and its two emails)',
      method: 'POST',
      path: '/contact-us-send',
      options: async () =>
        eachBody(() => ({ ...contact(`enquirer${kind}${sequence++}@example.com`), recToken: 'contactus' })),
    },
    {
      name: 'POST /forms/book-call-form (distinct slots)',
      method: 'POST',
      path: '/forms/book-call-form',
      options: async (port) => {
        const slots = await slotsFrom(port, 40_000);
        let next = 0;
        return {
          ...jsonPost,
          requests: [
            {
              setupRequest: (request) => {
                const { date, slot } = slots[next++ % slots.length] as (typeof slots)[number];
                return {
                  ...request,
                  body: JSON.stringify({
                    ...buildBookCallPayload(date, slot, `caller${next}@example.com`),
                    recToken: 'bookcall',
                  }),
                };
              },
            },
          ],
        };
      },
    },
  ];

  const advisersRoute: Route = {
    name: 'POST /api/gettimesfordate (3 advisers, 500-event calendars)',
    method: 'POST',
    path: '/api/gettimesfordate',
    options: async () => timesRequest,
  };

  const wanted = (route: Route) => !only || route.name.includes(only);
  const rows: Row[] = [];
  try {
    for (const route of routes.filter(wanted)) {
      if (route.path !== advisersRoute.path) rows.push(await run(databaseLabels[kind], route, site, bare));
      else {
        const compared: [Route, typeof site][] = [[route, site]];
        if (wanted(advisersRoute)) compared.push([advisersRoute, advisedSite]);
        rows.push(...(await medianOfAlternating(databaseLabels[kind], compared, bare)));
      }
    }
  } finally {
    await siteverify.stop();
    await feed.stop();
    await database.drop();
    await advised.drop();
  }
  return rows;
}

/** Milliseconds from spawning the server to its /readyz answering 200 (median of three). */
async function startUp(kind: DatabaseKind) {
  const times = { empty: [] as number[], migrated: [] as number[] };
  for (let run = 0; run < 3; run++) {
    const database = await createTestDatabase(kind);
    try {
      for (const state of ['empty', 'migrated'] as const) {
        const port = await freePort();
        const started = performance.now();
        const server = spawnProductionServer(port, database.url, { SMTP_URL: mail.url }, { demo: false });
        await waitUntilReady(port, server);
        times[state].push(performance.now() - started);
        await stopServer(server);
      }
    } finally {
      await database.drop();
    }
  }
  const median = (values: number[]) => Math.round(values.sort((a, b) => a - b)[1] as number);
  return { empty: median(times.empty), migrated: median(times.migrated), idleMb: await idleRssMb(kind) };
}

/** The memory a started site holds once it has settled, the demo firm's pages drawn: five seconds after ready. */
async function idleRssMb(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  const port = await freePort();
  const server = spawnProductionServer(port, database.url, { SMTP_URL: mail.url });
  try {
    await waitUntilReady(port, server);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    return rssMb(server.pid as number);
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

if (spawnSync(process.execPath, ['scripts/build.ts'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl) console.log('TEST_DATABASE_URL is not set: PostgreSQL is left out of this run.');

// Where every server's mail goes, as a firm's goes to its provider: a real SMTP server on loopback.
const mail = await startSmtpSink();
const bare = await benchBare();
const rows: Row[] = [bare.GET, bare.POST];
const startUps: string[] = [];
for (const kind of kinds) {
  if (!only) {
    const { empty, migrated, idleMb } = await startUp(kind);
    startUps.push(`| ${databaseLabels[kind]} | ${empty} ms | ${migrated} ms | ${idleMb} MB |`);
  }
  rows.push(...(await benchDatabase(kind, bare)));
}

const cpu = (
  readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1] ?? 'unknown CPU'
).trim();
const table = [
  `Node ${process.versions.node}, ${cpu}, autocannon ${connections} connections for ${seconds} s per route, each on a fresh server process (${new Date().toISOString().slice(0, 10)}):`,
  '',
  '| database | route | requests/s | p50 | p99 | of bare route | server CPU a request | peak RSS | errors |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (row) =>
      `| ${row.database} | ${row.route} | ${row.rps.toLocaleString('en-GB')} | ${row.p50} ms | ${row.p99} ms | ${row.ratio} | ${row.cpuMs.toFixed(2)} ms | ${row.rssMb} MB | ${row.errors} |`,
  ),
  '',
  'Server CPU a request is the process’s user and system time from the start of the load until the mail it queued had reached the SMTP server, over the requests answered.',
  '',
  `The single calendar's times and three advisers' ran in turn, ${pairRuns} times each; each row above is its median run. Requests a second of every run, and the three advisers' median against the single calendar's:`,
  '',
  ...kinds.flatMap((kind) => {
    const label = databaseLabels[kind];
    const one = rows.find((row) => row.database === label && row.route === 'POST /api/gettimesfordate');
    const three = rows.find((row) => row.database === label && row.route.includes('3 advisers'));
    if (!one?.runs || !three?.runs) return [];
    const runs = (row: Row) => row.runs?.map((rps) => rps.toLocaleString('en-GB')).join(' · ');
    return [
      `- ${label}: single ${runs(one)}; three advisers ${runs(three)}; ${((three.rps / one.rps - 1) * 100).toFixed(0)} %.`,
    ];
  }),
  '',
  'Start-up, from spawning the process to `/readyz` answering 200 (median of 3), and the memory a site with the demo firm holds 5 s after it:',
  '',
  '| database | empty (migrates) | migrated | idle RSS |',
  '| --- | --- | --- | --- |',
  ...startUps,
].join('\n');
console.log(`\n${table}\n`);
await mail.stop();

if (!only) writeBetweenMarkers(report, 'http', table);

const failed = rows.filter((row) => row.errors > 0);
if (failed.length > 0) {
  console.error(
    `Requests failed: ${failed.map((row) => `${row.database} ${row.route}: ${row.errors}`).join('; ')}`,
  );
  process.exit(1);
}
