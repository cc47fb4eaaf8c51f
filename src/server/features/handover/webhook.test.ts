import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSentence } from '#shared/audit-sentence.ts';
import { backOfficeMessages } from '#shared/back-office.ts';
import { handoverMessages } from '#shared/handover.ts';
import { insertAcceptedProposal } from '#tests/support/accepted-proposals.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { send } from '#tests/support/http.ts';
import { backOfficeClient, signedInStaff } from '#tests/support/staff.ts';
import { waitUntil } from '#tests/support/wait.ts';
import { type Received, startReceiver, verified } from '#tests/support/webhook-receiver.ts';
import { queueAcceptedWebhook } from './index.ts';
import { checkedWebhookUrl } from './webhook-settings.ts';

describeEachDatabase('the signed webhook of an accepted proposal', (database) => {
  let site: TestApp;
  let clock = new Date();
  let owner: ReturnType<typeof backOfficeClient>;
  let staff: ReturnType<typeof backOfficeClient>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  const accept = async (email: string) => {
    const accepted = await insertAcceptedProposal(site.db, {
      email,
      name: 'Dana Whitfield',
      organisation: 'Brightwater Ltd',
      acceptedAt: clock,
    });
    // What the acceptance's own transaction does (after-acceptance.ts).
    const queued = await site.db
      .transaction()
      .execute((trx) => queueAcceptedWebhook(trx, accepted.proposalId, clock));
    site.webhooks.kick();
    return { ...accepted, queued };
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    site = await startTestApp({ database, clock: () => clock, env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    owner = backOfficeClient(site, await signedInStaff(site, 'olive@fenwickhale.test', 'owner'));
    staff = backOfficeClient(site, await signedInStaff(site, 'sam@fenwickhale.test', 'staff'));
  });
  afterAll(async () => {
    await site?.close();
    await receiver?.close();
  });

  it('queues nothing while no webhook is set', async () => {
    const { queued } = await accept('nobody-told@brightwater.test');
    expect(queued).toBe(false);
    expect(await site.db.selectFrom('webhook_deliveries').selectAll().execute()).toEqual([]);
  });

  it('is the owners’ to set, with a secret shown once; refused to staff and to anyone signed out', async () => {
    const signedOut = await send(site, '/api/back-office/webhook');
    expect(signedOut.status).toBe(401);
    for (const [path, method] of [
      ['/webhook', 'GET'],
      ['/webhook', 'POST'],
      ['/webhook/secret', 'POST'],
    ] as const) {
      const refused =
        method === 'GET'
          ? await staff.get(path)
          : await staff.send(path, path === '/webhook' ? { url: '' } : undefined);
      expect([path, refused.status, (await refused.json()).errorMessages]).toEqual([
        path,
        403,
        [backOfficeMessages.ownersOnly],
      ]);
    }

    for (const [url, problem] of [
      ['ftp://receiver.example/hooks', handoverMessages.webhookHttps],
      ['http://receiver.example/hooks', handoverMessages.webhookHttps],
      ['https://user:pass@receiver.example/hooks', handoverMessages.webhookCredentials],
      ['receiver dot example', handoverMessages.webhookAddress],
    ]) {
      const refused = await owner.send('/webhook', { url });
      expect([url, refused.status, (await refused.json()).errorMessages]).toEqual([url, 422, [problem]]);
    }
    const saved = await owner.send('/webhook', { url: receiver.url });
    expect((await saved.json()).infoMessages).toEqual([handoverMessages.webhookSaved]);

    const made = await owner.send('/webhook/secret');
    const answer = await made.json();
    expect(answer.infoMessages).toEqual([handoverMessages.secretMade]);
    expect(answer.secret).toMatch(/^[\w-]{43}$/);
    secret = answer.secret;

    const shown = await owner.json('/webhook');
    expect(shown).toEqual({ url: receiver.url, secretMadeAt: expect.any(String), deliveries: [] });
    // Not kept usable: the database holds a salt, from which only SESSION_SECRET derives the secret.
    const stored = JSON.stringify(await site.db.selectFrom('webhook_settings').selectAll().execute());
    expect(stored).not.toContain(secret);
  });

  it('reaches a local receiver signed, and is tried again after the receiver fails with a 500', async () => {
    receiver.statuses.push(500);
    const { reference } = await accept('dana@brightwater.test');
    await waitUntil(() => receiver.received.length === 1, { what: () => 'the first delivery' });
    await waitUntil(
      async () =>
        (await site.db.selectFrom('webhook_deliveries').select('last_error').executeTakeFirst())
          ?.last_error !== null,
      { what: () => 'the failure to be recorded' },
    );
    const [first] = receiver.received as [Received];
    expect(verified(secret, first)).toBe(true);
    expect(verified('not the secret'.padEnd(43, 'x'), first)).toBe(false);
    expect(first.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(Number(first.signature.slice(2, first.signature.indexOf(',')))).toBe(
      Math.floor(clock.getTime() / 1000),
    );

    const body = JSON.parse(first.body);
    expect(body).toEqual({
      event: 'proposal.accepted',
      reference,
      acceptedAt: clock.toISOString(),
      client: {
        name: 'Dana Whitfield',
        email: 'dana@brightwater.test',
        organisation: 'Brightwater Ltd',
        addressedTo: 'Brightwater Ltd',
      },
      onboarded: false,
      dueDiligenceCompletedAt: null,
      services: [
        {
          key: 'bookkeeping',
          name: 'Bookkeeping',
          frequency: 'monthly',
          fee: { pence: 11_500, pounds: '115.00' },
          vat: { pence: 2_300, pounds: '23.00' },
        },
        {
          key: 'year-end-accounts',
          name: 'Year-end accounts',
          frequency: 'annually',
          fee: { pence: 95_000, pounds: '950.00' },
          vat: { pence: 19_000, pounds: '190.00' },
        },
        {
          key: 'payroll',
          name: 'Payroll',
          frequency: 'monthly',
          fee: { pence: 4_300, pounds: '43.00' },
          vat: { pence: 860, pounds: '8.60' },
        },
      ],
      totals: {
        monthly: { fee: { pence: 15_800, pounds: '158.00' }, vat: { pence: 3_160, pounds: '31.60' } },
        annually: { fee: { pence: 95_000, pounds: '950.00' }, vat: { pence: 19_000, pounds: '190.00' } },
        once: { fee: { pence: 0, pounds: '0.00' }, vat: { pence: 0, pounds: '0.00' } },
      },
    });

    const waiting = await owner.json('/webhook');
    expect(waiting.deliveries).toEqual([
      {
        reference,
        status: 'pending',
        attempts: 1,
        lastError: 'The receiver answered 500.',
        createdAt: clock.toISOString(),
        deliveredAt: null,
      },
    ]);

    // Not before its back-off has passed: 30 seconds after the first try.
    clock = new Date(clock.getTime() + 31_000);
    await waitUntil(() => receiver.received.length === 2, { what: () => 'the second try' });
    const second = receiver.received[1] as Received;
    expect(second.body).toBe(first.body);
    expect(second.delivery).toBe(first.delivery);
    expect(verified(secret, second)).toBe(true);
    await waitUntil(async () => (await owner.json('/webhook')).deliveries[0].status === 'delivered', {
      what: () => 'the delivery to be marked delivered',
    });
    const delivered = await owner.json('/webhook');
    expect(delivered.deliveries[0]).toMatchObject({
      attempts: 2,
      lastError: null,
      deliveredAt: clock.toISOString(),
    });
    // Delivered, its copy of the client's details goes.
    expect(
      (await site.db.selectFrom('webhook_deliveries').select('body').execute()).map((r) => r.body),
    ).toEqual(['']);
  });

  it('signs with a remade secret at once, and no longer with the old one; each change audited', async () => {
    const remade = (await (await owner.send('/webhook/secret')).json()).secret;
    expect(remade).not.toBe(secret);
    await accept('lee@harbourside.test');
    await waitUntil(() => receiver.received.length === 3, {
      what: () => 'the delivery after the new secret',
    });
    const third = receiver.received[2] as Received;
    expect([verified(remade, third), verified(secret, third)]).toEqual([true, false]);

    const log = await owner.json('/audit-log');
    const sentences = log.items.map(auditSentence).filter((line: string) => line.includes('webhook'));
    expect(sentences).toEqual([
      'olive@fenwickhale.test made a new signing secret for the webhook',
      'olive@fenwickhale.test made a new signing secret for the webhook',
      `olive@fenwickhale.test set the webhook to an address at ${new URL(receiver.url).host}`,
    ]);
  });
});

describe('a webhook address', () => {
  it('is https in production, never to a private network; http only to this machine while testing', async () => {
    const production = { production: true };
    expect(await checkedWebhookUrl('https://10.1.2.3/hooks', production)).toEqual({
      problem: handoverMessages.webhookPrivateHost,
    });
    expect(await checkedWebhookUrl('https://localhost/hooks', production)).toEqual({
      problem: handoverMessages.webhookPrivateHost,
    });
    expect(await checkedWebhookUrl('http://127.0.0.1:8080/hooks', production)).toEqual({
      problem: handoverMessages.webhookHttps,
    });
    expect(await checkedWebhookUrl(' http://127.0.0.1:8080/hooks ', { production: false })).toEqual({
      url: 'http://127.0.0.1:8080/hooks',
    });
    expect(await checkedWebhookUrl('http://10.1.2.3/hooks', { production: false })).toEqual({
      problem: handoverMessages.webhookHttps,
    });
  });
});
