import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages, formTokenHeader } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { inParallel, rawRequest } from '#tests/support/raw-http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { tableRows } from '#tests/support/table-rows.ts';

/** A body any owner action would act on, were it let through. */
const actingBody = JSON.stringify({
  email: 'olive.owner@fenwickhale.test',
  role: 'owner',
  date: '2031-01-06',
  reason: 'closed by a member of staff',
  timeZone: 'Europe/London',
});

/** A route pattern as a path a request can take: each parameter filled in. */
const concrete = (pattern: string) => pattern.replace(/:\w+/g, '2031-01-06');

describeEachDatabase('routes only an owner may use', (database) => {
  let site: TestApp;
  let owner: { cookies: string; token: string };
  let staff: { cookies: string; token: string };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    owner = await signedInStaff(site, 'olive.owner@fenwickhale.test', 'owner');
    staff = await signedInStaff(site, 'sam.staff@fenwickhale.test', 'staff');
    expect(
      (await post(site, '/contact-us-send', { ...contact('amira@example.test'), recToken: 'none' })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    agent.destroy();
    await site?.close();
  });

  /** Every owner-only route, by every method it has: read from the routes Fastify registered. */
  const ownerRoutes = () =>
    [...site.app.routeAccess()]
      .filter(([, access]) => access === 'owner')
      .map(([key]) => {
        const [method, pattern] = key.split(' ') as [string, string];
        return { method, path: concrete(pattern) };
      });

  const request = (who: { cookies: string; token: string }, method: string, path: string) =>
    rawRequest(site.url, {
      method,
      path,
      agent,
      body: method === 'GET' || method === 'HEAD' ? undefined : actingBody,
      headers: { cookie: who.cookies, origin: site.url, [formTokenHeader]: who.token },
    });

  it('are the firm’s details, the staff accounts (and who manages availability), the settings, the advisers, data protection, the audit log, publishing articles and pages, sending the newsletter, the saved replies, the price list, the terms of business, the webhook, and what is wrong with the site', () => {
    const paths = new Set(ownerRoutes().map(({ path }) => path));
    expect([...paths].sort()).toEqual([
      '/api/back-office/advisers',
      '/api/back-office/advisers/2031-01-06',
      '/api/back-office/advisers/2031-01-06/active',
      '/api/back-office/advisers/2031-01-06/blocked-dates',
      '/api/back-office/advisers/2031-01-06/blocked-dates/2031-01-06',
      '/api/back-office/advisers/2031-01-06/calendar',
      '/api/back-office/advisers/2031-01-06/calendar/read-now',
      '/api/back-office/advisers/2031-01-06/hours',
      '/api/back-office/alerts',
      '/api/back-office/articles/2031-01-06/publish',
      '/api/back-office/articles/2031-01-06/revision/discard',
      '/api/back-office/articles/2031-01-06/revision/publish',
      '/api/back-office/articles/2031-01-06/schedule',
      '/api/back-office/articles/2031-01-06/unpublish',
      '/api/back-office/audit-log',
      '/api/back-office/campaigns/2031-01-06/cancel',
      '/api/back-office/campaigns/2031-01-06/send',
      '/api/back-office/data-protection/erase',
      '/api/back-office/data-protection/export',
      '/api/back-office/firm',
      '/api/back-office/firm/badges',
      '/api/back-office/firm/badges/2031-01-06',
      '/api/back-office/firm/demo-content',
      '/api/back-office/firm/home-picture',
      '/api/back-office/firm/logo',
      '/api/back-office/firm/questionnaire',
      '/api/back-office/instant-quote',
      '/api/back-office/pages/2031-01-06',
      '/api/back-office/pages/2031-01-06/nav',
      '/api/back-office/pages/2031-01-06/path',
      '/api/back-office/pages/2031-01-06/publish',
      '/api/back-office/pages/2031-01-06/revisions/2031-01-06/restore',
      '/api/back-office/price-list',
      '/api/back-office/proposal-settings',
      '/api/back-office/saved-replies',
      '/api/back-office/saved-replies/2031-01-06/delete',
      '/api/back-office/setup',
      '/api/back-office/setup/steps/2031-01-06',
      '/api/back-office/setup/test-email',
      '/api/back-office/staff',
      '/api/back-office/staff/availability',
      '/api/back-office/staff/disable',
      '/api/back-office/staff/enable',
      '/api/back-office/staff/role',
      '/api/back-office/terms-of-business',
      '/api/back-office/webhook',
      '/api/back-office/webhook/secret',
    ]);
  });

  it('refuse a signed-in member of staff of the staff role, by every method, and change nothing', async () => {
    const before = await tableRows(site.db);
    const routes = ownerRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(14);
    await inParallel(routes, 8, async ({ method, path }) => {
      const answer = await request(staff, method, path);
      expect(answer.status, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD') {
        expect(JSON.parse(answer.body), `${method} ${path}`).toEqual({
          success: false,
          infoMessages: [],
          errorMessages: [backOfficeMessages.ownersOnly],
        });
      }
    });
    expect(await tableRows(site.db)).toEqual(before);
  });

  it('still serve the leads, the overview and their own sessions to the staff role', async () => {
    const client = backOfficeClient(site, staff);
    expect(await client.json('/me')).toEqual({
      email: 'sam.staff@fenwickhale.test',
      name: null,
      taskDigest: true,
      role: 'staff',
      managesAvailability: false,
    });
    const enquiries = await client.get('/contact-enquiries');
    expect(enquiries.status).toBe(200);
    expect(await enquiries.text()).toContain('amira@example.test');
    for (const path of ['/summary', '/sessions']) expect((await client.get(path)).status, path).toBe(200);
  });

  it('let an owner through, by every method', async () => {
    expect(await backOfficeClient(site, owner).json('/me')).toEqual({
      email: 'olive.owner@fenwickhale.test',
      name: null,
      taskDigest: true,
      role: 'owner',
      managesAvailability: true,
    });
    for (const { method, path } of ownerRoutes()) {
      const answer = await request(owner, method, path);
      // The route itself answers: a success, or its own refusal of this body (erasing your own address)
      // or of this path (a date where an id belongs is no such thing: 404 in the route's own words).
      const said = answer.status === 404 ? JSON.parse(answer.body).errorMessages : [];
      expect([401, 403, 405], `${method} ${path} answered ${answer.status}`).not.toContain(answer.status);
      expect(said, `${method} ${path} answered 404`).not.toEqual(['Not found.']);
    }
  });

  it('let an owner invite staff (the default) or another owner, and list each role', async () => {
    const client = backOfficeClient(site, owner);
    expect((await client.send('/staff', { name: 'Nia', email: 'nia@fenwickhale.test' })).status).toBe(201);
    expect(
      (await client.send('/staff', { name: 'Ora', email: 'ora@fenwickhale.test', role: 'owner' })).status,
    ).toBe(201);
    const refused = await client.send('/staff', {
      name: 'New Colleague',
      email: 'pat@fenwickhale.test',
      role: 'admin',
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errorMessages).toEqual([backOfficeMessages.role]);
    const roles = (await client.json('/staff')) as { email: string; role: string }[];
    expect(roles.map(({ email, role }) => [email, role])).toEqual(
      expect.arrayContaining([
        ['nia@fenwickhale.test', 'staff'],
        ['ora@fenwickhale.test', 'owner'],
        ['sam.staff@fenwickhale.test', 'staff'],
      ]),
    );
    expect(roles.map(({ email }) => email)).not.toContain('pat@fenwickhale.test');
  });
});
