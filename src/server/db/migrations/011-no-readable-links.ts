import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

export async function up(db: Kysely<unknown>) {
  // An email keeps its envelope (subject, and the visitor a staff notice is about) in columns, so its body
  // can be emptied once it is sent or given up: the body held links that sign in, cancel or unsubscribe.
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('outbox_messages').addColumn('reply_to', 'text').execute();
  const field = (name: string) =>
    isPostgres(db) ? sql`(message::json ->> ${name})` : sql`json_extract(message, ${`$.${name}`})`;
  await sql`update outbox_messages set subject = coalesce(${field('subject')}, ''), reply_to = ${field('replyTo')}`.execute(
    db,
  );
  await sql`update outbox_messages set message = '' where status <> 'pending'`.execute(db);
  // A data-protection request finds the staff notices about an address by their reply-to.
  await db.schema
    .createIndex('outbox_messages_by_lower_reply_to')
    .on('outbox_messages')
    .expression(sql`lower(reply_to)`)
    .execute();

  // Unsubscribe tokens were kept as they are; from now on only a SHA-256 hash is. Links in emails already
  // sent keep working, since the hash of their token is what is stored now.
  await sql`alter table subscribers rename column unsubscribe_token to unsubscribe_token_hash`.execute(db);
  const { rows } = await sql<{
    id: number;
    token: string;
  }>`select id, unsubscribe_token_hash as token from subscribers`.execute(db);
  for (const row of rows) {
    const hash = createHash('sha256').update(row.token).digest('hex');
    await sql`update subscribers set unsubscribe_token_hash = ${hash} where id = ${row.id}`.execute(db);
  }
}
