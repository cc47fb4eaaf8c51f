import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { claimDueMessages } from '#server/mail/outbox.ts';
import { MessageWithdrawn } from '#server/mail/refusals.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { addresses, seedSubscribers, startedCampaign } from '#tests/support/newsletter.ts';
import { newsletterMailPreparer } from './mail-preparer.ts';
import { expandNextBatch, sendCampaigns } from './sending.ts';
import { createNewsletterService } from './service.ts';

const log = pino({ level: 'silent' });
const secret = 'a test secret that is long enough for the tokens';
const mail = {
  publicUrl: new URL('https://www.example.test'),
  unsubscribeMailbox: 'hello@example.test',
  firm: demoFirm,
};

describeEachDatabase('adding a campaign’s recipients to the outbox', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of ['campaign_recipients', 'campaigns', 'outbox_messages', 'subscribers'] as const) {
      await db.deleteFrom(table).execute();
    }
  });

  const newsletterMail = () =>
    db.selectFrom('outbox_messages').selectAll().where('kind', '=', 'newsletter').orderBy('id').execute();

  it('queues one message per confirmed subscriber, and none to pending, unsubscribed or bouncing ones', async () => {
    await seedSubscribers(db, 'confirmed', addresses('on', 7));
    await seedSubscribers(db, 'pending', addresses('pending', 2));
    await seedSubscribers(db, 'unsubscribed', addresses('left', 2));
    await seedSubscribers(db, 'bouncing', addresses('bouncing', 2));
    const campaign = await startedCampaign(db, 'March news');

    await sendCampaigns({ db, log, ratePerMinute: 0, secret, now: () => new Date(), batchSize: 3 });

    expect((await newsletterMail()).map((m) => m.recipient)).toEqual(addresses('on', 7));
    const row = await db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', campaign)
      .executeTakeFirstOrThrow();
    expect(row.expanded_at).not.toBeNull();
    // What the outbox holds per subscriber: the envelope and the ids, not the campaign's text.
    const stored = JSON.parse((await newsletterMail())[0]?.message ?? '{}');
    expect(stored).toEqual({
      to: addresses('on', 1)[0],
      subject: 'March news',
      text: '',
      newsletter: { campaignId: campaign, subscriberId: expect.any(Number) },
    });
  });

  it('resumes after an interruption and never queues a subscriber twice, even with two instances at once', async () => {
    await seedSubscribers(db, 'confirmed', addresses('reader', 23));
    const campaign = await startedCampaign(db, 'April news');
    const options = { db, ratePerMinute: 0, secret, batchSize: 5 };
    // The first instance adds two batches and dies.
    expect(await expandNextBatch(options, campaign, new Date())).toBe('more');
    expect(await expandNextBatch(options, campaign, new Date())).toBe('more');
    // As if it had died after inserting recipients whose batch was not recorded: a row for the 11th.
    const eleventh = await db
      .selectFrom('subscribers')
      .select(['id', 'email'])
      .orderBy('id')
      .offset(10)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('campaign_recipients')
      .values({
        campaign_id: campaign,
        subscriber_id: eleventh.id,
        email: eleventh.email,
        status: 'queued',
        created_at: new Date().toISOString(),
      })
      .execute();
    // Its lease runs out; two instances then go on at once.
    const later = new Date(Date.now() + 60_000);
    await Promise.all([
      sendCampaigns({ db, log, ratePerMinute: 0, secret, now: () => later, batchSize: 5 }),
      sendCampaigns({ db, log, ratePerMinute: 0, secret, now: () => later, batchSize: 5 }),
      (async () => {
        while ((await expandNextBatch(options, campaign, later)) === 'more');
      })(),
    ]);
    const recipients = await db
      .selectFrom('campaign_recipients')
      .select('email')
      .where('campaign_id', '=', campaign)
      .execute();
    expect(recipients.map((r) => r.email).sort()).toEqual(addresses('reader', 23));
    const queued = (await newsletterMail()).map((m) => m.recipient);
    // Everyone once; the one whose row outlived its batch was not queued a second time by the retry.
    expect(new Set(queued).size).toBe(queued.length);
    expect(queued.length).toBe(22);
    expect(queued).not.toContain(eleventh.email);
  });

  it('spaces the messages 60/rate seconds apart, across batches, and leaves other mail first in line', async () => {
    await seedSubscribers(db, 'confirmed', addresses('spaced', 6));
    await startedCampaign(db, 'May news');
    const start = new Date('2030-01-01T09:00:00.000Z');
    await sendCampaigns({ db, log, ratePerMinute: 120, secret, now: () => start, batchSize: 4 });
    const due = (await newsletterMail()).map((m) => Date.parse(m.next_attempt_at) - start.getTime());
    expect(due).toEqual([0, 500, 1000, 1500, 2000, 2500]);

    // A confirmation queued after the campaign is sent before the newsletter messages due with it.
    await db
      .insertInto('outbox_messages')
      .values({
        kind: 'subscription-confirmation',
        recipient: 'new@example.com',
        subject: 'Please confirm',
        reply_to: null,
        message: JSON.stringify({ to: 'new@example.com', subject: 'Please confirm', text: 'hi' }),
        status: 'pending',
        next_attempt_at: start.toISOString(),
        created_at: start.toISOString(),
      })
      .execute();
    const [first] = await claimDueMessages(db, 1, 15_000, new Date(start.getTime() + 10_000));
    expect(first?.kind).toBe('subscription-confirmation');
  });

  describe('just before sending', () => {
    it('fills in the subscriber’s own unsubscribe link and headers, and withdraws the message of one who left', async () => {
      await seedSubscribers(db, 'confirmed', addresses('prep', 2));
      const campaign = await startedCampaign(db, 'June news');
      await sendCampaigns({ db, log, ratePerMinute: 0, secret, now: () => new Date() });
      const prepare = newsletterMailPreparer({ db, mail, secret, now: () => new Date() });
      const [first, second] = (await newsletterMail()).map((m) => JSON.parse(m.message));

      const ready = await prepare(first);
      expect(ready.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(ready.headers?.['List-ID']).toBe('<newsletter.www.example.test>');
      const link = ready.headers?.['List-Unsubscribe']?.match(/<(https:[^>]+)>/)?.[1];
      expect(link).toMatch(/^https:\/\/www\.example\.test\/unsubscribe\?token=[\w-]{43}$/);
      expect(ready.text).toContain(link);
      expect(ready.html).toContain(link);
      expect(ready.text).toMatch(
        /You are receiving this because you signed up to the .+ newsletter on \d+ \w+ \d{4}\./,
      );
      expect(`${ready.text}${ready.html}`).not.toContain('{{');
      expect(ready.html).toContain('<strong>news</strong>');

      await db
        .updateTable('subscribers')
        .set({ status: 'unsubscribed' })
        .where('email', '=', second.to)
        .execute();
      await expect(prepare(second)).rejects.toBeInstanceOf(MessageWithdrawn);
      const skipped = await db
        .selectFrom('campaign_recipients')
        .select('status')
        .where('campaign_id', '=', campaign)
        .where('email', '=', second.to)
        .executeTakeFirstOrThrow();
      expect(skipped.status).toBe('skipped');
    });
  });
});

