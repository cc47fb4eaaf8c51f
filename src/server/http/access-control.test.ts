import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { pathSpellings } from '#tests/support/path-spellings.ts';
import { inParallel, type RawAnswer, rawRequest } from '#tests/support/raw-http.ts';
import { signedInStaff } from '#tests/support/staff.ts';
import { tablesFilledBySending } from '#tests/support/table-rows.ts';

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
/** A body that any staff action would act on, were it let through. */
const hostileBody = JSON.stringify({
  email: 'attacker@evil.test',
  date: '2031-01-06',
  reason: 'closed by an attacker',
  stage: 'lost',
  text: 'an attacker was here',
});
/** Someone whose enquiry is in the database: no denied answer may mention them. */
const visitor = 'amira.marker@example.test';

/**
 * Rows in every table of the app's database, but the record of mail files, which grows as the outbox
 * sends the visitor's emails, whatever the requests.
 */
async function tableCounts(site: TestApp) {
  const counts: Record<string, number> = {};
  for (const table of await site.db.introspection.getTables()) {
    if (tablesFilledBySending.has(table.name)) continue;
    const { rows } = await site.db
      .selectFrom(table.name as 'users')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    counts[table.name] = Number(rows);
  }
  return counts;
}

/** A route pattern as a path a request can take: parameters filled in, the wildcard given a page. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, 'x').replace(/\*$/, 'contact-enquiries');

/** Routes that are not public, by pattern, with their access: read from the routes Fastify registered. */
function closedRoutesOf(site: TestApp) {
  const closed = new Map<string, string>();
  for (const [key, access] of site.app.routeAccess()) {
    const path = key.slice(key.indexOf(' ') + 1);
    if (access !== 'public') closed.set(path, access);
  }
  return closed;
}

function expectDenied(answer: RawAnswer, access: string, what: string) {
  const denied =
    [401, 403, 404, 405].includes(answer.status) ||
    // A page sends its visitor to sign in, with the page to return to afterwards.
    (access === 'staff-page' &&
      answer.status === 303 &&
      /^\/login(?:\?next=[^&]*)?$/.test(answer.location ?? ''));
  expect(denied, `${what} answered ${answer.status}`).toBe(true);
  expect(answer.body, what).not.toContain(visitor);
}

/** The site with a lead in it, which no denied answer may show. */
async function siteWithALead(database: 'sqlite' | 'postgres') {
  const site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  expect((await post(site, '/contact-us-send', { ...contact(visitor), recToken: 'none' })).status).toBe(201);
  return site;
}

describeEachDatabase('access to every route that is not public', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  beforeAll(async () => {
    site = await siteWithALead(database);
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => {
    agent.destroy();
    await site?.close();
  });

  const closedRoutes = () => closedRoutesOf(site);

  it('covers the whole back office: its API and its pages', () => {
    const closed = closedRoutes();
    expect(closed.size).toBeGreaterThanOrEqual(30);
    expect([...closed.keys()].every((path) => /^\/(api\/)?back-office(\/|$)/.test(path))).toBe(true);
    expect(closed.get('/back-office')).toBe('staff-page');
    expect(closed.get('/api/back-office/contact-enquiries')).toBe('staff');
    expect(closed.get('/api/back-office/staff')).toBe('owner');
  });

  // This sends some thousands of requests: more than a server test's 20 s when the machine is busy, as
  // bad-input.test.ts's fuzzing is.
  it('refuses a signed-in member of staff every change without the form token, by every spelling', async () => {
    const before = await tableCounts(site);
    const requests = [...closedRoutes()].flatMap(([pattern, access]) =>
      pathSpellings(concrete(pattern)).flatMap((path) =>
        ['POST', 'PUT', 'DELETE'].map((method) => ({ method, path, access })),
      ),
    );
    await inParallel(requests, 16, async ({ method, path, access }) => {
      const answer = await rawRequest(site.url, {
        method,
        path,
        body: hostileBody,
        agent,
        // A page of another site posting with the member of staff's cookies, as a browser would send them.
        headers: { cookie: staff.cookies, origin: 'https://evil.example' },
      });
      expect([403, 404, 405], `${method} ${path} answered ${answer.status}`).toContain(answer.status);
      expectDenied(answer, access, `cross-site ${method} ${path}`);
    });
    expect(await tableCounts(site)).toEqual(before);
  }, 120_000);

  describe('the same routes spelled the usual way', () => {
    it('still serve a signed-in member of staff', async () => {
      const answer = await rawRequest(site.url, {
        method: 'GET',
        path: '/api/back-offic%65/contact-enquiries',
        headers: { cookie: staff.cookies },
        agent,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(visitor);
    });
  });
});

// A request without a session cookie is decided before anything is read from the database (no cookie,
// no session to look up), so the anonymous sweep runs on one database; the signed-in sweep above, whose
// requests carry a session the database is asked about, runs on both.
describe('access to every route that is not public, without a session', () => {
  let site: TestApp;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  beforeAll(async () => {
    site = await siteWithALead('sqlite');
  });
  afterAll(async () => {
    agent.destroy();
    await site?.close();
  });
  const closedRoutes = () => closedRoutesOf(site);

  // Some thousands of requests: more than a server test's 20 s when the machine is busy.
  it('denies an anonymous caller every route, by every method and every spelling of its path, and changes nothing', async () => {
    const before = await tableCounts(site);
    const requests = [...closedRoutes()].flatMap(([pattern, access]) =>
      pathSpellings(concrete(pattern)).flatMap((path) => methods.map((method) => ({ method, path, access }))),
    );
    expect(requests.length).toBeGreaterThan(10_000);
    await inParallel(requests, 16, async ({ method, path, access }) => {
      const body = method === 'GET' || method === 'HEAD' ? undefined : hostileBody;
      const answer = await rawRequest(site.url, { method, path, body, agent });
      expectDenied(answer, access, `anonymous ${method} ${path}`);
    });
    expect(await tableCounts(site)).toEqual(before);
  }, 120_000);
});

describe('a route that does not say who may reach it', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({
      extend(app) {
        app.get('/test/undeclared', async () => ({ secret: 'staff only' }));
        app.post('/test/undeclared', async () => ({ secret: 'staff only' }));
      },
    });
  });
  afterAll(async () => site?.close());

  it('is closed to anyone not signed in', async () => {
    for (const method of ['GET', 'POST']) {
      const answer = await rawRequest(site.url, { method, path: '/test/undeclared', body: '{}' });
      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain('staff only');
    }
  });
});
