import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFirmNow } from '#server/features/firm/index.ts';
import { newToken } from '#server/tokens.ts';
import { proposalPageMessages as say } from '#shared/api/proposal-page.ts';
import { shownText } from '#shared/proposals.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { type SentProposal, sentProposal } from '#tests/support/proposals.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { starterTerms } from './terms.ts';

const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

describeEachDatabase('a proposal’s page, as its client meets it', (database) => {
  let site: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTestApp({ database, env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const open = (token: string) =>
    send(site, `/proposal?token=${encodeURIComponent(token)}`, { headers: { accept: 'text/html' } });
  /** The accept form as the page posts it: from our page, which sends no Referer (Origin: null). */
  const post = (path: string, fields: [string, string][], userAgent = 'Mozilla/5.0 (test) Chromium') =>
    send(site, path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        accept: 'text/html',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'user-agent': userAgent,
      },
      body: new URLSearchParams(fields),
    });
  const accept = (proposal: SentProposal, extras: string[] = [], name = 'Alex Hollins') =>
    post('/proposal/accept', [
      ['token', proposal.token],
      ['fullName', name],
      ['agree', 'yes'],
      ['terms', 'starter'],
      ...extras.map((key): [string, string] => ['extras', key]),
    ]);
  const row = (id: number) =>
    site.db.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const timeline = async (personId: number) =>
    (
      await site.db
        .selectFrom('person_events')
        .select('detail')
        .where('person_id', '=', personId)
        .where('event', '=', 'proposal')
        .orderBy('id')
        .execute()
    ).map((event) => JSON.parse(event.detail));

  it('shows the proposal at its link, never cached or indexed, and marks it viewed the first time', async () => {
    const proposal = await sentProposal(site.db);
    const page = await open(proposal.token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const body = await page.text();
    expect(body).toContain('<h1>Our proposal for Hollins Joinery Ltd</h1>');
    expect(body).toContain(`Reference ${proposal.reference}`);
    // The covering message, escaped by the pages' renderer.
    expect(body).toContain('what we suggest for &lt;your&gt; business.');
    expect(body).toContain('£115.00 a month');
    expect(body).toContain('£900.00 a year');
    expect(body).toContain('Payroll: £49.00 a month');
    expect(body).toContain('Total a month</th>');
    expect(body).toContain('£115.00 + VAT £23.00 = £138.00');
    expect(body).toContain('Terms of business');
    expect(body).toContain('I agree to the <a href="#terms">terms of business</a>');
    expect(body).toContain('<meta name="robots" content="noindex">');

    const viewed = await row(proposal.id);
    expect([viewed.status, viewed.viewed_at]).toEqual(['viewed', expect.any(String)]);
    await open(proposal.token);
    expect(await timeline(proposal.personId)).toEqual([
      {
        words: `Proposal ${proposal.reference} opened by the client`,
        proposal: proposal.id,
        status: 'viewed',
      },
    ]);
  });

  it('keeps the acceptance’s evidence, whose hash is of exactly what was shown, wins the opportunity and emails the letter', async () => {
    const proposal = await sentProposal(site.db);
    await open(proposal.token);
    const accepted = await accept(proposal, ['payroll', 'not-offered']);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe(`/proposal?token=${proposal.token}`);

    const evidence = await site.db
      .selectFrom('proposal_acceptances')
      .selectAll()
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    const firm = siteFirmNow(site.app.deps.services.firm).name;
    const shown = shownText({
      firm,
      reference: proposal.reference,
      document: proposal.document,
      extras: ['payroll'],
      terms: starterTerms(),
    });
    expect(evidence).toEqual({
      proposal_id: proposal.id,
      signed_name: 'Alex Hollins',
      extras: '["payroll"]',
      shown_hash: sha256(shown),
      terms_id: null,
      ip: '127.0.0.1',
      user_agent: 'Mozilla/5.0 (test) Chromium',
      accepted_at: expect.any(String),
    });
    const after = await row(proposal.id);
    expect([after.status, after.decided_at]).toEqual(['accepted', evidence.accepted_at]);
    const opportunity = await site.db
      .selectFrom('opportunities')
      .select('stage')
      .where('id', '=', proposal.opportunityId)
      .executeTakeFirstOrThrow();
    expect(opportunity.stage).toBe('won');
    expect((await timeline(proposal.personId)).map((event) => event.words)).toEqual([
      `Proposal ${proposal.reference} opened by the client`,
      `Proposal ${proposal.reference} accepted online by Alex Hollins`,
    ]);

    const page = await (await open(proposal.token)).text();
    expect(page).toContain(say.acceptedTitle);

    // The letter, kept with its hash, reads back with the services, fees and the signature's evidence.
    const letter = await site.db
      .selectFrom('engagement_letters')
      .selectAll()
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(letter.sha256).toBe(sha256(letter.pdf));
    const { text } = await pdfText(letter.pdf);
    for (const expected of [
      firm,
      'Engagement letter',
      'For: Hollins Joinery Ltd',
      'Bookkeeping',
      '£115.00 + VAT £23.00 = £138.00 a month',
      'Year-end accounts',
      '£900.00 + VAT £180.00 = £1,080.00 a year',
      'Payroll (optional extra)',
      'Total a month: £164.00 + VAT £32.80 = £196.80',
      'Terms of business',
      'Signed by: Alex Hollins',
      'IP address: 127.0.0.1',
      'Browser: Mozilla/5.0 (test) Chromium',
      evidence.shown_hash,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Advisory meeting');
    // The firm's logo heads it: the one picture in the file.
    expect(
      Buffer.from(letter.pdf)
        .toString('latin1')
        .match(/\/Subtype \/Image/g),
    ).toHaveLength(1);

    // Emailed to the client and the firm, the letter attached as kept.
    const toClient = await smtp.waitFor((mail) => mail.to.includes(proposal.email));
    expect(toClient.parsed.subject).toBe(`Your engagement letter from ${firm}`);
    const attached = toClient.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    expect(attached?.filename).toBe(`engagement-letter-${proposal.reference}.pdf`);
    expect(sha256(new Uint8Array(attached?.content as ArrayBuffer))).toBe(letter.sha256);
    const toFirm = await smtp.waitFor(
      (mail) => mail.parsed.subject === `Proposal ${proposal.reference} accepted by Hollins Joinery Ltd`,
    );
    expect(toFirm.parsed.attachments.map((file) => file.filename)).toEqual([
      `engagement-letter-${proposal.reference}.pdf`,
    ]);
  });

  it('refuses a second acceptance in words and keeps one, even when both arrive at once', async () => {
    const proposal = await sentProposal(site.db);
    const both = await Promise.all([accept(proposal), accept(proposal, ['advisory'], 'Sam Hollins')]);
    expect(both.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const again = await accept(proposal);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(say.alreadyAccepted);
    const kept = await site.db
      .selectFrom('proposal_acceptances')
      .select('proposal_id')
      .where('proposal_id', '=', proposal.id)
      .execute();
    expect(kept).toHaveLength(1);
    const letters = await site.db
      .selectFrom('engagement_letters')
      .select('proposal_id')
      .where('proposal_id', '=', proposal.id)
      .execute();
    expect(letters).toHaveLength(1);
    // Declining it afterwards changes nothing either.
    const decline = await post('/proposal/decline', [['token', proposal.token]]);
    expect(decline.status).toBe(409);
    expect((await row(proposal.id)).status).toBe('accepted');
  });

  it('refuses an expired proposal, saying to ask for a new one', async () => {
    const proposal = await sentProposal(site.db, { expiresInDays: -1 });
    const page = await open(proposal.token);
    expect(page.status).toBe(404);
    const body = await page.text();
    expect(body).toContain(say.expiredTitle);
    expect(body).toContain(say.expired);
    const accepted = await accept(proposal);
    expect(accepted.status).toBe(404);
    expect(await accepted.text()).toContain(say.expired);
    expect((await row(proposal.id)).status).toBe('sent');
    const marked = await sentProposal(site.db, { status: 'expired' });
    expect((await open(marked.token)).status).toBe(404);
  });

  it('answers a withdrawn proposal, an unknown token and a guessed one with the same page', async () => {
    const withdrawn = await sentProposal(site.db, { status: 'withdrawn' });
    const answers = await Promise.all(
      [withdrawn.token, newToken(), 'not-a-token', ''].map(async (token) => {
        const page = await open(token);
        return { status: page.status, body: await page.text() };
      }),
    );
    expect(answers[0]?.body).toContain(say.notWorking);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const accepted = await accept(withdrawn);
    expect(accepted.status).toBe(404);
    expect((await row(withdrawn.id)).status).toBe('withdrawn');
  });

  it('refuses an acceptance without a name or the box ticked, or on terms since changed, saying so', async () => {
    const proposal = await sentProposal(site.db);
    const bare = await post('/proposal/accept', [
      ['token', proposal.token],
      ['fullName', '  '],
      ['terms', 'starter'],
      ['extras', 'advisory'],
    ]);
    expect(bare.status).toBe(422);
    const body = await bare.text();
    expect(body).toContain(say.nameNeeded);
    expect(body).toContain(say.agreeNeeded);
    // What was ticked stays ticked.
    expect(body).toMatch(/value="advisory"[^>]*checked/);
    const stale = await post('/proposal/accept', [
      ['token', proposal.token],
      ['fullName', 'Alex Hollins'],
      ['agree', 'yes'],
      ['terms', '7'],
    ]);
    expect(stale.status).toBe(422);
    const staleBody = await stale.text();
    expect(staleBody).toContain(say.termsChanged);
    // The new terms are to be agreed afresh.
    expect(staleBody).not.toMatch(/name="agree"[^>]*checked/);
    // A name of characters that show nothing is no signature.
    const invisible = await post('/proposal/accept', [
      ['token', proposal.token],
      ['fullName', '\u200b\u200b'],
      ['agree', 'yes'],
      ['terms', 'starter'],
    ]);
    expect(invisible.status).toBe(422);
    expect(await invisible.text()).toContain(say.nameNeeded);
    expect((await row(proposal.id)).status).toBe('sent');
  });

  it('keeps a decline’s reason, puts it on the timeline and tells the firm', async () => {
    const proposal = await sentProposal(site.db);
    const declined = await post('/proposal/decline', [
      ['token', proposal.token],
      ['reason', 'We are staying with our current accountant.'],
    ]);
    expect(declined.status).toBe(303);
    const after = await row(proposal.id);
    expect([after.status, after.decline_reason]).toEqual([
      'declined',
      'We are staying with our current accountant.',
    ]);
    expect((await timeline(proposal.personId)).at(-1)).toEqual({
      words: `Proposal ${proposal.reference} declined by the client: “We are staying with our current accountant.”`,
      proposal: proposal.id,
      status: 'declined',
    });
    expect(await (await open(proposal.token)).text()).toContain(say.declinedTitle);
    const mail = await smtp.waitFor(
      (each) => each.parsed.subject === `Proposal ${proposal.reference} declined by Hollins Joinery Ltd`,
    );
    expect(mail.parsed.text).toContain('Their reason: “We are staying with our current accountant.”');
    expect((await accept(proposal)).status).toBe(409);
  });

  describe('where the forms may come from', () => {
    it('refuses a post from another site; takes one from the page itself', async () => {
      const proposal = await sentProposal(site.db);
      const fields = new URLSearchParams([
        ['token', proposal.token],
        ['fullName', 'Alex Hollins'],
        ['agree', 'yes'],
        ['terms', 'starter'],
      ]);
      const from = (headers: Record<string, string>) =>
        send(site, '/proposal/accept', {
          method: 'POST',
          redirect: 'manual',
          headers: { accept: 'text/html', ...headers },
          body: fields,
        });
      expect(
        (await from({ origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' })).status,
      ).toBe(403);
      expect((await from({ origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await from({ origin: site.url, 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    });
  });
});

// The limit is kept in memory, so one database is enough; the address comes through a trusted proxy.
describe('a proposal’s link behind a proxy, and hammered', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => site?.close());

  it('keeps the client’s address as the proxy gives it, and turns away a fourth opening in a minute', async () => {
    const proposal = await sentProposal(site.db);
    const from = (ip: string, init: RequestInit = {}) =>
      send(site, init.method ? '/proposal/accept' : `/proposal?token=${proposal.token}`, {
        ...init,
        redirect: 'manual',
        headers: { accept: 'text/html', 'x-forwarded-for': ip, ...init.headers },
      });
    expect((await from('198.51.100.20')).status).toBe(200);
    const accepted = await from('198.51.100.20', {
      method: 'POST',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams([
        ['token', proposal.token],
        ['fullName', 'Alex Hollins'],
        ['agree', 'yes'],
        ['terms', 'starter'],
      ]),
    });
    expect(accepted.status).toBe(303);
    const kept = await site.db
      .selectFrom('proposal_acceptances')
      .select('ip')
      .where('proposal_id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(kept.ip).toBe('198.51.100.20');
    // Each route counts its own: the page was opened once before, so twice more, then no more.
    const again = [];
    for (let time = 0; time < 2; time++) again.push((await from('198.51.100.20')).status);
    const turnedAway = await from('198.51.100.20');
    expect([...again, turnedAway.status]).toEqual([200, 200, 429]);
    // As a page, in words, as the browser opened one.
    expect(turnedAway.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await turnedAway.text()).toContain('Too many requests. Please wait a minute and try again.');
    expect((await from('198.51.100.21')).status).toBe(200);
  });
});
