import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardsPerColumn, closedRecentDays, type PipelineBoard } from '#shared/api/back-office-pipeline.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { seedOpportunities } from '#tests/support/opportunities.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

const day = 24 * 60 * 60 * 1000;

describeEachDatabase('the pipeline board', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test', 'staff');
  });
  afterAll(async () => site?.close());

  const board = async (): Promise<PipelineBoard> => backOfficeClient(site, staff).json('/pipeline');
  const column = async (stage: string) => (await board()).columns.find((c) => c.stage === stage);
  const referenceOf = async (table: 'enquiries' | 'applications' | 'bookings', email: string) =>
    (await site.db.selectFrom(table).select('reference').where('email', '=', email).executeTakeFirstOrThrow())
      .reference;

  it('shows every kind of lead in its stage, newest first; a move on the lead’s stage entry moves its card', async () => {
    expect(
      (await post(site, '/contact-us-send', { ...contact('board.contact@example.test'), recToken: 'none' }))
        .status,
    ).toBe(201);
    expect(
      (await post(site, '/show-contact-send', { ...quote('board.quote@example.test'), recToken: 'none' }))
        .status,
    ).toBe(201);
    const application = { ...validApplication, emailAddress: 'board.application@example.test' };
    expect((await post(site, '/forms/application-form', application)).status).toBe(201);
    const { date, slots } = await firstBookableDate(site.url);
    const slot = slots[0] as (typeof slots)[number];
    const booked = await postBooking(site.url, buildBookCallPayload(date, slot, 'board.call@example.test'));
    expect(booked.status).toBe(201);

    const first = await board();
    expect(first.columns.map((c) => c.stage)).toEqual(['new', 'contacted', 'qualified', 'won', 'lost']);
    const fresh = first.columns[0];
    expect(fresh?.total).toBe(4);
    // The call was booked last, so it leads; the contact enquiry came first, so it ends the column.
    expect(fresh?.cards.map(({ kind, name }) => ({ kind, name }))).toEqual([
      { kind: 'call', name: 'board.call@example.test' },
      { kind: 'application', name: validApplication.yourName },
      { kind: 'quote', name: 'Amira Shah' },
      { kind: 'enquiry', name: 'Amira Shah' },
    ]);

    const reference = await referenceOf('enquiries', 'board.quote@example.test');
    const moved = await backOfficeClient(site, staff).send(`/enquiries/${reference}/stage`, { stage: 'won' });
    expect(moved.status).toBe(200);
    expect((await moved.json()).timeline.at(-1)).toMatchObject({
      what: 'stage',
      detail: 'won',
      by: 'gwen@fenwickhale.test',
    });
    expect((await column('new'))?.total).toBe(3);
    expect(await column('won')).toMatchObject({ total: 1, cards: [{ kind: 'quote', reference }] });
  });

  it(`keeps in won and lost only the opportunities moved there in the last ${closedRecentDays} days`, async () => {
    await post(site, '/contact-us-send', { ...contact('long.ago@example.test'), recToken: 'none' });
    const reference = await referenceOf('enquiries', 'long.ago@example.test');
    await backOfficeClient(site, staff).send(`/enquiries/${reference}/stage`, { stage: 'lost' });
    expect((await column('lost'))?.cards.map((card) => card.reference)).toContain(reference);

    const longAgo = new Date(Date.now() - (closedRecentDays + 1) * day).toISOString();
    await site.db
      .updateTable('opportunities')
      .set({ stage_changed_at: longAgo })
      .where('stage', '=', 'lost')
      .execute();
    expect((await column('lost'))?.cards.map((card) => card.reference)).not.toContain(reference);
    // Still lost, and still in the list filtered by stage.
    const lost = await backOfficeClient(site, staff).json('/contact-enquiries?stage=lost');
    expect(lost.items.map((row: { reference: string }) => row.reference)).toContain(reference);
  });

  it(`shows at most ${cardsPerColumn} cards in a column, and counts the rest`, async () => {
    const before = (await column('contacted'))?.total ?? 0;
    await seedOpportunities(site.db, { count: cardsPerColumn + 2, stage: 'contacted', prefix: 'many' });
    const contacted = await column('contacted');
    expect(contacted?.total).toBe(before + cardsPerColumn + 2);
    expect(contacted?.cards).toHaveLength(cardsPerColumn);
    expect(contacted?.cards[0]?.name).toBe('Applicant 0');
  });

  it('shows an enquiry and the call booked after it from one address as one card, which moves both', async () => {
    const api = backOfficeClient(site, staff);
    const sent = await post(site, '/contact-us-send', {
      ...contact('One.Card@example.test'),
      recToken: 'none',
    });
    expect(sent.status).toBe(201);
    const { date, slots } = await firstBookableDate(site.url, 5);
    const slot = slots[0] as (typeof slots)[number];
    expect(
      (await postBooking(site.url, buildBookCallPayload(date, slot, 'one.card@example.test'))).status,
    ).toBe(201);
    const enquiry = await referenceOf('enquiries', 'One.Card@example.test');
    const call = await referenceOf('bookings', 'one.card@example.test');
    const cardsOf = async (stage: string) =>
      ((await column(stage))?.cards ?? []).filter((card) => card.reference === enquiry);
    expect(await cardsOf('new')).toMatchObject([
      {
        kind: 'enquiry',
        name: 'Amira Shah',
        title: 'Enquiry',
        words: 'We are opening a second surgery. Can you help with payroll?',
        valuePence: null,
        leads: 2,
      },
    ]);

    // Moving the call moves its card, and the enquiry with it.
    expect((await api.send(`/bookings/${call}/stage`, { stage: 'qualified' })).status).toBe(200);
    expect(await cardsOf('new')).toEqual([]);
    expect(await cardsOf('qualified')).toHaveLength(1);
    const { stage, timeline } = await api.json(`/enquiries/${enquiry}`);
    expect(stage).toBe('qualified');
    expect(timeline.at(-1)).toMatchObject({
      what: 'stage',
      detail: 'qualified',
      by: 'gwen@fenwickhale.test',
    });

    // Once won, their next enquiry is new business: a card of its own.
    expect((await api.send(`/enquiries/${enquiry}/stage`, { stage: 'won' })).status).toBe(200);
    await post(site, '/contact-us-send', { ...contact('one.card@example.test'), recToken: 'none' });
    const [, next] = await site.db
      .selectFrom('enquiries')
      .select(['reference', 'stage', 'person_id', 'opportunity_id'])
      .where('email', 'in', ['One.Card@example.test', 'one.card@example.test'])
      .orderBy('id')
      .execute();
    expect(next).toMatchObject({ stage: 'new' });
    expect((await column('new'))?.cards.map((card) => card.reference)).toContain(next?.reference);
    expect((await column('won'))?.cards.map((card) => card.reference)).toContain(enquiry);
  });

  it('is for signed-in staff only', async () => {
    expect((await send(site, '/api/back-office/pipeline')).status).toBe(401);
  });
});
