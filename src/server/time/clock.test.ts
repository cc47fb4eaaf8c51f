import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendContactEnquiry } from '#shared/api/enquiries.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

// The app reads the time from the one clock it is given: with a clock stopped at a moment, everything it
// stamps carries that moment, whatever the machine's time.
const stopped = new Date('2031-05-06T10:00:00.000Z');
const at = stopped.toISOString();

describeEachDatabase('the one clock', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({ database, clock: () => stopped });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => site?.close());

  it('stamps a lead, its emails, a staff note, an audit entry and a download with the clock’s time', async () => {
    const client = backOfficeClient(site, staff);
    const sent = await post(site, sendContactEnquiry.path, {
      ...contact('ann@example.com'),
      recToken: 'none',
    });
    expect(sent.status).toBe(201);
    const [lead] = (await client.json('/contact-enquiries')).items;
    expect(lead.createdAt).toBe(at);

    const noted = await (
      await client.send(`/enquiries/${lead.reference}/notes`, { text: 'Rang back' })
    ).json();
    // The acknowledgement queued with the enquiry, and the note.
    expect(noted.timeline).toHaveLength(2);
    expect(noted.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: 'email', at }),
        expect.objectContaining({ what: 'note', at }),
      ]),
    );

    expect((await client.send('/blocked-dates', { date: '2031-06-01' })).status).toBe(201);
    const [entry] = (await client.json('/audit-log')).items;
    expect(entry).toMatchObject({ action: 'blocked-date.added', at });

    const csv = await client.get('/contact-enquiries.csv');
    expect(csv.headers.get('content-disposition')).toContain('contact-enquiries-2031-05-06.csv');
    expect((await client.json('/summary')).leads).toContainEqual(
      expect.objectContaining({ label: 'Contact enquiries', total: 1, newest: at }),
    );

    // The mail worker marks what it sent by the same clock.
    const sentAt = () => site.db.selectFrom('outbox_messages').select(['status', 'sent_at']).execute();
    await waitUntil(async () => (await sentAt()).every((row) => row.status === 'sent'));
    expect(new Set((await sentAt()).map((row) => row.sent_at))).toEqual(new Set([at]));
  });
});
