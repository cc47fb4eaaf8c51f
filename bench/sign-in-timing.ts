// `npm run bench:sign-in`: does a refused sign-in take as long for an address with no account as for a
// real account with a wrong password? If not, timing tells an attacker which addresses have accounts.
// Against the built server in production mode over loopback, on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL: 50 sign-ins of each kind, taken in turns so that a change in the machine's speed falls on
// both alike, each from an address and to an account of its own so that no throttle comes into play.
// Prints the median and p90 of each and exits non-zero unless each pair is within 10 % of each other.
// On a machine shared with other work a burst of someone else's load can move one kind's p90 alone, so a
// database that misses is measured again, up to three rounds, each printed: a real difference (an unknown
// address answered without the Argon2 check takes a tenth of the time) misses in every round.
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { hashPassword } from '#server/features/accounts/passwords.ts';
import { sha512Hex } from '#shared/password.ts';
import { createTestDatabase, type DatabaseKind, postgresUrl } from '#tests/support/databases.ts';
import { freePort } from '#tests/support/ports.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { spawnProductionServer, stopServer, waitUntilReady } from './support/server.ts';

const samples = 50;
const warmUp = 5;
const tolerance = 0.1;
const rounds = 3;
const origin = 'https://www.fenwickhale.co.uk';
const databaseLabels: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const knownAddress = (i: number) => `staff${i}@fenwickhale.test`;
const unknownAddress = (i: number) => `nobody${i}@fenwickhale.test`;

/** One real account for each known sign-in (warm-up included), each with its own password. */
async function seedAccounts(url: string) {
  const db = createDatabase(loadConfig({ DATABASE_URL: url }).database);
  await migrateToLatest(db);
  for (let i = 0; i < samples + warmUp; i++) {
    await db
      .insertInto('users')
      .values({
        email: knownAddress(i),
        password_hash: await hashPassword(await sha512Hex(`Correct${i}A`)),
        status: 'active',
        role: 'staff',
        created_at: new Date().toISOString(),
        password_changed_at: new Date().toISOString(),
      })
      .execute();
  }
  await db.destroy();
}

/** Milliseconds from sending a refused sign-in to its answer, as the login page would post it. */
async function timeSignIn(port: number, email: string, ip: string): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const tokenResponse = await fetch(`${base}/api/form-token`);
  const cookie = (tokenResponse.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { token } = (await tokenResponse.json()) as { token: string };
  const body = new URLSearchParams({ emailAddress: email, p: await sha512Hex('Wrong123'), formToken: token });
  const started = performance.now();
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      cookie,
      'x-forwarded-for': ip,
    },
    body,
  });
  await response.arrayBuffer();
  const took = performance.now() - started;
  if (response.headers.get('location') !== '/login?notice=sign-in-failed') {
    throw new Error(`A sign-in as ${email} answered ${response.status} ${response.headers.get('location')}`);
  }
  return took;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const within = (a: number, b: number) => Math.max(a, b) / Math.min(a, b) - 1 <= tolerance;

async function measure(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  await seedAccounts(database.url);
  const port = await freePort();
  const mail = await startSmtpSink();
  const server = spawnProductionServer(port, database.url, {
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    SMTP_URL: mail.url,
  });
  try {
    await waitUntilReady(port, server);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < samples + warmUp; i++) {
      // Taken in turns, each kind first every other time.
      const pair = [
        ['known', knownAddress(i), `10.1.${i >> 8}.${i & 255}`],
        ['unknown', unknownAddress(i), `10.2.${i >> 8}.${i & 255}`],
      ] as const;
      for (const [label, email, ip] of i % 2 ? [...pair].reverse() : pair) {
        const took = await timeSignIn(port, email, ip);
        if (i >= warmUp) times[label].push(took);
      }
    }
    return times;
  } finally {
    await stopServer(server);
    await mail.stop();
    await database.drop();
  }
}

const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl) console.info('PostgreSQL skipped: TEST_DATABASE_URL is not set');
let ok = true;
console.log(`${samples} refused sign-ins of each kind over HTTP (ms)\n`);
console.log('| database | round | attempt | median | p90 |');
console.log('| --- | ---: | --- | ---: | ---: |');
for (const kind of kinds) {
  let misses: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    const { known, unknown } = await measure(kind);
    const figures = {
      known: { median: percentile(known, 50), p90: percentile(known, 90) },
      unknown: { median: percentile(unknown, 50), p90: percentile(unknown, 90) },
    };
    for (const [label, name] of [
      ['known', 'wrong password, real account'],
      ['unknown', 'address with no account'],
    ] as const) {
      const { median, p90 } = figures[label];
      console.log(
        `| ${databaseLabels[kind]} | ${round} | ${name} | ${median.toFixed(1)} | ${p90.toFixed(1)} |`,
      );
    }
    misses = (['median', 'p90'] as const)
      .filter((measure) => !within(figures.known[measure], figures.unknown[measure]))
      .map(
        (measure) =>
          `${databaseLabels[kind]}, round ${round}: the ${measure}s differ by more than ${tolerance * 100} %: ` +
          `${figures.known[measure].toFixed(1)} ms against ${figures.unknown[measure].toFixed(1)} ms`,
      );
    if (misses.length === 0) break;
  }
  if (misses.length > 0) {
    ok = false;
    for (const miss of misses) console.error(miss);
  }
}
if (!ok) {
  console.error(`\nThe timing differs in each of ${rounds} rounds.`);
  process.exit(1);
}
console.log(`\nEach median and p90 within ${tolerance * 100} % of the other.`);
