import { afterAll, beforeAll, expect, it } from 'vitest';
import { termsMessages } from '#shared/api/back-office-terms.ts';
import { auditSentence } from '#shared/audit-sentence.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { paragraph, richTextMessages } from '#shared/rich-text.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { sentProposal } from '#tests/support/proposals.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { starterTerms } from './terms.ts';

describeEachDatabase('the firm’s terms of business', (database) => {
  let site: TestApp;
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;

  beforeAll(async () => {
    site = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
  });
  afterAll(async () => site?.close());

  const ours = [
    {
      type: 'heading' as const,
      level: 2 as const,
      content: [{ type: 'text' as const, text: 'Our own terms' }],
    },
    paragraph('Invoices are payable within 30 days.'),
  ];

  it('start from the seed’s text, which an owner saves a version of at a time, and proposals show the newest', async () => {
    const starter = await staff.json('/terms-of-business');
    expect(starter).toEqual({ version: null, body: starterTerms() });
    expect(JSON.stringify(starter.body)).toContain('Money laundering and identity checks');

    const refused = await staff.send('/terms-of-business', { basedOn: null, body: ours }, 'PUT');
    expect([refused.status, (await refused.json()).errorMessages]).toEqual([
      403,
      [backOfficeMessages.ownersOnly],
    ]);
    const saved = await owner.send('/terms-of-business', { basedOn: null, body: ours }, 'PUT');
    expect([saved.status, (await saved.json()).infoMessages]).toEqual([200, [termsMessages.saved]]);
    const { version, body } = await staff.json('/terms-of-business');
    expect([version, body]).toEqual([expect.any(Number), ours]);

    const stale = await owner.send('/terms-of-business', { basedOn: null, body: ours }, 'PUT');
    expect([stale.status, (await stale.json()).errorMessages]).toEqual([409, [termsMessages.moved]]);
    const empty = await owner.send('/terms-of-business', { basedOn: version, body: [] }, 'PUT');
    expect([empty.status, (await empty.json()).errorMessages]).toEqual([422, [termsMessages.empty]]);
    const scripted = [
      { type: 'paragraph', content: [{ type: 'text', text: 'Pay', link: 'javascript:alert(1)' }] },
    ];
    const link = await owner.send('/terms-of-business', { basedOn: version, body: scripted }, 'PUT');
    expect([link.status, (await link.json()).errorMessages]).toEqual([422, [richTextMessages.link]]);
    const none = await owner.send('/terms-of-business', {}, 'PUT');
    expect([none.status, (await none.json()).errorMessages]).toEqual([422, [termsMessages.unreadable]]);

    // A proposal's page shows the newest version, and its form names it.
    const proposal = await sentProposal(site.db);
    const page = await (await send(site, `/proposal?token=${proposal.token}`)).text();
    expect(page).toContain('Invoices are payable within 30 days.');
    expect(page).toContain(`name="terms" value="${version}"`);

    const log = await owner.json('/audit-log');
    expect(auditSentence(log.items[0])).toBe(
      `olive@fenwickhale.test saved version ${version} of the terms of business`,
    );
  });
});
