import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { insertAcceptedProposal } from '#tests/support/accepted-proposals.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('the clients won, as JSON and CSV for practice software', (database) => {
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;
  const firstDay = new Date('2026-11-02T10:00:00Z');
  const dayOf = (n: number) => new Date(firstDay.getTime() + n * 3_600_000);
  let dana: { reference: string; personId: number };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
    // 25 ordinary clients an hour apart, then two whose details a spreadsheet must not run.
    for (let n = 0; n < 25; n += 1) {
      await insertAcceptedProposal(site.db, {
        email: `client${n}@example.test`,
        name: `Client ${n}`,
        acceptedAt: dayOf(n),
        services: [{ key: 'self-assessment', optional: false }],
        extras: [],
      });
    }
    await insertAcceptedProposal(site.db, {
      email: 'mallory@example.test',
      name: 'Whitfield, Mallory',
      organisation: '=HYPERLINK("http://evil.example","Click")',
      acceptedAt: dayOf(25),
      services: [{ key: 'self-assessment', optional: false }],
      extras: [],
    });
    dana = await insertAcceptedProposal(site.db, {
      email: 'dana@brightwater.test',
      name: 'Dana Whitfield',
      organisation: 'Brightwater Ltd',
      acceptedAt: dayOf(26),
    });
    // Dana's due diligence is complete: she is onboarded.
    await site.db
      .insertInto('due_diligence')
      .values({
        person_id: dana.personId,
        verified_on: '2026-11-01',
        verified_against: 'electronic check',
        risk: 'low',
        risk_reason: 'UK resident',
        completed_at: dayOf(27).toISOString(),
        updated_at: dayOf(27).toISOString(),
      })
      .execute();
  });
  afterAll(async () => site?.close());

  it('pages the clients won 25 at a time, newest accepted first, each with services, fees in pence and pounds, totals and onboarding', async () => {
    const first = await staff.json('/clients-won');
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toEqual({
      reference: dana.reference,
      acceptedAt: dayOf(26).toISOString(),
      client: {
        name: 'Dana Whitfield',
        email: 'dana@brightwater.test',
        organisation: 'Brightwater Ltd',
        addressedTo: 'Brightwater Ltd',
      },
      onboarded: true,
      dueDiligenceCompletedAt: dayOf(27).toISOString(),
      services: [
        {
          key: 'bookkeeping',
          name: 'Bookkeeping',
          frequency: 'monthly',
          fee: { pence: 11_500, pounds: '115.00' },
          vat: { pence: 2_300, pounds: '23.00' },
        },
        {
          key: 'year-end-accounts',
          name: 'Year-end accounts',
          frequency: 'annually',
          fee: { pence: 95_000, pounds: '950.00' },
          vat: { pence: 19_000, pounds: '190.00' },
        },
        {
          key: 'payroll',
          name: 'Payroll',
          frequency: 'monthly',
          fee: { pence: 4_300, pounds: '43.00' },
          vat: { pence: 860, pounds: '8.60' },
        },
      ],
      totals: {
        monthly: { fee: { pence: 15_800, pounds: '158.00' }, vat: { pence: 3_160, pounds: '31.60' } },
        annually: { fee: { pence: 95_000, pounds: '950.00' }, vat: { pence: 19_000, pounds: '190.00' } },
        once: { fee: { pence: 0, pounds: '0.00' }, vat: { pence: 0, pounds: '0.00' } },
      },
    });
    expect(first.items[1].onboarded).toBe(false);
    expect(first.next).toEqual(expect.any(String));
    const second = await staff.json(`/clients-won?after=${encodeURIComponent(first.next)}`);
    expect(second.items.map((item: { client: { name: string } }) => item.client.name)).toEqual([
      'Client 1',
      'Client 0',
    ]);
    expect(second.next).toBeNull();

    const oldest = await staff.json('/clients-won?order=oldest');
    expect(oldest.items[0].client.name).toBe('Client 0');
    expect(
      (await staff.json('/clients-won?q=brightwater')).items.map((i: { reference: string }) => i.reference),
    ).toEqual([dana.reference]);
    expect((await staff.json(`/clients-won?q=${dana.reference}`)).items).toHaveLength(1);

    const refused = await staff.get('/clients-won?order=sideways');
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      400,
      [backOfficeMessages.filter('order')],
    ]);
  });

  it('gives every client won as CSV, a line per service, quoted and guarded against formulas as the lists of leads are', async () => {
    const answer = await staff.get('/clients-won.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clients-won-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Reference,Accepted at,Client name,Email,Organisation,Onboarded,Service,Service key,Frequency,Charged,Fee (pence),Fee (£),VAT (pence),VAT (£),Monthly total (pence),Monthly total (£),Monthly VAT (pence),Monthly VAT (£),Annual total (pence),Annual total (£),Annual VAT (pence),Annual VAT (£),One-off total (pence),One-off total (£),One-off VAT (pence),One-off VAT (£)',
    );
    // 26 clients with one service each, and Dana's three.
    expect(lines).toHaveLength(1 + 26 + 3 + 1);
    expect(lines.slice(1, 4)).toEqual([
      `${dana.reference},2026-11-03 12:00 +00:00,Dana Whitfield,dana@brightwater.test,Brightwater Ltd,Yes,Bookkeeping,bookkeeping,monthly,a month,11500,115.00,2300,23.00,15800,158.00,3160,31.60,95000,950.00,19000,190.00,0,0.00,0,0.00`,
      `${dana.reference},2026-11-03 12:00 +00:00,Dana Whitfield,dana@brightwater.test,Brightwater Ltd,Yes,Year-end accounts,year-end-accounts,annually,a year,95000,950.00,19000,190.00,15800,158.00,3160,31.60,95000,950.00,19000,190.00,0,0.00,0,0.00`,
      `${dana.reference},2026-11-03 12:00 +00:00,Dana Whitfield,dana@brightwater.test,Brightwater Ltd,Yes,Payroll,payroll,monthly,a month,4300,43.00,860,8.60,15800,158.00,3160,31.60,95000,950.00,19000,190.00,0,0.00,0,0.00`,
    ]);
    expect(lines[4]).toMatch(
      /^[\w-]+,2026-11-03 11:00 \+00:00,"Whitfield, Mallory",mallory@example\.test,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",No,Self-assessment tax return,/,
    );

    const filtered = await staff.get('/clients-won.csv?q=client2');
    const rows = (await filtered.text()).split('\r\n').filter(Boolean);
    expect(rows.slice(1).map((row) => row.split(',')[2])).toEqual([
      'Client 24',
      'Client 23',
      'Client 22',
      'Client 21',
      'Client 20',
      'Client 2',
    ]);
  });

  it('is for signed-in staff only', async () => {
    for (const path of ['/api/back-office/clients-won', '/api/back-office/clients-won.csv']) {
      const refused = await send(site, path);
      expect([path, refused.status]).toEqual([path, 401]);
    }
  });
});
