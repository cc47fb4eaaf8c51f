import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { derivedToken, hashToken } from '#server/tokens.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { proposalStaffMessages as say } from '#shared/proposal-staff.ts';
import { defaultProposalSettings, type ProposalDraft, proposalMessages } from '#shared/proposals.ts';
import { paragraph } from '#shared/rich-text.ts';
import { starterPriceList } from '#shared/starter-price-list.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { post, quote } from '#tests/support/enquiries.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

/** Bookkeeping at £100 a month instead of the list's, with why; year-end accounts; payroll as an extra. */
const draft = (fee: number | undefined, reason?: string): ProposalDraft => ({
  addressedTo: 'Shah Dental Care',
  answers: { entity: 'limited-company', turnover: 'over-250k', transactions: 150, payslips: 6 },
  services: [
    {
      key: 'bookkeeping',
      optional: false,
      ...(fee !== undefined && { fee }),
      ...(reason !== undefined && { reason }),
    },
    { key: 'year-end-accounts', optional: false },
    { key: 'payroll', optional: true },
  ],
  message: [paragraph('Thank you for your time on the phone.')],
});

describeEachDatabase('proposals, the firm’s side', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;
  let personId: number;
  let quoteReference: string;
  const lines: string[] = [];

  beforeAll(async () => {
    site = await startTestApp({
      database,
      env: { RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
    expect(
      (await post(site, '/show-contact-send', { ...quote('amira@example.test'), recToken: 'none' })).status,
    ).toBe(201);
    const enquiry = await site.db
      .selectFrom('enquiries')
      .select(['reference', 'person_id'])
      .executeTakeFirstOrThrow();
    personId = enquiry.person_id as number;
    quoteReference = enquiry.reference;
  });
  afterAll(async () => site?.close());

  const answer = async (response: Response) => {
    const body = await response.json();
    return [response.status, body.errorMessages?.length ? body.errorMessages : body.infoMessages];
  };

  it('drafts a proposal from a quote request with a fee changed for a reason kept for staff, and sends it with its link', async () => {
    const made = await staff.send(`/people/${personId}/proposals`, {
      draft: draft(10_000, 'Agreed on the phone: a year’s commitment'),
      quoteRequest: quoteReference,
    });
    expect(made.status).toBe(201);
    const { id, reference } = await made.json();
    expect(reference).toMatch(/^[A-Z]+-P[2-9A-Z]{2}-[2-9A-Z]{3}$/);

    const detail = await staff.json(`/proposals/${id}`);
    expect(detail).toMatchObject({
      status: 'draft',
      priceListVersion: null,
      enquiryId: expect.any(Number),
      person: { id: personId, email: 'amira@example.test' },
    });
    // The list's bookkeeping is £90 and 50p a transaction above 100: £115; staff charge £100, saying why.
    expect(
      detail.document.lines.map((l: Record<string, unknown>) => [
        l.key,
        l.priced,
        l.fee,
        l.vat,
        l.reason,
        l.optional,
      ]),
    ).toEqual([
      ['bookkeeping', 11_500, 10_000, 2_000, 'Agreed on the phone: a year’s commitment', false],
      ['year-end-accounts', 140_000, 140_000, 28_000, null, false],
      ['payroll', 6_100, 6_100, 1_220, null, true],
    ]);
    expect(await staff.json(`/people/${personId}/proposals`)).toEqual([
      {
        id,
        reference,
        status: 'draft',
        createdAt: expect.any(String),
        sentAt: null,
        expiresAt: null,
        totals: {
          monthly: { fee: 10_000, vat: 2_000 },
          annually: { fee: 140_000, vat: 28_000 },
          once: { fee: 0, vat: 0 },
        },
        replaces: null,
      },
    ]);

    expect(await answer(await staff.send(`/proposals/${id}/send`))).toEqual([200, [say.sent]]);
    const row = await site.db
      .selectFrom('proposals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    const sentAt = row.sent_at as string;
    expect(new Date(row.expires_at as string).getTime() - new Date(sentAt).getTime()).toBe(
      defaultProposalSettings.expiryDays * 86_400_000,
    );
    const token = derivedToken(site.config.sessionSecret, 'proposal-link', `${reference}:${sentAt}`);
    expect(row.token_hash).toBe(hashToken(token));

    const mailed = async () =>
      Promise.all(
        readdirSync(site.config.mailDir).map((file) =>
          PostalMime.parse(readFileSync(path.join(site.config.mailDir, file))),
        ),
      );
    let email: Awaited<ReturnType<typeof mailed>>[number] | undefined;
    await waitUntil(
      async () => {
        email = (await mailed()).find((m) => m.subject?.includes(reference));
        return email !== undefined;
      },
      { what: () => 'the proposal’s email' },
    );
    expect(email?.to?.map((to) => to.address)).toEqual(['amira@example.test']);
    expect(email?.subject).toBe(`Your proposal from Fenwick & Hale (${reference})`);
    expect(email?.text).toContain(
      `Read your proposal: ${site.config.publicUrl.origin}/proposal?token=${token}`,
    );
    expect(email?.text).toContain('Thank you for your time on the phone.');
    // The reason for the fee is the firm's own: never in what the client gets.
    expect(email?.text).not.toContain('Agreed on the phone');
    // The link works as a password: no log line holds it.
    expect(lines.filter((line) => line.includes(token))).toEqual([]);

    const person = await staff.json(`/people/${personId}`);
    expect(
      person.timeline
        .filter((entry: { what: string }) => entry.what === 'proposal')
        .map((entry: { detail: string }) => entry.detail),
    ).toEqual([`Proposal ${reference} sent`, `Proposal ${reference} drafted`]);
  });

  it('refuses a changed fee without its reason, a sent proposal changed or deleted, and a draft priced from an older price list', async () => {
    expect(await answer(await staff.send(`/people/${personId}/proposals`, { draft: draft(10_000) }))).toEqual(
      [422, [proposalMessages.reasonNeeded]],
    );
    const sent = (await staff.json(`/people/${personId}/proposals`))[0];
    expect(
      await answer(await staff.send(`/proposals/${sent.id}`, { draft: draft(undefined) }, 'PUT')),
    ).toEqual([409, [say.notDraft]]);
    expect(await answer(await staff.send(`/proposals/${sent.id}/send`))).toEqual([409, [say.notDraft]]);
    expect(await answer(await staff.send(`/proposals/${sent.id}`, undefined, 'DELETE'))).toEqual([
      409,
      [say.onlyDraftDeleted],
    ]);

    const made = await (
      await staff.send(`/people/${personId}/proposals`, { draft: draft(undefined) })
    ).json();
    // An owner saves a dearer price list after the draft was priced.
    const dearer = structuredClone(starterPriceList);
    const bookkeeping = dearer.services.find((service) => service.key === 'bookkeeping');
    if (bookkeeping) bookkeeping.base = 12_500;
    expect((await owner.send('/price-list', { basedOn: null, priceList: dearer }, 'PUT')).status).toBe(200);
    expect(await answer(await staff.send(`/proposals/${made.id}/send`))).toEqual([409, [say.priceListMoved]]);
    expect((await staff.json(`/proposals/${made.id}`)).status).toBe('draft');

    // Saved again, it is priced from today's list, and goes.
    expect(
      await answer(await staff.send(`/proposals/${made.id}`, { draft: draft(undefined) }, 'PUT')),
    ).toEqual([200, [say.saved]]);
    const repriced = await staff.json(`/proposals/${made.id}`);
    expect(repriced.priceListVersion).toBe(repriced.currentPriceListVersion);
    expect(repriced.document.lines[0]).toMatchObject({ key: 'bookkeeping', priced: 15_000, fee: 15_000 });
    expect(await answer(await staff.send(`/proposals/${made.id}/send`))).toEqual([200, [say.sent]]);
  });

  it('sends a new version in place of a sent proposal, withdrawing it; withdraws one; deletes a draft', async () => {
    const [latest, first] = await staff.json(`/people/${personId}/proposals`);
    const copied = await staff.send(`/proposals/${first.id}/new-version`);
    expect(copied.status).toBe(201);
    const version = await copied.json();
    expect(version.infoMessages).toEqual([say.newVersion]);
    const copy = await staff.json(`/proposals/${version.id}`);
    expect(copy).toMatchObject({ status: 'draft', replaces: first.reference });
    // Re-priced from today's list, keeping the fee staff changed and its reason.
    expect(copy.document.lines[0]).toMatchObject({ priced: 15_000, fee: 10_000, reason: expect.any(String) });

    expect(await answer(await staff.send(`/proposals/${version.id}/send`))).toEqual([200, [say.sent]]);
    expect((await staff.json(`/proposals/${first.id}`)).status).toBe('withdrawn');
    const gone = await site.db
      .selectFrom('proposals')
      .select('status')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(gone.status).toBe('withdrawn');

    expect(await answer(await staff.send(`/proposals/${latest.id}/withdraw`))).toEqual([
      200,
      [say.withdrawn],
    ]);
    expect(await answer(await staff.send(`/proposals/${latest.id}/withdraw`))).toEqual([409, [say.notOpen]]);

    const doomed = await (
      await staff.send(`/people/${personId}/proposals`, { draft: draft(undefined) })
    ).json();
    expect(await answer(await staff.send(`/proposals/${doomed.id}`, undefined, 'DELETE'))).toEqual([
      200,
      [say.deleted],
    ]);
    expect(await answer(await staff.get(`/proposals/${doomed.id}`))).toEqual([404, [say.notFound]]);

    const timeline = (await staff.json(`/people/${personId}`)).timeline
      .filter((entry: { what: string }) => entry.what === 'proposal')
      .map((entry: { detail: string }) => entry.detail);
    expect(timeline).toContain(`Proposal ${first.reference} withdrawn`);
    expect(timeline).toContain(`Proposal ${latest.reference} withdrawn`);

    // A new version waiting while the client accepts the one it replaces is never sent: one signature.
    const original = await (
      await staff.send(`/people/${personId}/proposals`, { draft: draft(undefined) })
    ).json();
    expect((await staff.send(`/proposals/${original.id}/send`)).status).toBe(200);
    const waiting = await (await staff.send(`/proposals/${original.id}/new-version`)).json();
    await site.db
      .updateTable('proposals')
      .set({ status: 'accepted' })
      .where('id', '=', original.id)
      .execute();
    expect(await answer(await staff.send(`/proposals/${waiting.id}/send`))).toEqual([
      409,
      [say.originalAccepted],
    ]);
    expect((await staff.json(`/proposals/${original.id}`)).status).toBe('accepted');
    expect((await staff.json(`/proposals/${waiting.id}`)).status).toBe('draft');
  });

  it('lists on a person’s page the proposals of a record merged into theirs', async () => {
    expect(
      (await post(site, '/show-contact-send', { ...quote('amira.work@example.test'), recToken: 'none' }))
        .status,
    ).toBe(201);
    const other = (
      await site.db
        .selectFrom('people')
        .select('id')
        .where('email_key', '=', 'amira.work@example.test')
        .executeTakeFirstOrThrow()
    ).id;
    const made = await (await staff.send(`/people/${other}/proposals`, { draft: draft(undefined) })).json();
    expect((await staff.send(`/people/${personId}/merge`, { other })).status).toBe(200);
    const listed = (await staff.json(`/people/${personId}/proposals`)).map(
      (proposal: { reference: string }) => proposal.reference,
    );
    expect(listed[0]).toBe(made.reference);
    // A merged record takes no new proposal: the one it joined does.
    expect(await answer(await staff.send(`/people/${other}/proposals`, { draft: draft(undefined) }))).toEqual(
      [404, [say.noPerson]],
    );
  });

  it('lets any member of staff read the reminder settings and only an owner change them; refuses the signed-out', async () => {
    expect(await staff.json('/proposal-settings')).toEqual(defaultProposalSettings);
    const chosen = { reminderDays: 5, reminders: 1, expiryDays: 14 };
    expect(await answer(await staff.send('/proposal-settings', chosen, 'PUT'))).toEqual([
      403,
      [backOfficeMessages.ownersOnly],
    ]);
    expect(await answer(await owner.send('/proposal-settings', { ...chosen, reminders: 9 }, 'PUT'))).toEqual([
      422,
      [say.settingsOutOfRange],
    ]);
    expect(await answer(await owner.send('/proposal-settings', chosen, 'PUT'))).toEqual([
      200,
      [say.settingsSaved],
    ]);
    expect(await staff.json('/proposal-settings')).toEqual(chosen);

    for (const [method, where] of [
      ['GET', `/people/${personId}/proposals`],
      ['POST', `/people/${personId}/proposals`],
      ['GET', '/proposals/1'],
      ['PUT', '/proposals/1'],
      ['DELETE', '/proposals/1'],
      ['POST', '/proposals/1/send'],
      ['POST', '/proposals/1/withdraw'],
      ['POST', '/proposals/1/new-version'],
      ['GET', '/proposal-settings'],
    ] as const) {
      const refused = await send(site, `/api/back-office${where}`, {
        method,
        headers: { origin: site.url, 'content-type': 'application/json' },
        ...(method !== 'GET' && { body: '{}' }),
      });
      expect([method, where, refused.status]).toEqual([method, where, 401]);
    }
  });
});
