import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createMailingListService } from '#server/features/mailing-list/service.ts';
import { recipientCap } from '#server/mail/recipient-cap.ts';
import { systemClock } from '#server/time/clock.ts';
import { newToken } from '#server/tokens.ts';
import { columnsHolding, rawFilesHolding } from '#tests/support/database-search.ts';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { demoFirm } from '#tests/support/firms.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

describeEachDatabase('migration 011 on data an older version left', (kind) => {
  const migrated = databaseMigratedTo(kind, '009-back-office-lists');

  it('keeps a hash of each unsubscribe token, so links already sent still work, and no token itself', async () => {
    const token = newToken();
    const at = new Date().toISOString();
    await sql`insert into subscribers (email, status, unsubscribe_token, created_at)
      values ('old@example.com', 'confirmed', ${token}, ${at})`.execute(migrated.db);
    await migrateToLatest(migrated.db);

    const stored = await migrated.db
      .selectFrom('subscribers')
      .select('unsubscribe_token_hash')
      .executeTakeFirstOrThrow();
    expect(stored.unsubscribe_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const mailingList = createMailingListService({
      db: migrated.db,
      mail: {
        publicUrl: new URL('https://www.example.com'),
        unsubscribeMailbox: 'hello@example.com',
        firm: demoFirm,
      },
      secret: 's'.repeat(40),
      recipientCap: recipientCap('s'.repeat(40), 5),
      now: systemClock,
    });
    expect(await mailingList.findByUnsubscribeToken(token)).toEqual({
      email: 'old@example.com',
      status: 'confirmed',
    });
    expect(await columnsHolding(migrated.db, [token])).toEqual([]);
    if (kind === 'sqlite') expect(rawFilesHolding(migrated.database.url, [token])).toEqual([]);
  });

  it('empties the bodies of emails already sent or given up, keeping their envelope, and keeps those still to send', async () => {
    const at = new Date().toISOString();
    const tokens = { sent: newToken(), failed: newToken(), pending: newToken() };
    for (const [status, token] of Object.entries(tokens)) {
      const message = JSON.stringify({
        to: `${status}@example.com`,
        subject: `Your ${status} link`,
        text: `https://www.example.com/reset-password?token=${token}`,
        replyTo: 'staff@example.com',
      });
      await sql`insert into outbox_messages (kind, recipient, message, status, next_attempt_at, created_at)
        values ('password-reset-link', ${`${status}@example.com`}, ${message}, ${status}, ${at}, ${at})`.execute(
        migrated.db,
      );
    }
    await migrateToLatest(migrated.db);

    const rows = await migrated.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'reply_to', 'status', 'message'])
      .orderBy('id')
      .execute();
    expect(
      rows.map(({ message, ...row }) => ({ ...row, body: message && JSON.parse(message).text })),
    ).toEqual([
      {
        recipient: 'sent@example.com',
        subject: 'Your sent link',
        reply_to: 'staff@example.com',
        status: 'sent',
        body: '',
      },
      {
        recipient: 'failed@example.com',
        subject: 'Your failed link',
        reply_to: 'staff@example.com',
        status: 'failed',
        body: '',
      },
      {
        recipient: 'pending@example.com',
        subject: 'Your pending link',
        reply_to: 'staff@example.com',
        status: 'pending',
        body: `https://www.example.com/reset-password?token=${tokens.pending}`,
      },
    ]);
    expect(await columnsHolding(migrated.db, [tokens.sent, tokens.failed])).toEqual([]);
    if (kind === 'sqlite')
      expect(rawFilesHolding(migrated.database.url, [tokens.sent, tokens.failed])).toEqual([]);
  });
});
