import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteFirmNow } from '#server/features/firm/index.ts';
import { paragraph } from '#shared/rich-text.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { post, quote } from '#tests/support/enquiries.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { sendProposalReminders } from './reminders.ts';

const dayMs = 86_400_000;

describeEachDatabase('proposals chased and expired with time', (database) => {
  let site: TestApp;
  let smtp: TestSmtpServer;
  const startedAt = Date.now();
  let at = new Date(startedAt);
  let reference: string;
  let link: string;

  /** One pass of the job, `days` after the proposal was sent. */
  const passAfter = async (days: number) => {
    at = new Date(startedAt + days * dayMs);
    const handled = await sendProposalReminders(site.db, {
      now: at,
      firm: siteFirmNow(site.app.deps.services.firm),
      secret: site.config.sessionSecret,
      publicUrl: site.config.publicUrl,
    });
    site.outbox.kick();
    return handled;
  };

  const mailAbout = () => smtp.messages.filter((mail) => mail.parsed.subject?.includes(reference));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', SMTP_URL: smtp.url },
      clock: () => at,
    });
    const owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    const settings = { reminderDays: 3, reminders: 2, expiryDays: 10 };
    expect((await owner.send('/proposal-settings', settings, 'PUT')).status).toBe(200);
    expect(
      (await post(site, '/show-contact-send', { ...quote('amira@example.test'), recToken: 'none' })).status,
    ).toBe(201);
    const person = await site.db.selectFrom('people').select('id').executeTakeFirstOrThrow();
    const draft = {
      addressedTo: 'Amira Shah',
      answers: { transactions: 80 },
      services: [{ key: 'bookkeeping', optional: false }],
      message: [paragraph('As we discussed.')],
    };
    const made = await (await owner.send(`/people/${person.id}/proposals`, { draft })).json();
    reference = made.reference;
    expect((await owner.send(`/proposals/${made.id}/send`)).status).toBe(200);
    const sent = await smtp.waitFor((mail) => mail.parsed.subject?.includes(reference) ?? false);
    link = sent.parsed.text?.match(/http\S+\/proposal\?token=[\w-]+/)?.[0] ?? '';
    expect(link).not.toBe('');
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  it('reminds the client with the same link after the owner’s days, as many times as the owner chose, then expires it', async () => {
    expect(await passAfter(2)).toBe(0);

    expect(await passAfter(3)).toBe(1);
    const first = await smtp.waitFor((mail) => mail.parsed.subject?.startsWith('Reminder:') ?? false);
    expect(first.to).toEqual(['amira@example.test']);
    expect(first.parsed.subject).toBe(`Reminder: your proposal from Fenwick & Hale (${reference})`);
    expect(first.parsed.text).toContain(`Read your proposal: ${link}`);
    // Claimed once: a second pass at the same moment sends nothing more.
    expect(await passAfter(3)).toBe(0);

    expect(await passAfter(5)).toBe(0);
    expect(await passAfter(6)).toBe(1);
    await smtp.waitFor(
      () => mailAbout().filter((mail) => mail.parsed.subject?.startsWith('Reminder:')).length === 2,
    );
    // Two reminders were the owner's choice: no third.
    expect(await passAfter(9.5)).toBe(0);

    expect(await passAfter(10)).toBe(1);
    const row = await site.db
      .selectFrom('proposals')
      .select(['id', 'status', 'reminders', 'person_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect([row.status, row.reminders]).toEqual(['expired', 2]);
    const events = await site.db
      .selectFrom('person_events')
      .select(['detail', 'user_id'])
      .where('person_id', '=', row.person_id)
      .where('event', '=', 'proposal')
      .orderBy('id')
      .execute();
    expect(events.map((event) => JSON.parse(event.detail))).toEqual([
      { words: `Proposal ${reference} drafted`, proposal: row.id, status: 'draft' },
      { words: `Proposal ${reference} sent`, proposal: row.id, status: 'sent' },
      { words: `Proposal ${reference} expired unanswered`, proposal: row.id, status: 'expired' },
    ]);
    expect(events.at(-1)?.user_id).toBeNull();
    // Expired, it is neither chased nor withdrawn.
    expect(await passAfter(13)).toBe(0);
    expect(mailAbout().length).toBe(3);
  });
});
