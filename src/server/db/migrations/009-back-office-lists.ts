import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // The mailing list pages by sign-up date, with or without a status filter.
  await db.schema
    .createIndex('subscribers_by_status_created')
    .on('subscribers')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('subscribers_by_created').on('subscribers').column('created_at').execute();
  // The agenda filters by stage and pages by the call's start.
  await db.schema
    .createIndex('bookings_by_stage_start')
    .on('bookings')
    .columns(['stage', 'starts_at'])
    .execute();

  // Leads keep an email address as the visitor typed it; a data-protection request finds it in any case.
  for (const [table, column] of [
    ['enquiries', 'email'],
    ['applications', 'email'],
    ['bookings', 'email'],
    ['outbox_messages', 'recipient'],
  ] as const) {
    await db.schema
      .createIndex(`${table}_by_lower_${column}`)
      .on(table)
      .expression(sql`lower(${sql.ref(column)})`)
      .execute();
  }
}
