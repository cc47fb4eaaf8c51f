import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

describeEachDatabase('migration 035 on the leads an older version kept', (kind) => {
  const migrated = databaseMigratedTo(kind, '034-people');

  it('replays each person’s leads into opportunities: a closed lead ends one, each takes its furthest stage', async () => {
    const { db } = migrated;
    const person = await sql<{ id: number }>`insert into people (email, email_key, name, created_at)
      values ('amira@example.test', 'amira@example.test', 'Amira', '2026-01-01T09:00:00.000Z') returning id`.execute(
      db,
    );
    const amira = Number(person.rows[0]?.id);
    const enquiry = (reference: string, personId: number | null, stage: string, at: string) =>
      sql`insert into enquiries (reference, kind, name, email, organisation, phone, postcode, message, details, ip_address, created_at, stage, person_id)
        values (${reference}, 'quote', 'Amira', 'amira@example.test', 'Dentist', null, null, 'Hello', '{}', null, ${at}, ${stage}, ${personId})`.execute(
        db,
      );
    await enquiry('FH-OPP-001', amira, 'lost', '2026-01-01T09:00:00.000Z');
    await sql`insert into applications (reference, email, your_name, business_name, answers, created_at, stage, person_id)
      values ('FH-OPP-002', 'amira@example.test', 'Amira', 'Shah Dental', '{}', '2026-02-01T09:00:00.000Z', 'new', ${amira})`.execute(
      db,
    );
    await sql`insert into bookings (reference, email, starts_at, ends_at, local_date, local_time, time_zone, status, cancel_token_hash, created_at, stage, person_id)
      values ('FH-OPP-003', 'amira@example.test', '2026-03-02T10:00:00.000Z', '2026-03-02T10:30:00.000Z',
        '2026-03-02', '10:00', 'Europe/London', 'confirmed', 'x', '2026-03-01T09:00:00.000Z', 'contacted', ${amira})`.execute(
      db,
    );
    await enquiry('FH-OPP-004', null, 'new', '2026-04-01T09:00:00.000Z');
    await migrateToLatest(db);

    const opportunities = await sql<{ id: number; person_id: number | null; title: string; stage: string }>`
      select id, person_id, title, stage from opportunities order by id`.execute(db);
    expect(
      opportunities.rows.map((row) => [
        row.person_id === null ? null : Number(row.person_id),
        row.title,
        row.stage,
      ]),
    ).toEqual([
      [amira, 'Quote request', 'lost'],
      [amira, 'Application', 'contacted'],
      [null, 'Quote request', 'new'],
    ]);
    const [lost, open, erased] = opportunities.rows.map((row) => Number(row.id));
    const leads = await sql<{ reference: string; opportunity_id: number; stage: string }>`
      select reference, opportunity_id, stage from enquiries union all select reference, opportunity_id, stage
      from applications union all select reference, opportunity_id, stage from bookings order by reference`.execute(
      db,
    );
    expect(leads.rows.map((row) => [row.reference, Number(row.opportunity_id), row.stage])).toEqual([
      ['FH-OPP-001', lost, 'lost'],
      ['FH-OPP-002', open, 'contacted'],
      ['FH-OPP-003', open, 'contacted'],
      ['FH-OPP-004', erased, 'new'],
    ]);
    // New ones follow on from the ids the migration gave.
    const next = await sql<{
      id: number;
    }>`insert into opportunities (title, stage, created_at, stage_changed_at)
      values ('Call', 'new', '2026-05-01T09:00:00.000Z', '2026-05-01T09:00:00.000Z') returning id`.execute(
      db,
    );
    expect(Number(next.rows[0]?.id)).toBe(4);
  });
});
