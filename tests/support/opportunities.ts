import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { LeadStage } from '#shared/back-office.ts';

/**
 * `count` applications, each from a person of its own as one opportunity at `stage`, a second apart and
 * newest first (Applicant 0 is the newest), written straight to the database: a board to fill quickly.
 */
export async function seedOpportunities(
  db: Kysely<Database>,
  { count, stage, prefix }: { count: number; stage: LeadStage; prefix: string },
) {
  const at = Date.now();
  for (let index = 0; index < count; index++) {
    const createdAt = new Date(at - index * 1000).toISOString();
    const email = `${prefix}.${index}@example.test`;
    const person = await db
      .insertInto('people')
      .values({
        email,
        email_key: email,
        name: `Applicant ${index}`,
        phone: null,
        organisation: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const opportunity = await db
      .insertInto('opportunities')
      .values({
        person_id: person.id,
        title: 'Application',
        stage,
        value_pence: index % 2 === 0 ? 120_000 : null,
        created_at: createdAt,
        stage_changed_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('applications')
      .values({
        reference: `${prefix}-${index}`,
        email,
        your_name: `Applicant ${index}`,
        business_name: `${prefix} Ltd, bookkeeping and payroll for a growing practice of six`,
        answers: '{}',
        created_at: createdAt,
        stage,
        person_id: person.id,
        opportunity_id: opportunity.id,
      })
      .execute();
  }
}
