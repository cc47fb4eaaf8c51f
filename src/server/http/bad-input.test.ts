import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formTokenHeader } from '#shared/back-office.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import {
  bodyProbes,
  encode,
  hostileQuery,
  hostileStrings,
  type Probe,
  pageFormProbes,
} from '#tests/support/hostile-input.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { routesOf } from '#tests/support/routes.ts';
import { signedInStaff } from '#tests/support/staff.ts';
import { tablesFilledBySending } from '#tests/support/table-rows.ts';
import { type Db, isPostgres } from '../db/database.ts';

/**
 * Every endpoint, public and back office, gets hostile input: broken and wrong-shaped bodies, every
 * field the site knows set to values it must refuse, hostile path parameters and query strings. The
 * answer is never a 500, a refusal always says why, and a refused request leaves every table as it was.
 */

/**
 * A query counting the rows of every table of the app's schema, which a refused request must leave alone
 * (sign-in throttles count failed sign-ins on purpose; mail_files grows as the outbox sends the seeded
 * leads' emails, whatever the request).
 */
async function tableCountsQuery(db: Db) {
  const schema = isPostgres(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: false }))
    .filter(
      (table) =>
        (schema === undefined || table.schema === schema) &&
        table.name !== 'sign_in_throttles' &&
        !tablesFilledBySending.has(table.name),
    )
    .map((table) => `(select count(*) from ${table.name}) as ${table.name}`);
  const query = sql.raw<Record<string, number>>(`select ${tables.join(', ')}`);
  return async () => JSON.stringify((await query.execute(db)).rows[0]);
}

/** Leads of every kind, made as visitors make them; gives a route's path with their real parameters. */
async function seedLeads(site: TestApp) {
  const email = 'real.lead@example.com';
  await post(site, '/contact-us-send', { ...contact(email), optin: true, recToken: 'unused' });
  const { applicationReference } = await (
    await post(site, '/forms/application-form', { ...validApplication, emailAddress: email })
  ).json();
  const { date, slots } = await firstBookableDate(site.url);
  const booking = await postBooking(site.url, {
    ...buildBookCallPayload(date, slots[0] as (typeof slots)[number], email),
    applicationReference,
  });
  expect(booking.status).toBe(201);
  const reference = async (table: 'enquiries' | 'applications' | 'bookings') =>
    (await site.db.selectFrom(table).select('reference').executeTakeFirstOrThrow()).reference;
  const real: Record<string, string> = {
    enquiries: await reference('enquiries'),
    applications: await reference('applications'),
    bookings: await reference('bookings'),
    subscribers: email,
    'blocked-dates': '2030-01-07',
  };
  return (path: string) =>
    path.replace(
      /\/([\w-]+)\/:\w+/,
      (_, section: string) => `/${section}/${encodeURIComponent(real[section] ?? '')}`,
    );
}

/** One request of the fuzzing: where it goes and what it carries. */
interface Request {
  path: string;
  probe: Probe;
}

function problemWith(status: number, contentType: string, text: string): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  if (/ at .+\.(ts|js):\d+/.test(text)) return 'showed a stack trace';
  if (contentType.includes('json')) {
    const body = JSON.parse(text) as { errorMessages?: unknown };
    const messages = body.errorMessages;
    if (
      !Array.isArray(messages) ||
      messages.length === 0 ||
      messages.some((m) => typeof m !== 'string' || m.length < 10)
    )
      return `refused without a clear message: ${text.slice(0, 200)}`;
    return undefined;
  }
  if (text.trim().length < 10) return `refused without a message: ${JSON.stringify(text)}`;
  return undefined;
}

