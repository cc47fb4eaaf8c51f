import type { Kysely } from 'kysely';
import type { Database, PersonEventTable } from '#server/db/schema.ts';
import { staffLabel } from '#server/db/staff-label.ts';

// What staff do to a person rather than to one of their leads, for the person's timeline: their details
// corrected, a colleague given them or one of their opportunities (merges are in merges.ts). Each is
// recorded in the transaction that makes the change, in words the timeline shows as they were then.

type Db = Kysely<Database>;

/** The details staff correct on a person's page; null clears one. */
export interface PersonDetails {
  name: string | null;
  phone: string | null;
  organisation: string | null;
}

const detailWords: Record<keyof PersonDetails, string> = {
  name: 'name',
  phone: 'phone',
  organisation: 'organisation',
};

async function record(
  trx: Db,
  personId: number,
  event: PersonEventTable['event'],
  words: string,
  userId: number,
  at: Date,
) {
  await trx
    .insertInto('person_events')
    .values({
      person_id: personId,
      event,
      detail: JSON.stringify({ words }),
      other_id: null,
      user_id: userId,
      created_at: at.toISOString(),
    })
    .execute();
}

/**
 * Corrects a person's name, phone and organisation as staff typed them (a lead only ever fills blanks),
 * saying on their timeline what changed. 'unchanged' when nothing did.
 */
export function changeDetails(
  db: Db,
  personId: number,
  details: PersonDetails,
  userId: number,
  at: Date,
): Promise<'saved' | 'unchanged' | 'no-person'> {
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('people')
      .select(['name', 'phone', 'organisation'])
      .where('id', '=', personId)
      .where('merged_into', 'is', null)
      .executeTakeFirst();
    if (!person) return 'no-person';
    const changed = (Object.keys(detailWords) as (keyof PersonDetails)[]).filter(
      (field) => person[field] !== details[field],
    );
    if (changed.length === 0) return 'unchanged';
    await trx.updateTable('people').set(details).where('id', '=', personId).execute();
    const words = changed
      .map((field) =>
        details[field] === null
          ? `cleared the ${detailWords[field]}`
          : `${detailWords[field]} now “${details[field]}”`,
      )
      .join('; ');
    await record(trx, personId, 'details', `Details: ${words}`, userId, at);
    return 'saved';
  });
}

/** A colleague's name (or address) as timelines show it; null when there is no such active colleague. */
async function colleagueLabel(trx: Db, id: number) {
  const row = await trx
    .selectFrom('users')
    .select(staffLabel.as('label'))
    .where('users.id', '=', id)
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  return row?.label ?? null;
}

/** Gives a person to a colleague to look after, or to nobody, and says so on their timeline. */
export function setPersonOwner(
  db: Db,
  personId: number,
  owner: number | null,
  userId: number,
  at: Date,
): Promise<'saved' | 'no-person' | 'no-colleague'> {
  return db.transaction().execute(async (trx) => {
    const label = owner === null ? null : await colleagueLabel(trx, owner);
    if (owner !== null && label === null) return 'no-colleague';
    const result = await trx
      .updateTable('people')
      .set({ owner_id: owner })
      .where('id', '=', personId)
      .where('merged_into', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return 'no-person';
    await record(trx, personId, 'assigned', label ? `Given to ${label}` : 'Given to nobody', userId, at);
    return 'saved';
  });
}

/**
 * Gives one piece of a person's new business to a colleague (the person's owner looks after the rest),
 * or back to nobody, and says so on the person's timeline.
 */
export function setOpportunityOwner(
  db: Db,
  opportunityId: number,
  owner: number | null,
  userId: number,
  at: Date,
): Promise<'saved' | 'no-opportunity' | 'no-colleague'> {
  return db.transaction().execute(async (trx) => {
    const label = owner === null ? null : await colleagueLabel(trx, owner);
    if (owner !== null && label === null) return 'no-colleague';
    const opportunity = await trx
      .updateTable('opportunities')
      .set({ owner_id: owner })
      .where('id', '=', opportunityId)
      .where('person_id', 'is not', null)
      .returning(['person_id', 'title'])
      .executeTakeFirst();
    if (!opportunity?.person_id) return 'no-opportunity';
    const words = `“${opportunity.title}” given to ${label ?? 'nobody'}`;
    await record(trx, opportunity.person_id, 'assigned', words, userId, at);
    return 'saved';
  });
}
