import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterMessages } from '#shared/newsletter.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { addresses, seedSubscribers } from '#tests/support/newsletter.ts';
import { campaignSeen } from '#tests/support/seen-versions.ts';
import { startSmtpServer, type TestSmtpServer } from '#tests/support/smtp.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';

const body = [
  '## Making Tax Digital',
  '',
  'From April, sole traders over **£50,000** keep digital records. [Read HMRC’s guide](https://www.gov.uk/mtd).',
  '',
  '<script>alert(1)</script>',
  '',
  'Ask us about [our fees](/services).',
].join('\n');

describeEachDatabase('newsletter campaigns', (database) => {
  let smtp: TestSmtpServer;
  let site: TestApp;
  let staff: ReturnType<typeof backOfficeClient>;
  const refused = 'gone-mailbox@example.com';

  beforeAll(async () => {
    smtp = await startSmtpServer(0, { refuse: (to) => to === refused });
    site = await startTestApp({
      database,
      env: { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '0', RATE_LIMIT_PER_MINUTE: '1000' },
    });
    staff = backOfficeClient(site, await signedInStaff(site, 'nora@fenwickhale.test', 'owner'));
    await seedSubscribers(site.db, 'confirmed', [...addresses('reader', 4), refused]);
    await seedSubscribers(site.db, 'pending', addresses('pending', 2));
    await seedSubscribers(site.db, 'unsubscribed', addresses('left', 2));
    await seedSubscribers(site.db, 'bouncing', addresses('bouncing', 1));
  });
  afterAll(async () => {
    await site?.close();
    await smtp?.stop();
  });

  const draft = async (subject: string) => {
    const answer = await staff.send('/campaigns', { subject, bodyMarkdown: body });
    expect(answer.status).toBe(201);
    return (await answer.json()).id as number;
  };
  const campaign = async (id: number) => staff.json(`/campaigns/${id}`);
  const sentTo = (subject: string) =>
    smtp.messages.filter((m) => m.parsed.subject === subject).flatMap((m) => m.to);
  const sendAndFinish = async (id: number) => {
    const answer = await staff.send(`/campaigns/${id}/send`, await campaignSeen(staff, id));
    expect(answer.status).toBe(200);
    await waitUntil(async () => (await campaign(id)).status === 'sent', {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: () => `campaign ${id} to be sent`,
    });
    return campaign(id);
  };

  it('shows the email as subscribers will get it: HTML in the site’s layout and the text part', async () => {
    const id = await draft('Preview news');
    const preview = await staff.json(`/campaigns/${id}/preview`);
    expect(preview.subject).toBe('Preview news');
    expect(preview.html).toContain('<h2>Making Tax Digital</h2>');
    expect(preview.html).toContain('<strong>£50,000</strong>');
    expect(preview.html).toContain('href="https://www.gov.uk/mtd" rel="noopener"');
    expect(preview.html).toContain('&lt;script&gt;');
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain(`${site.url}/apple-touch-icon.png`);
    expect(preview.text).toContain('Read HMRC’s guide (https://www.gov.uk/mtd)');
    // A path on the site reaches a mail program as a whole address, in both parts.
    expect(preview.html).toContain(`<a href="${site.url}/services">our fees</a>`);
    expect(preview.text).toContain(`our fees (${site.url}/services)`);
    expect(preview.text).toMatch(/You are receiving this because you signed up to the .+ newsletter on/);
    expect(`${preview.html}${preview.text}`).not.toContain('{{');

    // The same HTML as a page for the screen's frame, under a policy that lets no script run in it.
    const page = await staff.get(`/campaigns/${id}/preview.html`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; frame-ancestors 'self'; sandbox",
    );
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(await page.text()).toBe(preview.html);
  });

  it('sends a test to the signed-in member of staff only, a few a minute at most', async () => {
    const id = await draft('Test news');
    const answer = await staff.send(`/campaigns/${id}/test`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).infoMessages).toEqual([newsletterMessages.testSent]);
    const test = await smtp.waitFor((m) => m.parsed.subject === '[Test] Test news');
    expect(test.to).toEqual(['nora@fenwickhale.test']);
    for (let i = 0; i < 4; i++) expect((await staff.send(`/campaigns/${id}/test`)).status).toBe(200);
    const sixth = await staff.send(`/campaigns/${id}/test`);
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).errorMessages).toEqual([newsletterMessages.tooManyTests]);
    await waitUntil(() => smtp.messages.filter((m) => m.parsed.subject === '[Test] Test news').length === 5);
    expect(sentTo('[Test] Test news').every((to) => to === 'nora@fenwickhale.test')).toBe(true);
    // No subscriber got anything, and the campaign is still a draft.
    expect((await campaign(id)).status).toBe('draft');
  });

  it('sends once to each confirmed subscriber, with their own one-click unsubscribe, and to no one else', async () => {
    const id = await draft('April news');
    // A double click: two posts at once; one starts the campaign, the other is refused.
    const seen = await campaignSeen(staff, id);
    const [a, b] = await Promise.all([
      staff.send(`/campaigns/${id}/send`, seen),
      staff.send(`/campaigns/${id}/send`, seen),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    await waitUntil(async () => (await campaign(id)).status === 'sent', {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    const done = await campaign(id);
    expect(done.progress).toEqual({ recipients: 5, queued: 0, sent: 4, failed: 1, skipped: 0 });
    expect(sentTo('April news').sort()).toEqual(addresses('reader', 4));

    const mail = smtp.messages.find(
      (m) => m.to[0] === 'reader-0001@example.com' && m.parsed.subject === 'April news',
    );
    const header = (name: string) => mail?.parsed.headers.find((h) => h.key === name)?.value;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-id')).toBe('<newsletter.127.0.0.1>');
    const link = header('list-unsubscribe')?.match(/<(http:[^>]+)>/)?.[1] as string;
    expect(mail?.parsed.text).toContain(link);
    // The one-click POST a mail provider sends takes them off the list at once.
    const click = await send(site, link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    const next = await sendAndFinish(await draft('May news'));
    expect(sentTo('May news').sort()).toEqual(addresses('reader', 4).slice(1));
    expect(next.progress.recipients).toBe(4);

    // Sent once: a third attempt is refused too.
    expect((await staff.send(`/campaigns/${id}/send`, await campaignSeen(staff, id))).status).toBe(409);
  });

  it('counts permanent refusals; after three the address is bouncing and campaigns skip it', async () => {
    // April and May were refused already; one more makes three.
    await sendAndFinish(await draft('June news'));
    const detail = await staff.json(`/subscribers/${encodeURIComponent(refused)}`);
    expect(detail.bouncing).toBe(true);
    expect(detail.refusals).toBe(3);
    expect(detail.campaigns.map((c: { subject: string; status: string }) => [c.subject, c.status])).toEqual([
      ['April news', 'failed'],
      ['May news', 'failed'],
      ['June news', 'failed'],
    ]);
    const july = await sendAndFinish(await draft('July news'));
    expect(july.progress.recipients).toBe(3);
    expect(sentTo('July news')).not.toContain(refused);
  });

  it('shows a subscriber which campaigns were sent to them, and the export includes them', async () => {
    const detail = await staff.json('/subscribers/reader-0002%40example.com');
    expect(detail.campaigns.map((c: { subject: string }) => c.subject)).toEqual([
      'April news',
      'May news',
      'June news',
      'July news',
    ]);
    expect(detail.campaigns.every((c: { sentAt: string | null }) => c.sentAt !== null)).toBe(true);

    const owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    const exported = await (
      await owner.send('/data-protection/export', { email: 'reader-0002@example.com' })
    ).json();
    expect(exported.subscription.campaigns.map((c: { subject: string }) => c.subject)).toEqual(
      detail.campaigns.map((c: { subject: string }) => c.subject),
    );
    // Erasing the address takes its history with it.
    expect((await owner.send('/data-protection/erase', { email: 'reader-0002@example.com' })).status).toBe(
      200,
    );
    const left = await site.db
      .selectFrom('campaign_recipients')
      .select('id')
      .where('email', '=', 'reader-0002@example.com')
      .execute();
    expect(left).toEqual([]);
  });

  it('schedules a campaign for a time in the firm’s zone, and refuses a time past', async () => {
    const id = await draft('Scheduled news');
    const past = await staff.send(`/campaigns/${id}/send`, {
      at: '2020-01-01T09:00',
      ...(await campaignSeen(staff, id)),
    });
    expect(past.status).toBe(422);
    expect((await past.json()).errorMessages).toEqual([newsletterMessages.pastTime]);
    const scheduled = await staff.send(`/campaigns/${id}/send`, {
      at: '2099-06-01T09:00',
      ...(await campaignSeen(staff, id)),
    });
    expect(scheduled.status).toBe(200);
    // 09:00 in London in June is 08:00 UTC.
    expect((await scheduled.json()).scheduledFor).toBe('2099-06-01T08:00:00.000Z');
    const cancelled = await staff.send(`/campaigns/${id}/cancel`);
    expect((await cancelled.json()).status).toBe('cancelled');
    expect((await staff.send(`/campaigns/${id}/send`, await campaignSeen(staff, id))).status).toBe(409);
  });

  it('publishes sent issues in the archive, without anyone’s unsubscribe link or address', async () => {
    const archive = await send(site, '/insights/newsletter');
    expect(archive.status).toBe(200);
    const list = await archive.text();
    const href = list.match(/href="(\/insights\/newsletter\/april-news-\d+)"/)?.[1] as string;
    expect(href).toBeTruthy();
    expect(list).not.toContain('Test news'); // a draft is not an issue
    const page = await send(site, href);
    expect(page.status).toBe(200);
    const issue = await page.text();
    expect(issue).toContain('<h1>April news</h1>');
    expect(issue).toContain('<strong>£50,000</strong>');
    expect(issue).not.toMatch(/unsubscribe\?token|@example\.com|\{\{/);
    expect((await send(site, '/insights/newsletter/no-such-issue')).status).toBe(404);
  });

  describe('access', () => {
    it('keeps every campaign endpoint to signed-in staff', async () => {
      const id = await draft('Private news');
      const anonymous = [
        ['GET', '/campaigns'],
        ['POST', '/campaigns'],
        ['GET', `/campaigns/${id}`],
        ['PUT', `/campaigns/${id}`],
        ['GET', `/campaigns/${id}/preview`],
        ['GET', `/campaigns/${id}/preview.html`],
        ['POST', `/campaigns/${id}/test`],
        ['POST', `/campaigns/${id}/send`],
        ['POST', `/campaigns/${id}/cancel`],
      ] as const;
      for (const [method, path] of anonymous) {
        const answer = await send(site, `/api/back-office${path}`, {
          method,
          headers: { 'content-type': 'application/json', origin: site.url },
          body: method === 'GET' ? undefined : JSON.stringify({ subject: 'x', bodyMarkdown: 'y' }),
        });
        expect([path, answer.status]).toEqual([path, 401]);
      }
      expect((await campaign(id)).status).toBe('draft');
    });
  });
});
