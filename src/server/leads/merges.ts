import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, PersonTable } from '#server/db/schema.ts';

// Two records of one client merged, and the merge undone (decision 028). Merging B into A moves every
// row that is B's to A and records exactly which, so that the undo moves those rows back and no others:
// a lead that arrives from B's address after the merge is A's (personFor follows `merged_into`), and
// stays A's when the merge is undone.

type Db = Kysely<Database>;

/** The tables whose rows belong to a person by `person_id`. */
const personTables = ['enquiries', 'applications', 'bookings', 'opportunities', 'tasks', 'replies'] as const;
/** The details the kept person takes from the merged one where they have none. */
const detailFields = ['name', 'phone', 'organisation', 'owner_id', 'first_reply_at'] as const;
type Details = Partial<Pick<Selectable<PersonTable>, (typeof detailFields)[number] | 'first_reply_seconds'>>;

/**
 * Whether a person event is the latest between its two people: a merge is undone only while no later
 * merge or undo of the same two stands after it (merged, undone and merged again, only the last counts).
 */
const latestBetweenThem = ({ exists, not, selectFrom }: ExpressionBuilder<Database, 'person_events'>) =>
  not(
    exists(
      selectFrom('person_events as later')
        .select('later.id')
        .whereRef('later.person_id', '=', 'person_events.person_id')
        .whereRef('later.other_id', '=', 'person_events.other_id')
        .whereRef('later.id', '>', 'person_events.id'),
    ),
  );

/** What a merge moved, kept on its event for the undo. */
interface MergeRecord {
  /** The ids moved from the merged person, by table; `people` are those that had been merged into them. */
  moved: Partial<Record<(typeof personTables)[number] | 'people', number[]>>;
  /** The kept person's details the merge filled in, with what they were before (null, or a later reply). */
  filled: Details;
  /** The merged person's address, for the timeline's words. */
  email: string;
}

export type MergeOutcome =
  | { outcome: 'merged'; leads: number }
  | { outcome: 'same' | 'no-person' | 'already-merged' };

/**
 * Merges the person `mergedId` into `keptId`: their leads, new business, tasks and replies become the
 * kept person's, who takes any detail they lacked (and the earlier first reply); the merged person stays,
 * pointing at the kept one. Both must be people of their own (neither merged already).
 */
export function mergePeople(
  db: Db,
  keptId: number,
  mergedId: number,
  userId: number,
  at: Date,
): Promise<MergeOutcome> {
  if (keptId === mergedId) return Promise.resolve({ outcome: 'same' });
  return db.transaction().execute(async (trx) => {
    const people = await trx
      .selectFrom('people')
      .select(['id', 'email', 'merged_into', 'created_at', 'first_reply_seconds', ...detailFields])
      .where('id', 'in', [keptId, mergedId])
      .execute();
    const kept = people.find((person) => person.id === keptId);
    const merged = people.find((person) => person.id === mergedId);
    if (!kept || !merged) return { outcome: 'no-person' };
    if (kept.merged_into !== null || merged.merged_into !== null) return { outcome: 'already-merged' };

    const record: MergeRecord = { moved: {}, filled: {}, email: merged.email };
    for (const table of personTables) {
      const rows = await trx
        .updateTable(table)
        .set({ person_id: keptId })
        .where('person_id', '=', mergedId)
        .returning('id')
        .execute();
      if (rows.length > 0) record.moved[table] = rows.map((row) => row.id);
    }
    const rejoined = await trx
      .updateTable('people')
      .set({ merged_into: keptId })
      .where('merged_into', '=', mergedId)
      .returning('id')
      .execute();
    if (rejoined.length > 0) record.moved.people = rejoined.map((row) => row.id);

    const taken: Details = {};
    for (const field of detailFields) {
      const theirs = merged[field];
      const ours = kept[field];
      const earlierReply = field === 'first_reply_at' && ours !== null && theirs !== null && theirs < ours;
      if (theirs !== null && (ours === null || earlierReply)) {
        Object.assign(taken, { [field]: theirs });
        Object.assign(record.filled, { [field]: ours });
      }
    }
    // The reports' wait for the first reply follows it, counted from the kept person's first lead.
    if (taken.first_reply_at) {
      const wait = (new Date(taken.first_reply_at).getTime() - new Date(kept.created_at).getTime()) / 1000;
      Object.assign(taken, { first_reply_seconds: Math.max(0, Math.round(wait)) });
      Object.assign(record.filled, { first_reply_seconds: kept.first_reply_seconds });
    }
    if (Object.keys(taken).length > 0) {
      await trx.updateTable('people').set(taken).where('id', '=', keptId).execute();
    }
    await trx.updateTable('people').set({ merged_into: keptId }).where('id', '=', mergedId).execute();
    await trx
      .insertInto('person_events')
      .values({
        person_id: keptId,
        event: 'merged',
        detail: JSON.stringify(record),
        other_id: mergedId,
        user_id: userId,
        created_at: at.toISOString(),
      })
      .execute();
    const leads = (['enquiries', 'applications', 'bookings'] as const).reduce(
      (sum, table) => sum + (record.moved[table]?.length ?? 0),
      0,
    );
    return { outcome: 'merged', leads };
  });
}

