import { type Kysely, sql } from 'kysely';

// The actions an anonymous caller could set off when this migration was written; later ones name their
// kind when they are recorded (audit/log.ts).
const signInActions = ['sign-in.succeeded', 'sign-in.failed', 'sign-in.throttled', 'signed-out'];

export async function up(db: Kysely<unknown>) {
  // The audit screen lists staff actions apart from sign-in events, each newest first a page at a time,
  // so each kind needs its own (kind, created_at, id) index: a million failed sign-ins must not make a
  // page of staff actions read through them.
  await db.schema
    .alterTable('audit_log')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await sql`update audit_log set kind = 'sign-in' where action in (${sql.join(signInActions)})`.execute(db);
  await db.schema
    .createIndex('audit_log_by_kind_created')
    .on('audit_log')
    .columns(['kind', 'created_at', 'id'])
    .execute();
}
