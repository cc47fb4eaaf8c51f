import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '#server/features/accounts/index.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import { countByStatus } from '#server/mail/outbox.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { buildBookCallPayload } from '#shared/booking.ts';
import { sha512Hex } from '#shared/password.ts';
import { insertAcceptedProposal } from '#tests/support/accepted-proposals.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { validApplication } from '#tests/support/applications.ts';
import { firstBookableDate, postBooking } from '#tests/support/booking.ts';
import { columnsHolding, rawFilesHolding } from '#tests/support/database-search.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { contact, post, quote } from '#tests/support/enquiries.ts';
import { refuseAuditEntries } from '#tests/support/failing-audit.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { backOfficeClient, formToken, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { exportPersonalData } from './data-protection.ts';

const api = '/api/back-office';

describeEachDatabase('erasing a person', (database) => {
  let site: TestApp;
  let staff: { cookies: string; token: string };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    staff = await signedInStaff(site, 'gwen@fenwickhale.test');
  });
  afterAll(async () => site?.close());

  const send = (path: string, body: unknown) => backOfficeClient(site, staff).send(path, body);
  const read = (path: string) => backOfficeClient(site, staff).json(path);
  const allSent = () => waitUntil(async () => (await countByStatus(site.db)).pending === 0);

  /** The cancel link in a booking confirmation, read from the mail folder (the test site has no SMTP). */
  async function cancelLinkSentTo(email: string) {
    for (const file of readdirSync(site.config.mailDir)) {
      const mail = await PostalMime.parse(readFileSync(path.join(site.config.mailDir, file)));
      const link = mail.text?.match(/http\S+\/bookings\/cancel\?token=[\w-]+/)?.[0];
      if (link && mail.to?.some((to) => to.address?.toLowerCase() === email.toLowerCase())) return link;
    }
    throw new Error(`No cancel link was sent to ${email}`);
  }

  /** Where the person's name, address and phone number are still held: tables, and SQLite's own files. */
  async function copiesOf(needles: string[]) {
    return {
      columns: await columnsHolding(site.db, needles),
      files: database === 'sqlite' ? rawFilesHolding(site.databaseUrl, needles) : [],
    };
  }

  it('leaves no copy of their name, address or phone number: leads, notes, subscription, staff notices sent or waiting', async () => {
    const name = 'Rowena Quill';
    const email = 'Rowena_Quill@Example.test';
    const phone = '07700 900456';
    const typed = { ...contact(email), name, phone, optin: true, recToken: 'none' };
    expect((await post(site, '/contact-us-send', typed)).status).toBe(201);
    const { date, slots } = await firstBookableDate(site.url);
    const slot = slots[0] as (typeof slots)[number];
    expect((await postBooking(site.url, buildBookCallPayload(date, slot, email))).status).toBe(201);
    const application = { ...validApplication, emailAddress: email, yourName: name };
    expect((await post(site, '/forms/application-form', application)).status).toBe(201);
    const [enquiry] = await site.db
      .selectFrom('enquiries')
      .select('reference')
      .where('name', '=', name)
      .execute();
    await send(`/enquiries/${enquiry?.reference}/notes`, { text: `Rang ${name} on ${phone}` });
    await allSent(); // these staff notices are sent: their subjects name the person
    const cancelLink = await cancelLinkSentTo(email);
    expect((await fetch(cancelLink)).status).toBe(200);
    await site.outbox.stop();
    // This one waits to be sent, with the person's details in its body.
    expect((await post(site, '/show-contact-send', { ...quote(email), name, recToken: 'none' })).status).toBe(
      201,
    );

    const needles = [name, email, phone];
    expect(await copiesOf(needles)).not.toEqual({ columns: [], files: [] });
    if (database === 'sqlite') expect(rawFilesHolding(site.databaseUrl, needles)).toEqual(needles);
    const exported = await (await send('/data-protection/export', { email })).json();
    expect(exported.emails.map((mail: { subject: string }) => mail.subject)).toEqual(
      expect.arrayContaining([
        `New contact enquiry: ${name} (Dentist)`,
        `New application: ${name}, ${validApplication.businessName}`,
      ]),
    );
    expect(exported.emails.find((mail: { status: string }) => mail.status === 'pending').text).toContain(
      name,
    );

    const erased = await send('/data-protection/erase', { email: email.toLowerCase() });
    expect(erased.status).toBe(200);
    expect((await erased.json()).erased).toMatchObject({
      enquiries: 2,
      applications: 1,
      bookings: 1,
      notes: 1,
    });
    site.outbox.start();

    expect(await copiesOf(needles)).toEqual({ columns: [], files: [] });
    // The old confirmation's cancel link no longer shows when the call was.
    const cancelPage = await fetch(cancelLink);
    expect(cancelPage.status).toBe(404);
    expect(await cancelPage.text()).toContain('We do not recognise this link');
  });

  it('closes a staff account with the address: signed out, its links and throttles gone, its audit entries kept under a pseudonym', async () => {
    const email = 'hal.leaving@fenwickhale.test';
    expect((await send('/staff', { name: email.split('@')[0], email })).status).toBe(201);
    await choosePassword(email, 'Correct1');
    const hal = await signIn(email, 'Correct1');
    const reset = await sendTo(site, `/send-reset-password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ emailAddress: email }),
    });
    expect(reset.status).toBe(200);
    // The link is made after the answer.
    await waitUntil(async () => {
      const links = await site.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('kind', '=', 'password-reset-link')
        .where('recipient', '=', email)
        .execute();
      return links.length === 1;
    });
    await signIn(email, 'Wrong123'); // a failed sign-in keeps a throttle row keyed by the address
    await allSent();
    expect((await send('/data-protection/export', { email })).status).toBe(200);
    const before = await exportPersonalData(site.db, leadRegistry(), email, new Date());
    expect(before.staffAccount).toMatchObject({
      email,
      status: 'active',
      sessions: [{}],
      passwordLinks: [{}, {}],
    });
    expect(before.signInThrottles.map((row) => row.key)).toContain(`account:${email}`);
    expect(before.auditEntries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['staff.invited', 'data.exported']),
    );

    const erased = await send('/data-protection/erase', { email });
    const counts = (await erased.json()).erased;
    expect(counts).toMatchObject({ staffAccounts: 1, sessions: 1 });
    expect(counts.signInThrottles).toBeGreaterThanOrEqual(1);
    expect((await sendTo(site, `${api}/me`, { headers: { cookie: hal.cookies } })).status).toBe(401);
    expect(await copiesOf([email])).toEqual({ columns: [], files: [] });

    const audit = (await read('/audit-log')).items;
    const pseudonym = audit[0].subject;
    expect(audit[0]).toMatchObject({ action: 'data.erased', by: 'gwen@fenwickhale.test' });
    expect(pseudonym).toMatch(/^\(erased [\w-]{12}\)$/);
    const underPseudonym = audit.filter((entry: { subject: string }) => entry.subject === pseudonym);
    expect(underPseudonym.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['data.erased', 'data.exported', 'staff.invited']),
    );
    const staffList = await read('/staff');
    expect(staffList).toContainEqual(expect.objectContaining({ email: pseudonym, status: 'disabled' }));
  });

  it('forgets a proposal never accepted, and keeps a client who accepted one, with what they signed', async () => {
    const client = 'signed.client@example.test';
    const prospect = 'only.asked@example.test';
    for (const email of [client, prospect]) {
      expect((await post(site, '/show-contact-send', { ...quote(email), recToken: 'none' })).status).toBe(
        201,
      );
    }
    await allSent();
    const { proposalId } = await insertAcceptedProposal(site.db, { email: client });
    const { proposalId: declined } = await insertAcceptedProposal(site.db, { email: prospect });
    await site.db.updateTable('proposals').set({ status: 'declined' }).where('id', '=', declined).execute();
    await site.db.deleteFrom('proposal_acceptances').where('proposal_id', '=', declined).execute();

    for (const email of [client, prospect]) {
      expect((await send('/data-protection/erase', { email })).status).toBe(200);
    }
    const people = await site.db
      .selectFrom('people')
      .select('email')
      .where('email', 'in', [client, prospect])
      .execute();
    expect(people.map((person) => person.email)).toEqual([client]);
    const proposals = await site.db.selectFrom('proposals').select('id').execute();
    expect(proposals.map((proposal) => proposal.id)).toContain(proposalId);
    expect(proposals.map((proposal) => proposal.id)).not.toContain(declined);
    // Their quote request is erased all the same.
    expect(await columnsHolding(site.db, [prospect])).toEqual([]);
    expect((await columnsHolding(site.db, [client])).map((column) => column.split('.')[0])).not.toContain(
      'enquiries',
    );
  });

  it('refuses to erase your own address', async () => {
    const own = await send('/data-protection/erase', { email: 'Gwen@Fenwickhale.test' });
    expect(own.status).toBe(422);
    expect((await own.json()).errorMessages).toEqual([backOfficeMessages.notYourselfErased]);
  });

  it('changes nothing, and hands out nothing, when its audit entry cannot be written', async () => {
    const email = 'kept.safe@example.test';
    expect((await post(site, '/contact-us-send', { ...contact(email), recToken: 'none' })).status).toBe(201);
    await allSent();
    const before = await exportPersonalData(site.db, leadRegistry(), email, new Date());
    await refuseAuditEntries(site, true);
    try {
      expect((await send('/data-protection/erase', { email })).status).toBe(500);
      expect((await send('/data-protection/export', { email })).status).toBe(500);
    } finally {
      await refuseAuditEntries(site, false);
    }
    const after = await exportPersonalData(site.db, leadRegistry(), email, new Date());
    expect({ ...after, exportedAt: null }).toEqual({ ...before, exportedAt: null });
    expect(after.enquiries).toMatchObject([{ email, name: 'Amira Shah' }]);
  });

  /** Gives an invited member of staff a password, as following their invitation would. */
  async function choosePassword(email: string, password: string) {
    await site.db
      .updateTable('users')
      .set({
        password_hash: await hashPassword(await sha512Hex(password)),
        password_changed_at: new Date().toISOString(),
      })
      .where('email', '=', email)
      .execute();
  }

  async function signIn(email: string, password: string) {
    const { cookie, token } = await formToken(site);
    const response = await sendTo(site, `/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url, cookie },
      body: new URLSearchParams({ emailAddress: email, p: await sha512Hex(password), formToken: token }),
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith('session='));
    return { cookies: `${cookie}; ${session?.split(';')[0] ?? ''}`, token };
  }
});
