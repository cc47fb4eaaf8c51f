import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/databases.ts';
import { databaseMigratedTo } from '#tests/support/migrated-database.ts';
import { migrateToLatest } from '../migrate.ts';

describeEachDatabase('migration 039 on the leads an older version kept', (kind) => {
  const migrated = databaseMigratedTo(kind, '037-replies');

  it('counts earlier leads as Not recorded, each opportunity at the furthest stage it reached, and each first wait', async () => {
    const { db } = migrated;
    const person = await sql<{
      id: number;
    }>`insert into people (email, email_key, name, created_at, first_reply_at)
      values ('amira@example.test', 'amira@example.test', 'Amira', '2026-01-01T09:00:00.000Z',
        '2026-01-01T11:00:00.000Z') returning id`.execute(db);
    const amira = Number(person.rows[0]?.id);
    // Three pieces of business: lost once qualified, lost straight from New, and contacted.
    for (const [index, stage] of ['lost', 'lost', 'contacted'].entries()) {
      const at = `2026-01-0${index + 1}T09:00:00.000Z`;
      const opportunity = await sql<{ id: number }>`insert into opportunities
        (person_id, title, stage, created_at, stage_changed_at)
        values (${amira}, 'Enquiry', ${stage}, ${at}, ${at}) returning id`.execute(db);
      const enquiry = await sql<{
        id: number;
      }>`insert into enquiries (reference, kind, name, email, organisation,
        message, details, created_at, stage, person_id, opportunity_id)
        values (${`FH-SRC-00${index}`}, 'contact', 'Amira', 'amira@example.test', 'Dentist', 'Hello', '{}', ${at},
          ${stage}, ${amira}, ${opportunity.rows[0]?.id}) returning id`.execute(db);
      const moves = index === 0 ? ['qualified', 'lost'] : [stage];
      for (const move of moves) {
        await sql`insert into lead_events (lead_kind, lead_id, event, detail, created_at)
          values ('enquiry', ${enquiry.rows[0]?.id}, 'stage', ${move}, ${at})`.execute(db);
      }
    }
    await sql`insert into subscribers (email, status, unsubscribe_token_hash, created_at)
      values ('reader@example.test', 'pending', 'x', '2026-01-05T09:00:00.000Z')`.execute(db);
    await migrateToLatest(db);

    const reached = await sql<{ stage: string; furthest_stage: string }>`
      select stage, furthest_stage from opportunities order by id`.execute(db);
    expect(reached.rows).toEqual([
      { stage: 'lost', furthest_stage: 'qualified' },
      { stage: 'lost', furthest_stage: 'new' },
      { stage: 'contacted', furthest_stage: 'contacted' },
    ]);
    const waits = await sql<{ first_reply_seconds: number }>`select first_reply_seconds from people`.execute(
      db,
    );
    expect(waits.rows.map((row) => Number(row.first_reply_seconds))).toEqual([7200]);
    const sources = await sql<{ lead_kind: string; channel: string; moved_on: number }>`
      select lead_kind, channel, moved_on from lead_sources order by lead_kind, lead_id`.execute(db);
    expect(sources.rows.map((row) => ({ ...row, moved_on: Number(row.moved_on) }))).toEqual([
      { lead_kind: 'enquiry', channel: 'Not recorded', moved_on: 1 },
      { lead_kind: 'enquiry', channel: 'Not recorded', moved_on: 0 },
      { lead_kind: 'enquiry', channel: 'Not recorded', moved_on: 1 },
      { lead_kind: 'subscriber', channel: 'Not recorded', moved_on: 0 },
    ]);
  });
});
