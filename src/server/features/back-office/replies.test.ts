import { afterAll, beforeAll, expect, it } from 'vitest';
import { backOfficeMessages } from '#shared/back-office.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('replies from inside and saved replies', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let sol: ReturnType<typeof backOfficeClient>;
  let personId: number;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000', CAPTCHA_PROVIDER: 'none' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'gwen@fenwickhale.test'));
    sol = backOfficeClient(site, await signedInStaff(site, 'sol@fenwickhale.test', 'staff'));
    await sol.send('/me/name', { name: 'Sol Adeyemi' });
    expect(
      (await post(site, '/contact-us-send', { ...contact('amira@example.test'), recToken: 'none' })).status,
    ).toBe(201);
    const { date, slots } = await firstBookableDate(site.url);
    expect(
      (await postBooking(site.url, buildBookCallPayload(date, slots[0] as never, 'amira@example.test')))
        .status,
    ).toBe(201);
    personId = (await site.db.selectFrom('people').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => site?.close());

  const refusal = async (response: Response) => [response.status, (await response.json()).errorMessages];

  it('lets owners keep saved replies with fields, and staff read them', async () => {
    const wording = {
      title: 'After the call',
      subject: 'Your call with {adviser}',
      body: 'Dear {first name},\n\nThank you for your time on {call date}.',
    };
    expect((await sol.send('/saved-replies', wording)).status).toBe(403);
    expect(await refusal(await owner.send('/saved-replies', { ...wording, title: ' ' }))).toEqual([
      422,
      [backOfficeMessages.savedReplyTitle],
    ]);
    expect(await (await owner.send('/saved-replies', wording)).json()).toMatchObject({
      infoMessages: [backOfficeMessages.savedReplySaved],
    });
    const [saved] = await sol.json('/saved-replies');
    expect(saved).toMatchObject(wording);
    expect(
      (await owner.send('/saved-replies', { ...wording, id: saved.id, title: 'After a call' })).status,
    ).toBe(200);
    expect((await sol.json('/saved-replies'))[0].title).toBe('After a call');
    expect((await owner.send('/saved-replies', { ...wording, id: 99999 })).status).toBe(404);

    expect((await owner.send('/saved-replies', { ...wording, title: 'Spare' })).status).toBe(200);
    const spare = (await sol.json('/saved-replies')).find(
      (reply: { title: string }) => reply.title === 'Spare',
    );
    expect((await sol.send(`/saved-replies/${spare.id}/delete`)).status).toBe(403);
    expect(await (await owner.send(`/saved-replies/${spare.id}/delete`)).json()).toMatchObject({
      infoMessages: [backOfficeMessages.savedReplyDeleted],
    });
    expect((await owner.send(`/saved-replies/${spare.id}/delete`)).status).toBe(404);
  });

  it('sends a reply from the firm’s address with Reply-To the member, kept whole on the person’s timeline', async () => {
    const before = await sol.json(`/people/${personId}`);
    expect(before.nextCall).toMatchObject({
      when: expect.stringMatching(/^\w+day \d+ \w+ \d{4} at \d+:\d{2}[ap]m$/),
    });
    expect(
      await refusal(
        await sol.send(`/people/${personId}/replies`, { subject: 'Hi\r\nBcc: x@y.test', body: 'x' }),
      ),
    ).toEqual([422, ['The subject must be on one line']]);
    expect(
      await refusal(await sol.send(`/people/${personId}/replies`, { subject: 'Hi', body: ' ' })),
    ).toEqual([422, [backOfficeMessages.replyBody]]);
    expect((await sol.send('/people/99999/replies', { subject: 'Hi', body: 'x' })).status).toBe(404);

    const sent = await sol.send(`/people/${personId}/replies`, {
      subject: 'Your enquiry',
      body: 'Dear Amira,\n\nWe can help with payroll.',
    });
    expect([sent.status, (await sent.json()).infoMessages]).toEqual([201, [backOfficeMessages.replySent]]);
    const queued = await site.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'message'])
      .where('kind', '=', 'staff-reply')
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ recipient: 'amira@example.test', subject: 'Your enquiry' });
    const message = JSON.parse(queued.message);
    expect(message.replyTo).toBe('sol@fenwickhale.test');
    expect(message.text).toBe('Dear Amira,\n\nWe can help with payroll.\n\nSol Adeyemi\nFenwick & Hale');

    const after = await owner.json(`/people/${personId}`);
    expect(after.timeline[0]).toMatchObject({
      what: 'reply',
      detail: 'Your enquiry\n\nDear Amira,\n\nWe can help with payroll.',
      by: 'Sol Adeyemi',
    });
    expect(
      after.timeline.filter((entry: { detail: string }) => entry.detail.startsWith('Your enquiry (')),
    ).toEqual([]);
    const { first_reply_at: firstReply } = await site.db
      .selectFrom('people')
      .select('first_reply_at')
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(firstReply).not.toBeNull();

    // A subject access request has it; erasing the address takes it away.
    const exported = await (
      await owner.send('/data-protection/export', { email: 'amira@example.test' })
    ).json();
    expect(exported.person.replies).toMatchObject([{ subject: 'Your enquiry' }]);
    expect((await owner.send('/data-protection/erase', { email: 'amira@example.test' })).status).toBe(200);
    expect(await site.db.selectFrom('replies').selectAll().execute()).toEqual([]);
  });
});
