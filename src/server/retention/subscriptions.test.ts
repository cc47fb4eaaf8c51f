import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { createMailingListService } from '#server/features/mailing-list/index.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import { recipientCap } from '#server/mail/recipient-cap.ts';
import { derivedToken } from '#server/tokens.ts';
import { confirmSubscriptionPage } from '#shared/api/mailing-list.ts';
import {
  createMigratedTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { startedCampaign } from '#tests/support/newsletter.ts';
import { runRetention } from './job.ts';

// A newsletter subscription through its whole life on a fixed clock: signed up, confirmed, sent a
// newsletter, unsubscribed, signed up again and never confirmed; then what the retention job leaves of it
// as the days pass, read from the tables the back office and an export read.

const secret = 'retention-test-secret-retention-test-secret';
const start = new Date('2020-01-06T09:00:00.000Z');
const daysAfter = (days: number) => new Date(start.getTime() + days * 86_400_000);
const email = 'ada.returning@example.test';
const ip = '203.0.113.77';

describeEachDatabase('the retention job on a subscription', (kind) => {
  const current = {} as { db: Db; database: TestDatabase; clock: Date };
  beforeEach(async () => {
    current.database = await createMigratedTestDatabase(kind);
    current.db = createDatabase(loadConfig({ DATABASE_URL: current.database.url }).database);
    current.clock = start;
  });
  afterEach(async () => {
    await current.db.destroy();
    await current.database.drop();
  });

  const service = () =>
    createMailingListService({
      db: current.db,
      mail: {
        publicUrl: new URL('https://firm.example'),
        unsubscribeMailbox: 'hello@firm.example',
        firm: demoFirm,
      },
      secret,
      recipientCap: recipientCap(secret, 100),
      now: () => current.clock,
    });
  const run = (at: Date) =>
    runRetention(current.db, leadRegistry(), { months: 24, now: at, via: 'schedule', secret });

  /** The token of the confirmation link in the last email queued to the address. */
  async function confirmToken() {
    const row = await current.db
      .selectFrom('outbox_messages')
      .select('message')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const text = (JSON.parse(row.message) as { text: string }).text;
    const token = text.match(new RegExp(`${confirmSubscriptionPage.path}\\?token=([\\w-]+)`))?.[1];
    if (!token) throw new Error(`no confirmation link in ${text}`);
    return token;
  }
  /** Every email to a subscriber carries the same unsubscribe link (service.ts). */
  const unsubscribeToken = () => derivedToken(secret, 'unsubscribe-link', email);

  const subscriber = () =>
    current.db
      .selectFrom('subscribers')
      .select([
        'id',
        'status',
        'confirmed_at',
        'unsubscribed_at',
        'confirmation_sent_at',
        'confirm_token_hash',
      ])
      .where('email', '=', email)
      .executeTakeFirst();
  const trail = (id: number) =>
    current.db
      .selectFrom('subscriber_consents')
      .select(['event', 'ip_address', 'created_at'])
      .where('subscriber_id', '=', id)
      .orderBy('id')
      .execute();

  /** Signed up, confirmed, sent one newsletter, unsubscribed on day 100, signed up again on day 400. */
  async function returningSubscriber() {
    const list = service();
    const signUp = { email, source: 'newsletter-form', wording: 'Send me the newsletter', ipAddress: ip };
    await list.signUp(signUp);
    current.clock = daysAfter(1);
    expect(await list.confirm(await confirmToken(), ip)).toBe('confirmed');
    const { id } = (await subscriber()) ?? { id: 0 };
    const campaign = await startedCampaign(current.db, 'Spring issue', daysAfter(50));
    await current.db
      .insertInto('campaign_recipients')
      .values({
        campaign_id: campaign,
        subscriber_id: id,
        email,
        status: 'sent',
        sent_at: daysAfter(50).toISOString(),
        created_at: daysAfter(50).toISOString(),
      })
      .execute();
    current.clock = daysAfter(100);
    expect(await list.unsubscribe(unsubscribeToken(), 'unsubscribe-page', ip)).toBe('unsubscribed');
    current.clock = daysAfter(400);
    await list.signUp(signUp);
    return id;
  }

  it('signing up again keeps the dates of the earlier confirmation and unsubscribe', async () => {
    await returningSubscriber();
    expect(await subscriber()).toMatchObject({
      status: 'pending',
      confirmed_at: daysAfter(1).toISOString(),
      unsubscribed_at: daysAfter(100).toISOString(),
    });
  });

  it('an unsubscribe keeps only the consent trail: no internet addresses and no newsletter history', async () => {
    const list = service();
    await list.signUp({ email, source: 'newsletter-form', wording: 'Send me the newsletter', ipAddress: ip });
    current.clock = daysAfter(1);
    await list.confirm(await confirmToken(), ip);
    const { id } = (await subscriber()) ?? { id: 0 };
    const campaign = await startedCampaign(current.db, 'Spring issue', daysAfter(50));
    await current.db
      .insertInto('campaign_recipients')
      .values({
        campaign_id: campaign,
        subscriber_id: id,
        email,
        status: 'sent',
        created_at: start.toISOString(),
      })
      .execute();
    current.clock = daysAfter(100);
    await list.unsubscribe(unsubscribeToken(), 'unsubscribe-page', ip);

    expect(await run(daysAfter(101))).toMatchObject({ counts: { unsubscribedTrimmed: 1 } });

    expect((await trail(id)).map((event) => [event.event, event.ip_address])).toEqual([
      ['signed-up', null],
      ['confirmed', null],
      ['unsubscribed', null],
    ]);
    const history = await current.db.selectFrom('campaign_recipients').select('email').execute();
    expect(history).toEqual([]);
  });

  it('ends a sign-up again never confirmed after 30 days: back to the earlier consent trail, which goes six years after the unsubscribe', async () => {
    const id = await returningSubscriber();
    // Within the 30 days its confirmation link may still be clicked: nothing goes.
    await run(daysAfter(429));
    expect((await subscriber())?.status).toBe('pending');

    expect(await run(daysAfter(431))).toMatchObject({
      counts: { unconfirmedSignUpsEnded: 1, unsubscribedTrimmed: 1 },
    });

    expect(await subscriber()).toEqual({
      id,
      status: 'unsubscribed',
      confirmed_at: daysAfter(1).toISOString(),
      unsubscribed_at: daysAfter(100).toISOString(),
      confirmation_sent_at: null,
      confirm_token_hash: null,
    });
    // The sign-up again gave no consent: it goes, with the address it came from.
    expect(await trail(id)).toEqual([
      { event: 'signed-up', ip_address: null, created_at: start.toISOString() },
      { event: 'confirmed', ip_address: null, created_at: daysAfter(1).toISOString() },
      { event: 'unsubscribed', ip_address: null, created_at: daysAfter(100).toISOString() },
    ]);
    expect(await current.db.selectFrom('campaign_recipients').selectAll().execute()).toEqual([]);

    // Six years after the unsubscribe, the trail goes too; not a day before.
    const sixYears = new Date(daysAfter(100));
    sixYears.setUTCFullYear(sixYears.getUTCFullYear() + 6);
    await run(new Date(sixYears.getTime() - 86_400_000));
    expect(await subscriber()).toBeDefined();
    await run(new Date(sixYears.getTime() + 86_400_000));
    expect(await subscriber()).toBeUndefined();
    expect(await trail(id)).toEqual([]);
  });

  it('one whose earlier consent trail is over six years old goes whole when the sign-up again lapses', async () => {
    const id = await returningSubscriber();
    const sevenYears = new Date(daysAfter(100));
    sevenYears.setUTCFullYear(sevenYears.getUTCFullYear() + 7);
    // Signed up again long after, and never confirmed.
    current.clock = sevenYears;
    await service().signUp({
      email,
      source: 'newsletter-form',
      wording: 'Send me the newsletter',
      ipAddress: ip,
    });

    await run(new Date(sevenYears.getTime() + 31 * 86_400_000));

    expect(await subscriber()).toBeUndefined();
    expect(await trail(id)).toEqual([]);
  });
});
