import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { seedOpportunities } from '#tests/support/opportunities.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// Tuesday 8 December 2026, 10am in London (GMT).
const now = new Date('2026-12-08T10:00:00Z');

describeEachDatabase('the overview’s Today', (database) => {
  let site: TestApp;
  let gwen: ReturnType<typeof backOfficeClient>;

  beforeAll(async () => {
    site = await startTestApp({
      database,
      clock: () => now,
      env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' },
    });
    gwen = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
  });
  afterAll(async () => site?.close());

  it('lists the new leads, the people waiting longer than the promise, the next two days’ calls and your tasks due', async () => {
    // Gwen's last visit ended at 9am; a contact enquiry arrives at 10.
    await site.db.updateTable('users').set({ new_leads_since: '2026-12-08T09:00:00.000Z' }).execute();
    expect(
      (await post(site, '/contact-us-send', { ...contact('fresh@example.test'), recToken: 'none' })).status,
    ).toBe(201);
    // Three people sent new business days ago: one was answered from inside, one moved on to Contacted.
    await seedOpportunities(site.db, { count: 3, stage: 'new', prefix: 'waiting' });
    await site.db
      .updateTable('opportunities')
      .set({ created_at: '2026-12-01T09:00:00.000Z' })
      .where('title', '=', 'Application')
      .execute();
    await site.db
      .updateTable('people')
      .set({ first_reply_at: '2026-12-02T09:00:00.000Z' })
      .where('email', '=', 'waiting.1@example.test')
      .execute();
    const moved = await site.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'waiting.2@example.test')
      .executeTakeFirstOrThrow();
    await site.db
      .updateTable('opportunities')
      .set({ stage: 'contacted' })
      .where('person_id', '=', moved.id)
      .execute();
    // A call tomorrow, and one the day after.
    for (const [reference, startsAt] of [
      ['CALL-TOMORROW', '2026-12-09T11:00:00.000Z'],
      ['CALL-LATER', '2026-12-10T11:00:00.000Z'],
    ] as const) {
      await site.db
        .insertInto('bookings')
        .values({
          reference,
          email: 'caller@example.test',
          starts_at: startsAt,
          ends_at: startsAt,
          local_date: startsAt.slice(0, 10),
          local_time: '11:00',
          time_zone: 'Europe/London',
          status: 'confirmed',
          cancel_token_hash: reference,
          created_at: '2026-12-01T09:00:00.000Z',
        })
        .execute();
    }
    const { id: personId } = await site.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'fresh@example.test')
      .executeTakeFirstOrThrow();
    const gwenId = (await gwen.json('/colleagues'))[0].id;
    await gwen.send(`/people/${personId}/tasks`, {
      title: 'Ring back',
      due: '2026-12-08T09:00',
      assignee: gwenId,
    });
    await gwen.send(`/people/${personId}/tasks`, {
      title: 'Send the quote',
      due: '2026-12-11T09:00',
      assignee: gwenId,
    });

    const today = await gwen.json('/today');
    expect(today.newLeads).toMatchObject({
      since: '2026-12-08T09:00:00.000Z',
      total: 1,
      leads: [{ kind: 'enquiry', name: 'Amira Shah', createdAt: now.toISOString() }],
    });
    expect(today.unanswered).toMatchObject({
      promise: expect.any(String),
      total: 1,
      people: [{ name: 'Applicant 0', waitingSince: '2026-12-01T09:00:00.000Z' }],
    });
    expect(today.calls.map((call: { reference: string }) => call.reference)).toEqual(['CALL-TOMORROW']);
    expect(today.tasks.map((task: { title: string }) => task.title)).toEqual(['Ring back']);
  });
});
