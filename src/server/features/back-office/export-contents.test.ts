import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countByStatus } from '#server/mail/outbox.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post } from '#tests/support/enquiries.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

// What a subject access request hands over beyond the person's own records: who at the firm touched
// them (the adviser of each call, the author of each note and stage change), how each email fared, the
// records tied to them by an internet address stored with their email, and where their data sits
// outside the database (email files in MAIL_DIR, the adviser's diary).

describeEachDatabase('a data-protection export', (database) => {
  let site: TestApp;
  let owner: { cookies: string; token: string };
  const api = () => backOfficeClient(site, owner);
  /** A sign-in throttle row with `failures` counted under `key`, as the sign-in throttle writes one. */
  const throttle = (key: string, failures: number) =>
    site.db
      .insertInto('sign_in_throttles')
      .values({
        key,
        failures,
        last_failure_at: new Date().toISOString(),
        window_started_at: new Date().toISOString(),
        blocked_until: null,
        proof_required_until: null,
        notified_at: null,
      })
      .execute();

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    owner = await signedInStaff(site, 'olive@fenwickhale.test', 'owner');
  });
  afterAll(async () => site?.close());

  it('names the call’s adviser and diary entry, notes’ and stages’ authors, emails’ tries and errors, mail files and the records tied by IP that name no one else', async () => {
    await signedInStaff(site, 'ann@fenwickhale.test', 'staff');
    expect(
      (await api().send('/advisers', { email: 'ann@fenwickhale.test', displayName: 'Ann Fenwick' })).status,
    ).toBe(201);
    const email = 'nell.export@example.test';
    expect((await post(site, '/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(201);
    const { date, slots } = await firstBookableDate(site.url);
    expect((await postBooking(site.url, buildBookCallPayload(date, slots[0] as never, email))).status).toBe(
      201,
    );
    const { reference } = await site.db
      .selectFrom('enquiries')
      .select('reference')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect((await api().send(`/enquiries/${reference}/notes`, { text: 'Rang back' })).status).toBe(201);
    expect((await api().send(`/enquiries/${reference}/stage`, { stage: 'contacted' })).status).toBe(200);
    await waitUntil(async () => (await countByStatus(site.db)).pending === 0);
    // One acknowledgement was refused once before it went.
    await site.db
      .updateTable('outbox_messages')
      .set({ attempts: 2, last_error: '451 try again later' })
      .where('kind', '=', 'contact-acknowledgement')
      .execute();
    // A sign-in throttle on the network address the enquiry came from (the staff sign-ins above came from
    // it too, and their audit entries say so).
    const { ip_address: ip } = await site.db
      .selectFrom('enquiries')
      .select('ip_address')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await throttle(`ip:${ip}`, 2);

    // Someone at that address failed to sign in with an address that has no account.
    await site.db
      .insertInto('audit_log')
      .values({
        user_id: null,
        action: 'sign-in.failed',
        subject: '(no account)',
        detail: JSON.stringify({ ipAddress: ip }),
        created_at: new Date().toISOString(),
        kind: 'sign-in',
      })
      .execute();
    // Another account's throttle from the same address is that account's.
    await throttle(`account:ann@fenwickhale.test ip:${ip}`, 1);

    const answer = await api().send('/data-protection/export', { email });
    expect(answer.status).toBe(200);
    const exported = await answer.json();

    expect(exported.bookings).toEqual([
      expect.objectContaining({
        adviser: 'Ann Fenwick',
        adviserDiary: 'an invitation emailed to the adviser, in their diary',
      }),
    ]);
    expect(
      exported.leadEvents.map((event: { event: string; author: string | null }) => [
        event.event,
        event.author,
      ]),
    ).toEqual([
      ['note', 'olive@fenwickhale.test'],
      // The enquiry and the call booked after it are one opportunity: moving it moved both.
      ['stage', 'olive@fenwickhale.test'],
      ['stage', 'olive@fenwickhale.test'],
    ]);
    expect(exported.emails).toContainEqual(
      expect.objectContaining({
        kind: 'contact-acknowledgement',
        attempts: 2,
        lastError: '451 try again later',
      }),
    );
    const filesNaming = readdirSync(site.config.mailDir).filter((name) =>
      readFileSync(path.join(site.config.mailDir, name), 'latin1').includes(email),
    );
    expect(filesNaming.length).toBeGreaterThan(0);
    expect([...exported.mailFiles].sort()).toEqual(filesNaming.sort());
    // Where the visitor came from with each lead: sent without the source fields, so direct.
    expect(
      exported.leadSources.map((source: { lead_kind: string; channel: string }) => source.lead_kind),
    ).toEqual(expect.arrayContaining(['enquiry']));
    expect(exported.leadSources.every((source: { channel: string }) => source.channel === 'Direct')).toBe(
      true,
    );
    expect(exported.recordsByIpAddress.ipAddresses).toEqual([ip]);
    expect(exported.recordsByIpAddress.signInThrottles).toEqual([
      expect.objectContaining({ key: `ip:${ip}` }),
    ]);
    // Only what names this person or nobody: the staff signed in from the same address, and their
    // entries are theirs, not the person's to be handed.
    expect(exported.recordsByIpAddress.auditEntries).toEqual([
      expect.objectContaining({
        action: 'sign-in.failed',
        subject: '(no account)',
        detail: { ipAddress: ip },
      }),
    ]);
    expect(JSON.stringify(exported.recordsByIpAddress)).not.toMatch(/olive@|ann@/);
  });
});