describeEachDatabase('a campaign made from an article', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(kind);
    db = createDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('keeps the words staff wrote (the composer starts from the article’s), and its email links to the article on the site', async () => {
    const author = await db
      .insertInto('users')
      .values({
        email: 'ann@fenwickhale.test',
        password_hash: null,
        status: 'active',
        role: 'staff',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const articles = new Map([
      [
        7,
        {
          title: 'Making Tax Digital for landlords',
          summary: 'What changes in April, and what to do now.',
          bodyMarkdown: 'From April, landlords over **£50,000** keep digital records.',
          url: 'https://www.example.test/insights/making-tax-digital',
        },
      ],
    ]);
    const newsletter = createNewsletterService({
      db,
      mail,
      articleSource: async (id) => articles.get(id),
      now: () => new Date(),
    });
    const campaign = await newsletter.create(
      {
        subject: 'MTD for landlords: what to do now',
        bodyMarkdown: 'From April, records go digital.',
        articleId: 7,
      },
      author.id,
    );
    expect(campaign).toMatchObject({
      subject: 'MTD for landlords: what to do now',
      bodyMarkdown: 'From April, records go digital.',
      articleId: 7,
      status: 'draft',
    });
    const preview = await newsletter.preview(campaign.id);
    expect(preview?.html).toContain('Read it on our site');
    expect(preview?.html).toContain('href="https://www.example.test/insights/making-tax-digital"');
    expect(preview?.html).toContain('What changes in April, and what to do now.');
    expect(preview?.text).toContain(
      'Read it on our site: https://www.example.test/insights/making-tax-digital',
    );
  });
});
