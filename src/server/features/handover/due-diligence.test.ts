import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditSentence } from '#shared/audit-sentence.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { handoverMessages } from '#shared/handover.ts';
import { insertAcceptedProposal } from '#tests/support/accepted-proposals.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';

describeEachDatabase('client due diligence on a person’s page', (database) => {
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;
  let client: number;
  let colleague: number;
  const filled = {
    verifiedBy: 0,
    verifiedOn: '2026-11-20',
    verifiedAgainst: 'passport seen in person',
    risk: 'low',
    riskReason: 'UK resident, local trading business, known to the partner',
  };

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
    colleague = (
      await site.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'sam@fenwickhale.test')
        .executeTakeFirstOrThrow()
    ).id;
    filled.verifiedBy = colleague;
    ({ personId: client } = await insertAcceptedProposal(site.db, {
      email: 'dana@brightwater.test',
      name: 'Dana Whitfield',
      organisation: 'Brightwater Ltd',
    }));
  });
  afterAll(async () => site?.close());

  it('is kept only for a client who has accepted a proposal', async () => {
    const { id: prospect } = await site.db
      .insertInto('people')
      .values({
        email: 'eli@prospect.test',
        email_key: 'eli@prospect.test',
        name: 'Eli',
        phone: null,
        organisation: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await staff.json(`/people/${prospect}/due-diligence`)).toEqual({
      eligible: false,
      onboarded: false,
      record: null,
    });
    const refused = await staff.send(`/people/${prospect}/due-diligence`, filled);
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      409,
      [handoverMessages.noAcceptedProposal],
    ]);
    const nobody = await staff.send('/people/999999/due-diligence/complete');
    expect([nobody.status, (await nobody.json()).errorMessages]).toEqual([
      404,
      [backOfficeMessages.noSuchPerson],
    ]);
  });

  it('refuses to complete before who, when, against what, the risk and its reason are filled', async () => {
    const empty = await staff.send(`/people/${client}/due-diligence/complete`);
    expect([empty.status, (await empty.json()).errorMessages]).toEqual([
      422,
      [
        handoverMessages.verifiedBy,
        handoverMessages.verifiedOn,
        handoverMessages.verifiedAgainst,
        handoverMessages.risk,
        handoverMessages.riskReason,
      ],
    ]);
    const part = await staff.send(`/people/${client}/due-diligence`, {
      ...filled,
      risk: null,
      riskReason: '',
    });
    expect((await part.json()).infoMessages).toEqual([handoverMessages.dueDiligenceSaved]);
    const still = await staff.send(`/people/${client}/due-diligence/complete`);
    expect([still.status, (await still.json()).errorMessages]).toEqual([
      422,
      [handoverMessages.risk, handoverMessages.riskReason],
    ]);
    expect((await staff.json(`/people/${client}/due-diligence`)).onboarded).toBe(false);
  });

  it('refuses a verifier who cannot sign in, a date to come, and a risk it does not know', async () => {
    const stranger = await staff.send(`/people/${client}/due-diligence`, { ...filled, verifiedBy: 987654 });
    expect([stranger.status, (await stranger.json()).errorMessages]).toEqual([
      422,
      [backOfficeMessages.colleague],
    ]);
    const future = await staff.send(`/people/${client}/due-diligence`, {
      ...filled,
      verifiedOn: '2999-01-01',
    });
    expect([future.status, (await future.json()).errorMessages]).toEqual([
      422,
      [handoverMessages.verifiedOnFuture],
    ]);
    for (const [verifiedOn, problem] of [
      ['2026-02-30', handoverMessages.verifiedOnReal],
      ['30/11/2026', handoverMessages.verifiedOn],
    ] as const) {
      const wrong = await staff.send(`/people/${client}/due-diligence`, { ...filled, verifiedOn });
      expect([verifiedOn, wrong.status, (await wrong.json()).errorMessages]).toEqual([
        verifiedOn,
        422,
        [problem],
      ]);
    }
    const risk = await staff.send(`/people/${client}/due-diligence`, { ...filled, risk: 'extreme' });
    expect([risk.status, (await risk.json()).errorMessages]).toEqual([422, [handoverMessages.risk]]);
  });

  it('completes once filled: the client is onboarded, audited and on the timeline, and the record no longer changes', async () => {
    const saved = await staff.send(`/people/${client}/due-diligence`, filled);
    expect((await saved.json()).infoMessages).toEqual([handoverMessages.dueDiligenceSaved]);
    const again = await staff.send(`/people/${client}/due-diligence`, filled);
    expect((await again.json()).infoMessages).toEqual([handoverMessages.dueDiligenceUnchanged]);
    const done = await staff.send(`/people/${client}/due-diligence/complete`);
    expect([done.status, (await done.json()).infoMessages]).toEqual([
      200,
      [handoverMessages.dueDiligenceComplete],
    ]);

    expect(await staff.json(`/people/${client}/due-diligence`)).toEqual({
      eligible: true,
      onboarded: true,
      record: {
        verifiedBy: { id: colleague, name: 'sam@fenwickhale.test' },
        verifiedOn: '2026-11-20',
        verifiedAgainst: 'passport seen in person',
        risk: 'low',
        riskReason: filled.riskReason,
        completedAt: expect.any(String),
        completedBy: 'sam@fenwickhale.test',
        updatedAt: expect.any(String),
      },
    });

    const changed = await staff.send(`/people/${client}/due-diligence`, { ...filled, risk: 'high' });
    expect([changed.status, (await changed.json()).errorMessages]).toEqual([
      409,
      [handoverMessages.alreadyComplete],
    ]);
    const twice = await staff.send(`/people/${client}/due-diligence/complete`);
    expect(twice.status).toBe(409);

    const person = await staff.json(`/people/${client}`);
    const lines = person.timeline
      .filter((entry: { what: string }) => entry.what === 'due-diligence')
      .map((entry: { detail: string; by: string }) => `${entry.detail} (${entry.by})`);
    expect(lines).toEqual([
      'Due diligence complete: onboarded (sam@fenwickhale.test)',
      `Due diligence recorded: identity verified by sam@fenwickhale.test, on 2026-11-20, against “passport seen in person”, low risk, because “${filled.riskReason}” (sam@fenwickhale.test)`,
      'Due diligence recorded: identity verified by sam@fenwickhale.test, on 2026-11-20, against “passport seen in person” (sam@fenwickhale.test)',
    ]);

    const entries = await site.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.user_id')
      .select(['action', 'subject', 'detail', 'users.email as by'])
      .where('action', 'like', 'due-diligence.%')
      .orderBy('audit_log.id')
      .execute();
    expect(entries.map(auditSentence)).toEqual([
      'sam@fenwickhale.test recorded due diligence on dana@brightwater.test',
      'sam@fenwickhale.test recorded due diligence on dana@brightwater.test',
      'sam@fenwickhale.test completed due diligence on dana@brightwater.test',
    ]);
  });

  it('is in what a subject access request hands the client', async () => {
    const owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    const exported = await (
      await owner.send('/data-protection/export', { email: 'dana@brightwater.test' })
    ).json();
    expect(exported.person.dueDiligence).toMatchObject({
      verified_on: '2026-11-20',
      verified_against: 'passport seen in person',
      risk: 'low',
      risk_reason: filled.riskReason,
    });
  });

  it('is for signed-in staff only', async () => {
    const read = await send(site, `/api/back-office/people/${client}/due-diligence`);
    expect(read.status).toBe(401);
    const change = await send(site, `/api/back-office/people/${client}/due-diligence/complete`, {
      method: 'POST',
      headers: { origin: site.url },
    });
    expect(change.status).toBe(401);
  });
});
