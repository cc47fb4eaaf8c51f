import { afterAll, beforeAll, expect, it } from 'vitest';
import { proposalStaffMessages as say } from '#shared/proposal-staff.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { type SentProposal, sentProposal } from '#tests/support/proposals.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

// What the back office shows of a client's answer: who signed, when, what they took, the letter kept;
// or why they declined.

describeEachDatabase('a proposal’s answer, as the firm reads it', (database) => {
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;
  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
  });
  afterAll(async () => site?.close());

  /** The client's form as their page posts it (client-routes.test.ts). */
  const answer = (path: string, fields: [string, string][]) =>
    send(site, path, {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html', origin: 'null', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields),
    });
  const accept = (proposal: SentProposal, extras: string[]) =>
    answer('/proposal/accept', [
      ['token', proposal.token],
      ['fullName', 'Alex Hollins'],
      ['agree', 'yes'],
      ['terms', 'starter'],
      ...extras.map((key): [string, string] => ['extras', key]),
    ]);
  const refusal = async (response: Response) => [response.status, (await response.json()).errorMessages];

  it('shows who signed an accepted proposal, when, the extras they ticked and the totals of what they took', async () => {
    const proposal = await sentProposal(site.db);
    expect((await accept(proposal, ['payroll'])).status).toBe(303);
    const { accepted_at } = await site.db
      .selectFrom('proposal_acceptances')
      .select('accepted_at')
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    // Bookkeeping £115.00 and payroll £49.00 a month; year-end accounts £900.00 a year; no advisory.
    const totals = {
      monthly: { fee: 16_400, vat: 3_280 },
      annually: { fee: 90_000, vat: 18_000 },
      once: { fee: 0, vat: 0 },
    };
    expect(await staff.json(`/proposals/${proposal.id}`)).toMatchObject({
      status: 'accepted',
      totals,
      acceptance: { signedName: 'Alex Hollins', acceptedAt: accepted_at, extras: ['payroll'], letter: true },
      declineReason: null,
    });
    const [listed] = await staff.json(`/people/${proposal.personId}/proposals`);
    expect([listed.status, listed.totals]).toEqual(['accepted', totals]);
  });

  it('downloads the engagement letter as kept, to staff only; says so when there is none', async () => {
    const proposal = await sentProposal(site.db);
    expect((await accept(proposal, [])).status).toBe(303);
    const kept = await site.db
      .selectFrom('engagement_letters')
      .select('pdf')
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    const letter = await staff.get(`/proposals/${proposal.id}/letter.pdf`);
    expect(letter.status).toBe(200);
    expect([
      letter.headers.get('content-type'),
      letter.headers.get('content-disposition'),
      letter.headers.get('cache-control'),
    ]).toEqual([
      'application/pdf',
      `attachment; filename="engagement-letter-${proposal.reference}.pdf"`,
      'no-store',
    ]);
    expect(Buffer.from(await letter.arrayBuffer()).equals(Buffer.from(kept.pdf))).toBe(true);

    const unanswered = await sentProposal(site.db);
    expect(await refusal(await staff.get(`/proposals/${unanswered.id}/letter.pdf`))).toEqual([
      404,
      [say.noLetter],
    ]);
    expect(await refusal(await staff.get('/proposals/999999/letter.pdf'))).toEqual([404, [say.notFound]]);
    const signedOut = await send(site, `/api/back-office/proposals/${proposal.id}/letter.pdf`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('content-type')).not.toContain('pdf');
  });

  it('shows the client’s reason for declining', async () => {
    const proposal = await sentProposal(site.db);
    const reason = 'We are staying with our current accountant.';
    expect(
      (
        await answer('/proposal/decline', [
          ['token', proposal.token],
          ['reason', reason],
        ])
      ).status,
    ).toBe(303);
    expect(await staff.json(`/proposals/${proposal.id}`)).toMatchObject({
      status: 'declined',
      acceptance: null,
      declineReason: reason,
    });
  });
});