describeEachDatabase('hostile input to every endpoint', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };
  let tableCounts: () => Promise<string>;
  let realParams: (path: string) => string;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    staff = await signedInStaff(site, 'fuzz.staff@fenwickhale.test');
    tableCounts = await tableCountsQuery(site.db);
    realParams = await seedLeads(site);
  });
  afterAll(() => site?.close());

  it('never answers 500, always says why it refused, and stores nothing it refused', async () => {
    const endpoints = routesOf(site.app).filter(
      ([, path]) => !/^\/assets\/|\.(svg|png|txt|xml)$|^\/metrics$/.test(path),
    );
    expect(endpoints.length).toBeGreaterThan(40);
    const problems = new Set<string>();

    /** Sends one probe, noting what is wrong with the answer; gives the answer's status. */
    const send = async (method: string, { path, probe }: Request) => {
      const signedIn = path !== '/logout'; // a valid sign-out would end the session the probes use
      const response = await sendTo(site, path, {
        method,
        redirect: 'manual',
        headers: {
          origin: site.url,
          [formTokenHeader]: staff.token,
          ...(signedIn && { cookie: staff.cookies }),
          ...(probe.contentType && { 'content-type': probe.contentType }),
        },
        body: probe.body,
      });
      const text = await response.text();
      const where = `${method} ${path.slice(0, 120)} with ${probe.label}`;
      const problem = problemWith(response.status, response.headers.get('content-type') ?? '', text);
      if (problem) problems.add(`${where}: ${problem}`);
      // The uploads of a cover, the home page's picture or a page's picture (up to 8 MB) and a logo or badge
      // (1 MB) take the picture as base64, and a page's draft may be as long as its limits allow (8 MB), so the oversized probe is not over their limits; it is refused in words all
      // the same.
      const bigBodies =
        (path.startsWith('/api/back-office/articles/') && path.endsWith('/cover')) ||
        path === '/api/back-office/firm/logo' ||
        path === '/api/back-office/firm/badges' ||
        path === '/api/back-office/firm/home-picture' ||
        path === '/api/back-office/pages/pictures' ||
        (path.startsWith('/api/back-office/pages/') && path.endsWith('/draft'));
      if (probe.status && response.status !== probe.status && !(bigBodies && probe.status === 413))
        problems.add(`${where}: answered ${response.status}, not ${probe.status}`);
      return response.status;
    };

    /**
     * Sends the probes of one address; those refused must store nothing. Counting every table takes a
     * few milliseconds on PostgreSQL, so the tables are counted once around the whole address; only where
     * the address accepted some probes and refused others (a note, a cancellation: the accepted rightly
     * store something) are its probes sent again, counted one at a time.
     */
    const sendAll = async (method: string, requests: Request[]) => {
      const before = await tableCounts();
      const statuses: number[] = [];
      for (const request of requests) statuses.push(await send(method, request));
      const refused = statuses.filter((status) => status >= 300).length;
      if (refused === 0) return;
      if (refused === statuses.length) {
        if ((await tableCounts()) !== before)
          problems.add(
            `${method} ${requests[0]?.path.slice(0, 120)}: refused every probe but stored something`,
          );
        return;
      }
      for (const request of requests) {
        const before = await tableCounts();
        const status = await send(method, request);
        if (status >= 300 && (await tableCounts()) !== before)
          problems.add(
            `${method} ${request.path.slice(0, 120)} with ${request.probe.label}: answered ${status} but stored something`,
          );
      }
    };

    for (const [method, path] of endpoints) {
      const params = (path.match(/:\w+/g) ?? []).length > 0;
      // Hostile parameters with a few bodies, then a real lead's parameters with every body.
      const targets: [string, Probe[]][] = params
        ? [
            ...hostileStrings.map((value): [string, Probe[]] => [
              path.replace(/:\w+/g, encode(value)),
              // A hostile address may be refused before the body is read, so any clear refusal will do.
              bodyProbes.slice(0, 3).map(({ status: _, ...probe }) => probe),
            ]),
            [realParams(path), bodyProbes],
          ]
        : [[path, bodyProbes]];
      for (const [target, probes] of targets) {
        if (method === 'GET') {
          await sendAll(
            method,
            [0, 1, 2].map((rotation) => ({
              path: `${target}?${hostileQuery(rotation)}`,
              probe: { label: 'hostile query' },
            })),
          );
        } else {
          // The page forms check their token and the password's form first; pass those to reach the rest.
          const formProbes = target.startsWith('/api/back-office') ? [] : pageFormProbes(staff.token);
          await sendAll(
            method,
            [...probes, ...formProbes].map((probe) => ({ path: target, probe })),
          );
        }
      }
    }
    expect([...problems]).toEqual([]);
  }, 240_000);
});
