import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('one person for every lead from one address', (database) => {
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    staff = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
  });
  afterAll(async () => site?.close());

  const referenceOf = async (table: 'enquiries' | 'applications' | 'bookings', email: string) =>
    (
      await site.db
        .selectFrom(table)
        .select('reference')
        .where('email', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).reference;

  it('gathers an enquiry, a quote request, an application and a call, in any letter case, on one page', async () => {
    const sent = [
      await post(site, '/contact-us-send', { ...contact('Amira.Shah@Example.test'), recToken: 'none' }),
      await post(site, '/show-contact-send', { ...quote('amira.shah@example.test'), recToken: 'none' }),
      await post(site, '/forms/application-form', {
        ...validApplication,
        yourName: 'Amira Shah-Khan',
        emailAddress: 'AMIRA.SHAH@example.test',
      }),
      await post(site, '/contact-us-send', {
        ...contact('bo@example.test'),
        name: 'Bo Lind',
        recToken: 'none',
      }),
    ];
    const { date, slots } = await firstBookableDate(site.url);
    sent.push(
      await postBooking(site.url, buildBookCallPayload(date, slots[0] as never, 'amira.shah@example.test')),
    );
    expect(sent.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);

    const enquiry = await referenceOf('enquiries', 'Amira.Shah@Example.test');
    const quoteRequest = await referenceOf('enquiries', 'amira.shah@example.test');
    const application = await referenceOf('applications', 'AMIRA.SHAH@example.test');
    const call = await referenceOf('bookings', 'amira.shah@example.test');
    const { personId } = await staff.json(`/enquiries/${enquiry}`);
    for (const path of [`/enquiries/${quoteRequest}`, `/applications/${application}`, `/bookings/${call}`]) {
      expect((await staff.json(path)).personId, path).toBe(personId);
    }
    expect(
      (await staff.json(`/enquiries/${await referenceOf('enquiries', 'bo@example.test')}`)).personId,
    ).not.toBe(personId);
    expect((await staff.send(`/enquiries/${quoteRequest}/notes`, { text: 'Wants payroll too' })).status).toBe(
      201,
    );

    const person = await staff.json(`/people/${personId}`);
    expect(person).toMatchObject({
      id: personId,
      email: 'Amira.Shah@Example.test',
      // Each detail as first given (the contact form's): a later lead, which anyone could send with
      // this address, does not change the name or number staff know them by. The contact form's
      // profession is no organisation: the quote request's practice fills that blank.
      name: 'Amira Shah',
      phone: '07700 900123',
      organisation: 'Shah Dental Care',
      subscriber: { status: 'pending' },
    });
    expect(
      person.leads.map((lead: { kind: string; reference: string }) => [lead.kind, lead.reference]),
    ).toEqual([
      ['call', call],
      ['application', application],
      ['quote', quoteRequest],
      ['enquiry', enquiry],
    ]);
    expect(person.leads.at(-1).summary).toBe('We are opening a second surgery. Can you help with payroll?');
    const timeline = person.timeline as { what: string; detail: string; by: string | null; lead: unknown }[];
    expect(timeline.filter((entry) => entry.what === 'received')).toHaveLength(4);
    expect(timeline).toContainEqual(
      expect.objectContaining({
        what: 'note',
        detail: 'Wants payroll too',
        by: 'gwen@fenwickhale.test',
        lead: { kind: 'quote', reference: quoteRequest },
      }),
    );
    expect(timeline).toContainEqual(expect.objectContaining({ what: 'consent', lead: null }));
    // The visitor's acknowledgements, confirmations and the call's confirmation, whatever case they typed.
    expect(timeline.filter((entry) => entry.what === 'email').length).toBeGreaterThanOrEqual(4);
    const times = timeline.map((entry) => (entry as unknown as { at: string }).at);
    expect(times).toEqual([...times].sort().reverse());

    // A move of their business is recorded on each of its four leads, and said once here.
    expect((await staff.send(`/applications/${application}/stage`, { stage: 'contacted' })).status).toBe(200);
    const moves = (await staff.json(`/people/${personId}`)).timeline.filter(
      (entry: { what: string }) => entry.what === 'stage',
    );
    expect(moves).toEqual([
      expect.objectContaining({ detail: 'contacted', by: 'gwen@fenwickhale.test', lead: null }),
    ]);

    // All four asked for one piece of new business, whose value staff can say, in pounds, or clear.
    expect(person.opportunities).toHaveLength(1);
    const [opportunity] = (await staff.json(`/people/${personId}`)).opportunities;
    expect(opportunity).toMatchObject({ title: 'Enquiry', stage: 'contacted', valuePence: null });
    expect(opportunity.leads.map((lead: { reference: string }) => lead.reference)).toEqual([
      enquiry,
      quoteRequest,
      application,
      call,
    ]);
    const value = (typed: unknown) => staff.send(`/opportunities/${opportunity.id}/value`, { value: typed });
    for (const typed of [
      'a lot',
      '12.345',
      '-5',
      42,
      '1e9',
      '1250,50',
      '1,25',
      '1,2,3',
      ',,,1',
      '1000000000',
    ]) {
      const refused = await value(typed);
      expect([typed, refused.status, (await refused.json()).errorMessages]).toEqual([
        typed,
        422,
        [backOfficeMessages.value],
      ]);
    }
    expect(await (await value('£1,250.50')).json()).toMatchObject({
      infoMessages: [backOfficeMessages.valueSaved],
    });
    expect((await staff.json(`/people/${personId}`)).opportunities[0].valuePence).toBe(125_050);
    await value('9,999,999.99');
    expect((await staff.json(`/people/${personId}`)).opportunities[0].valuePence).toBe(999_999_999);
    expect((await value(' ')).status).toBe(200);
    expect((await staff.json(`/people/${personId}`)).opportunities[0].valuePence).toBeNull();
    expect((await staff.send('/opportunities/99999/value', { value: '5' })).status).toBe(404);
    const notAnId = await staff.send('/opportunities/0x1/value', { value: '5' });
    expect([notAnId.status, (await notAnId.json()).errorMessages]).toEqual([
      404,
      [backOfficeMessages.noSuchOpportunity],
    ]);
  });

  it('answers 404 for no such person, and forgets the person when their address is erased', async () => {
    expect((await staff.get('/people/99999')).status).toBe(404);
    expect((await (await staff.get('/people/99999')).json()).errorMessages).toEqual([
      backOfficeMessages.noSuchPerson,
    ]);
    const { personId } = await staff.json(`/enquiries/${await referenceOf('enquiries', 'bo@example.test')}`);
    expect((await staff.get(`/people/${personId}`)).status).toBe(200);
    expect((await staff.send('/data-protection/erase', { email: 'BO@example.test' })).status).toBe(200);
    expect((await staff.get(`/people/${personId}`)).status).toBe(404);
    // Their business leaves the board: nobody's to work on.
    const board = await staff.json('/pipeline');
    const names = board.columns.flatMap((column: { cards: { name: string }[] }) =>
      column.cards.map((c) => c.name),
    );
    expect(names).not.toContain('Bo Lind');
    expect(names).not.toContain('');
    const left = await site.db.selectFrom('people').select('email').execute();
    expect(left.map((person) => person.email)).toEqual(['Amira.Shah@Example.test']);
  });
});
