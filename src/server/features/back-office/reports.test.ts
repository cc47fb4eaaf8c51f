import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// March 2026 on the firm's clocks: the leads, replies, calls and subscribers below fall in it, or just
// outside, at known times.
let now = new Date('2026-03-02T10:00:00Z');
const march = '?from=2026-03-01&to=2026-03-31';

describeEachDatabase('reports over a period', (database) => {
  let site: TestApp;
  let gwen: ReturnType<typeof backOfficeClient>;

  const referenceOf = async (email: string) =>
    (
      await site.db
        .selectFrom('enquiries')
        .select('reference')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).reference;

  const sendAt = async (at: string, path: string, body: object) => {
    now = new Date(at);
    const response = await post(site, path, { ...body, recToken: 'none' });
    expect(response.status).toBeLessThan(300);
  };

  beforeAll(async () => {
    site = await startTestApp({
      database,
      clock: () => now,
      env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' },
    });

    // A newsletter's link, a search engine (whose visitor also joins the list), and a sign-up sent
    // without the fields, as a form posted before its script ran; then an enquiry in April.
    await sendAt('2026-03-02T10:00:00Z', '/contact-us-send', {
      ...contact('nadia@example.test'),
      landingPage: '/services?utm_source=Newsletter&utm_medium=email&token=not-kept',
      referrer: '',
    });
    // Nadia is replied to from inside two hours after her enquiry.
    now = new Date('2026-03-02T12:00:00Z');
    const { id: nadia } = await site.db
      .selectFrom('people')
      .select('id')
      .where('email_key', '=', 'nadia@example.test')
      .executeTakeFirstOrThrow();
    const sol = backOfficeClient(site, await signedInStaff(site, 'sol@fenwickhale.test'));
    expect(
      (await sol.send(`/people/${nadia}/replies`, { subject: 'Your enquiry', body: 'Hello' })).status,
    ).toBe(201);
    await sendAt('2026-03-03T10:00:00Z', '/show-contact-send', {
      ...quote('owen@example.test'),
      landingPage: '/',
      referrer: 'https://www.google.com/search?q=accountant',
    });
    await sendAt('2026-03-04T10:00:00Z', '/subscribe', {
      emailAddress: 'reader@example.test',
      submitMethod: '2',
    });
    await sendAt('2026-04-02T10:00:00Z', '/contact-us-send', contact('april@example.test'));

    // Nadia's business was qualified, then lost; Owen's contacted.
    now = new Date('2026-04-03T10:00:00Z');
    gwen = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
    for (const [email, stage] of [
      ['nadia@example.test', 'qualified'],
      ['nadia@example.test', 'lost'],
      ['owen@example.test', 'contacted'],
    ] as const) {
      const moved = await gwen.send(`/enquiries/${await referenceOf(email)}/stage`, { stage });
      expect(moved.status).toBe(200);
    }

    // Three calls with Ann (one cancelled) and one booked before the firm had advisers; one in April.
    const { id: userId } = await site.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'gwen@fenwickhale.test')
      .executeTakeFirstOrThrow();
    const { id: ann } = await site.db
      .insertInto('advisers')
      .values({
        user_id: userId,
        display_name: 'Ann Adviser',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const calls = [
      ['2026-03-09T10:00:00.000Z', ann, 'confirmed'],
      ['2026-03-10T10:00:00.000Z', ann, 'confirmed'],
      ['2026-03-11T10:00:00.000Z', ann, 'cancelled'],
      ['2026-03-12T10:00:00.000Z', null, 'confirmed'],
      ['2026-04-12T10:00:00.000Z', ann, 'confirmed'],
    ] as const;
    for (const [index, [startsAt, adviser, status]] of calls.entries()) {
      await site.db
        .insertInto('bookings')
        .values({
          reference: `REPORT-CALL-${index}`,
          email: `caller${index}@example.test`,
          starts_at: startsAt,
          ends_at: startsAt,
          local_date: startsAt.slice(0, 10),
          local_time: '10:00',
          time_zone: 'Europe/London',
          status,
          cancel_token_hash: `report-${index}`,
          adviser_id: adviser,
          created_at: '2026-03-01T09:00:00.000Z',
        })
        .execute();
    }

    // Subscribers: one from February, the sign-up above confirmed on 5 March, one who joined on the 10th
    // and left on the 20th.
    await site.db
      .updateTable('subscribers')
      .set({ status: 'confirmed', confirmed_at: '2026-03-05T09:00:00.000Z' })
      .where('email', '=', 'reader@example.test')
      .execute();
    for (const [email, confirmedAt, unsubscribedAt] of [
      ['february@example.test', '2026-02-01T09:00:00.000Z', null],
      ['briefly@example.test', '2026-03-10T09:00:00.000Z', '2026-03-20T09:00:00.000Z'],
    ] as const) {
      await site.db
        .insertInto('subscribers')
        .values({
          email,
          status: unsubscribedAt ? 'unsubscribed' : 'confirmed',
          confirm_token_hash: null,
          unsubscribe_token_hash: `hash-${email}`,
          confirmed_at: confirmedAt,
          unsubscribed_at: unsubscribedAt,
          created_at: confirmedAt,
        })
        .execute();
    }
  });
  afterAll(async () => site?.close());

  it('keeps where each lead came from: the campaign’s UTM parameters and an outside referrer’s origin', async () => {
    const kept = await site.db
      .selectFrom('lead_sources')
      .select(['lead_kind', 'channel', 'referrer', 'landing_path', 'utm_source', 'utm_medium'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      {
        lead_kind: 'enquiry',
        channel: 'newsletter',
        referrer: null,
        landing_path: '/services',
        utm_source: 'Newsletter',
        utm_medium: 'email',
      },
      ...['subscriber', 'enquiry'].map((kind) => ({
        lead_kind: kind,
        channel: 'google.com',
        referrer: 'https://www.google.com',
        landing_path: '/',
        utm_source: null,
        utm_medium: null,
      })),
      {
        lead_kind: 'subscriber',
        channel: 'Direct',
        referrer: null,
        landing_path: null,
        utm_source: null,
        utm_medium: null,
      },
      {
        lead_kind: 'enquiry',
        channel: 'Direct',
        referrer: null,
        landing_path: null,
        utm_source: null,
        utm_medium: null,
      },
    ]);
  });

  it('counts leads by source, conversion by stage, first replies, calls by adviser and subscribers by week', async () => {
    const response = await gwen.get(`/reports${march}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      period: { from: '2026-03-01', to: '2026-03-31', unit: 'week' },
      sources: [
        { source: 'google.com', leads: 1, movedOn: 1, signUps: 1 },
        { source: 'newsletter', leads: 1, movedOn: 1, signUps: 0 },
        { source: 'Direct', leads: 0, movedOn: 0, signUps: 1 },
      ],
      stages: { opened: 2, contacted: 2, qualified: 1, won: 0, lost: 1 },
      firstReply: {
        people: 2,
        medianSeconds: 7200,
        buckets: [
          { label: 'Within an hour', people: 0 },
          { label: '1 to 4 hours', people: 1 },
          { label: '4 to 24 hours', people: 0 },
          { label: '1 to 3 days', people: 0 },
          { label: 'Over 3 days', people: 0 },
          { label: 'Not replied to yet', people: 1 },
        ],
      },
      advisers: [
        { adviser: 'Ann Adviser', calls: 2, cancelled: 1 },
        { adviser: 'No adviser named', calls: 1, cancelled: 0 },
      ],
      subscribers: [
        { from: '2026-03-01', to: '2026-03-01', joined: 0, left: 0, total: 1 },
        { from: '2026-03-02', to: '2026-03-08', joined: 1, left: 0, total: 2 },
        { from: '2026-03-09', to: '2026-03-15', joined: 1, left: 0, total: 3 },
        { from: '2026-03-16', to: '2026-03-22', joined: 0, left: 1, total: 2 },
        { from: '2026-03-23', to: '2026-03-29', joined: 0, left: 0, total: 2 },
        { from: '2026-03-30', to: '2026-03-31', joined: 0, left: 0, total: 2 },
      ],
    });
  });

  it('gives each report’s table as a CSV file, and counts subscribers by month over a longer period', async () => {
    const csv = await gwen.get(`/reports.csv${march}&report=sources`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="report-sources-2026-03-01-to-2026-03-31.csv"',
    );
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe(
      '\uFEFFSource,Leads,Moved on from New,Mailing-list sign-ups\r\n' +
        'google.com,1,1,1\r\nnewsletter,1,1,0\r\nDirect,0,0,1\r\n',
    );
    const reply = await gwen.get(`/reports.csv${march}&report=first-reply`);
    expect(await reply.text()).toContain('1 to 4 hours,1\r\n');
    const quarter = await gwen.json('/reports?from=2026-01-01&to=2026-04-30');
    expect(quarter.subscribers).toEqual([
      { from: '2026-01-01', to: '2026-01-31', joined: 0, left: 0, total: 0 },
      { from: '2026-02-01', to: '2026-02-28', joined: 1, left: 0, total: 1 },
      { from: '2026-03-01', to: '2026-03-31', joined: 2, left: 1, total: 2 },
      { from: '2026-04-01', to: '2026-04-30', joined: 0, left: 0, total: 2 },
    ]);
    expect(quarter.stages).toEqual({ opened: 3, contacted: 2, qualified: 1, won: 0, lost: 1 });
  });

  it('blanks the campaign’s term and content kept with an erased address’s leads, and keeps the source', async () => {
    await sendAt('2026-04-03T10:00:00Z', '/contact-us-send', {
      ...contact('erased@example.test'),
      landingPage: '/?utm_source=letter&utm_term=for-erika&utm_content=erika-smith',
    });
    const reference = await referenceOf('erased@example.test');
    const kept = () =>
      site.db
        .selectFrom('lead_sources')
        .innerJoin('enquiries', 'enquiries.id', 'lead_sources.lead_id')
        .select(['lead_sources.channel', 'lead_sources.utm_term', 'lead_sources.utm_content'])
        .where('lead_sources.lead_kind', '=', 'enquiry')
        .where('enquiries.reference', '=', reference)
        .executeTakeFirstOrThrow();
    expect(await kept()).toEqual({ channel: 'letter', utm_term: 'for-erika', utm_content: 'erika-smith' });
    expect((await gwen.send('/data-protection/erase', { email: 'erased@example.test' })).status).toBe(200);
    expect(await kept()).toEqual({ channel: 'letter', utm_term: null, utm_content: null });
  });

  it('refuses a period it cannot read, and anyone not signed in', async () => {
    for (const [query, message] of [
      ['?from=2026-03-31&to=2026-03-01', backOfficeMessages.periodBackwards],
      ['?from=2020-01-01&to=2026-03-01', backOfficeMessages.periodTooLong],
      ['?from=yesterday', backOfficeMessages.filter('from')],
      ['?to=2026-03-01&colour=red', backOfficeMessages.filter('colour')],
    ]) {
      const refused = await gwen.get(`/reports${query}`);
      expect([query, refused.status, (await refused.json()).errorMessages]).toEqual([query, 400, [message]]);
    }
    // Days no firm's records could hold are refused; the last year there can be is answered week by week,
    // its last week cut at the period's end.
    const farOff = await gwen.get('/reports?from=9999-12-01&to=9999-12-31');
    expect([farOff.status, (await farOff.json()).errorMessages]).toEqual([
      400,
      [backOfficeMessages.filter('from')],
    ]);
    const lastYear = await gwen.json('/reports?from=2999-12-01&to=2999-12-31');
    expect(lastYear.period).toEqual({ from: '2999-12-01', to: '2999-12-31', unit: 'week' });
    expect(lastYear.subscribers.at(-1)).toMatchObject({ from: '2999-12-30', to: '2999-12-31' });
    expect((await gwen.get('/reports.csv?report=everything')).status).toBe(400);
    expect((await send(site, '/api/back-office/reports')).status).toBe(401);
  });
  it('counts two records of one client, merged, as one person waiting from the first of their leads', async () => {
    const may = '?from=2026-05-01&to=2026-05-31';
    await sendAt('2026-05-10T10:00:00Z', '/contact-us-send', contact('first.record@example.test'));
    await sendAt('2026-05-12T10:00:00Z', '/contact-us-send', contact('second.record@example.test'));
    const idOf = async (email: string) =>
      (
        await site.db
          .selectFrom('people')
          .select('id')
          .where('email_key', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const [first, second] = [
      await idOf('first.record@example.test'),
      await idOf('second.record@example.test'),
    ];
    now = new Date('2026-05-12T11:00:00Z');
    const uma = backOfficeClient(site, await signedInStaff(site, 'uma@fenwickhale.test'));
    expect((await uma.send(`/people/${second}/replies`, { subject: 'Hello', body: 'Hello' })).status).toBe(
      201,
    );
    expect((await uma.json(`/reports${may}`)).firstReply).toMatchObject({ people: 2, medianSeconds: 3600 });

    expect((await uma.send(`/people/${first}/merge`, { other: second })).status).toBe(200);
    // The reply an hour after the second enquiry came 49 hours after the first.
    expect((await uma.json(`/reports${may}`)).firstReply).toMatchObject({
      people: 1,
      medianSeconds: 49 * 3600,
      buckets: expect.arrayContaining([{ label: '1 to 3 days', people: 1 }]),
    });
  });
});