/**
 * Undoes the merge recorded by event `eventId` on person `keptId`: exactly the rows it moved go back to
 * the merged person, the details it filled in are as they were, and the merged person is their own again.
 * False when there is no such merge, or it was undone already. Pass a transaction.
 */
export async function undoMerge(
  trx: Db,
  keptId: number,
  eventId: number,
  userId: number | null,
  at: Date,
): Promise<boolean> {
  const event = await trx
    .selectFrom('person_events')
    .select(['detail', 'other_id'])
    .where('id', '=', eventId)
    .where('person_id', '=', keptId)
    .where('event', '=', 'merged')
    .where(latestBetweenThem)
    .executeTakeFirst();
  if (!event || event.other_id === null) return false;
  const mergedId = event.other_id;
  const stillMerged = await trx
    .updateTable('people')
    .set({ merged_into: null })
    .where('id', '=', mergedId)
    .where('merged_into', '=', keptId)
    .executeTakeFirst();
  if (Number(stillMerged.numUpdatedRows) === 0) return false;

  const record = JSON.parse(event.detail) as MergeRecord;
  for (const table of personTables) {
    const ids = record.moved[table];
    if (!ids?.length) continue;
    await trx
      .updateTable(table)
      .set({ person_id: mergedId })
      .where('id', 'in', ids)
      .where('person_id', '=', keptId)
      .execute();
  }
  if (record.moved.people?.length) {
    await trx
      .updateTable('people')
      .set({ merged_into: mergedId })
      .where('id', 'in', record.moved.people)
      .where('merged_into', '=', keptId)
      .execute();
  }
  // A detail goes back only while it is still the one the merge took: one staff typed since stays.
  const [kept, merged] = await Promise.all(
    [keptId, mergedId].map((id) =>
      trx.selectFrom('people').select(detailFields).where('id', '=', id).executeTakeFirstOrThrow(),
    ),
  );
  const stillTaken = (field: string) =>
    // The reports' wait goes back with the first reply it was counted from.
    field === 'first_reply_seconds'
      ? kept?.first_reply_at === merged?.first_reply_at
      : kept?.[field as (typeof detailFields)[number]] === merged?.[field as (typeof detailFields)[number]];
  const restored = Object.fromEntries(Object.entries(record.filled).filter(([field]) => stillTaken(field)));
  if (Object.keys(restored).length > 0) {
    await trx.updateTable('people').set(restored).where('id', '=', keptId).execute();
  }
  await trx
    .insertInto('person_events')
    .values({
      person_id: keptId,
      event: 'unmerged',
      detail: JSON.stringify({ email: record.email, merge: eventId }),
      other_id: mergedId,
      user_id: userId,
      created_at: at.toISOString(),
    })
    .execute();
  return true;
}

/**
 * The merges into a person that can still be undone, newest first: the event of each and the address
 * of the person it merged.
 */
export async function undoableMerges(db: Db, keptId: number) {
  return db
    .selectFrom('person_events')
    .innerJoin('people', 'people.id', 'person_events.other_id')
    .select(['person_events.id', 'people.email', 'person_events.created_at'])
    .where('person_events.person_id', '=', keptId)
    .where('person_events.event', '=', 'merged')
    .where('people.merged_into', '=', keptId)
    .where(latestBetweenThem)
    .orderBy('person_events.id', 'desc')
    .execute();
}

/**
 * Before people are forgotten: each merge into one of them is undone, so that the people merged into
 * them keep their own leads, and every event naming any of them goes. Pass a transaction.
 */
export async function unmergeBeforeForgetting(trx: Db, ids: readonly number[], at: Date) {
  if (ids.length === 0) return;
  const merges = await trx
    .selectFrom('person_events')
    .innerJoin('people', 'people.id', 'person_events.other_id')
    .select(['person_events.id', 'person_events.person_id'])
    .where('person_events.person_id', 'in', ids)
    .where('person_events.event', '=', 'merged')
    .whereRef('people.merged_into', '=', 'person_events.person_id')
    .orderBy('person_events.id', 'desc')
    .execute();
  for (const merge of merges) await undoMerge(trx, merge.person_id, merge.id, null, at);
  await trx
    .deleteFrom('person_events')
    .where((eb) => eb.or([eb('person_id', 'in', ids), eb('other_id', 'in', ids)]))
    .execute();
  // Anyone still pointing at a forgotten person (merged into them by a merge no longer on record) is
  // their own again.
  await trx.updateTable('people').set({ merged_into: null }).where('merged_into', 'in', ids).execute();
}
