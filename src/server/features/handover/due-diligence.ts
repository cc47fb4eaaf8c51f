import { type Kysely, type Selectable, sql } from 'kysely';
import { recordAudit } from '#server/audit/log.ts';
import { isPostgres } from '#server/db/database.ts';
import type { Database, DueDiligenceTable } from '#server/db/schema.ts';
import { staffLabel } from '#server/db/staff-label.ts';
import { writeTransaction } from '#server/db/write-transaction.ts';
import type { DueDiligence } from '#shared/api/back-office-handover.ts';
import { type DueDiligenceBody, missingForCompletion, riskLabels } from '#shared/handover.ts';

// Client due diligence (migration 044's `due_diligence`, one row per person): who verified identity, on
// what day, against what, the risk rating and why, and its completion, after which the client counts as
// onboarded and the record no longer changes. Kept only for a person with an accepted proposal. No
// identity document is ever stored: the record says what was seen, not a copy of it. Each change is
// audited and on the person's timeline, in the transaction that makes it.

type Db = Kysely<Database>;

/** A person we keep due diligence for: one not merged into another. */
async function personOf(db: Db, personId: number) {
  return db
    .selectFrom('people')
    .select(['id', 'email'])
    .where('id', '=', personId)
    .where('merged_into', 'is', null)
    .executeTakeFirst();
}

/** Whether the person has accepted a proposal (a client), so due diligence is kept for them. */
async function hasAcceptedProposal(db: Db, personId: number) {
  const row = await db
    .selectFrom('proposals')
    .select('id')
    .where('person_id', '=', personId)
    .where('status', '=', 'accepted')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readDueDiligence(db: Db, personId: number): Promise<DueDiligence | null> {
  if (!(await personOf(db, personId))) return null;
  const [eligible, row] = await Promise.all([
    hasAcceptedProposal(db, personId),
    db
      .selectFrom('due_diligence')
      .leftJoin('users as verifier', 'verifier.id', 'due_diligence.verified_by')
      .leftJoin('users as completer', 'completer.id', 'due_diligence.completed_by')
      .select([
        'due_diligence.verified_by',
        sql<string | null>`coalesce(verifier.name, verifier.email)`.as('verifier'),
        'due_diligence.verified_on',
        'due_diligence.verified_against',
        'due_diligence.risk',
        'due_diligence.risk_reason',
        'due_diligence.completed_at',
        sql<string | null>`coalesce(completer.name, completer.email)`.as('completer'),
        'due_diligence.updated_at',
      ])
      .where('due_diligence.person_id', '=', personId)
      .executeTakeFirst(),
  ]);
  return {
    eligible,
    onboarded: Boolean(row?.completed_at),
    record: row
      ? {
          verifiedBy: row.verified_by === null ? null : { id: row.verified_by, name: row.verifier ?? '' },
          verifiedOn: row.verified_on,
          verifiedAgainst: row.verified_against,
          risk: row.risk,
          riskReason: row.risk_reason,
          completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
          completedBy: row.completer,
          updatedAt: new Date(row.updated_at).toISOString(),
        }
      : null,
  };
}

export type DueDiligenceRefusal = 'no-person' | 'not-a-client' | 'complete' | 'no-colleague';

/** Serialises changes to one person's record: PostgreSQL's advisory lock; SQLite's write lock already does. */
async function lockRecord(trx: Db, personId: number) {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(hashtext('due_diligence'), ${personId})`.execute(trx);
}

type Guarded =
  | { refused: Exclude<DueDiligenceRefusal, 'no-colleague'> }
  | { person: { id: number; email: string }; record: Selectable<DueDiligenceTable> | undefined };

/** The person and their record, locked, when it may change; else why not. */
async function guard(trx: Db, personId: number): Promise<Guarded> {
  const person = await personOf(trx, personId);
  if (!person) return { refused: 'no-person' };
  if (!(await hasAcceptedProposal(trx, personId))) return { refused: 'not-a-client' };
  await lockRecord(trx, personId);
  const record = await trx
    .selectFrom('due_diligence')
    .selectAll()
    .where('person_id', '=', personId)
    .executeTakeFirst();
  if (record?.completed_at) return { refused: 'complete' };
  return { person, record };
}

async function timeline(trx: Db, personId: number, words: string, userId: number, at: Date) {
  await trx
    .insertInto('person_events')
    .values({
      person_id: personId,
      event: 'due-diligence',
      detail: JSON.stringify({ words }),
      other_id: null,
      user_id: userId,
      created_at: at.toISOString(),
    })
    .execute();
}

const empty = (text: string) => (text === '' ? null : text);

/**
 * Records what staff filled in so far. 'unchanged' when nothing differs; refused for someone who is not
 * a client, a record already complete, or a verifier who is not an active colleague.
 */
export function saveDueDiligence(
  db: Db,
  personId: number,
  body: DueDiligenceBody,
  userId: number,
  now: Date,
): Promise<'saved' | 'unchanged' | DueDiligenceRefusal> {
  return writeTransaction(db, async (trx) => {
    const found = await guard(trx, personId);
    if ('refused' in found) return found.refused;
    let verifier: string | null = null;
    if (body.verifiedBy !== null) {
      const colleague = await trx
        .selectFrom('users')
        .select(staffLabel.as('label'))
        .where('id', '=', body.verifiedBy)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!colleague) return 'no-colleague';
      verifier = colleague.label;
    }
    const values = {
      verified_by: body.verifiedBy,
      verified_on: empty(body.verifiedOn),
      verified_against: empty(body.verifiedAgainst),
      risk: body.risk,
      risk_reason: empty(body.riskReason),
    };
    const { record } = found;
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter(
      (field) => (record?.[field] ?? null) !== values[field],
    );
    if (changed.length === 0) return 'unchanged';
    const at = now.toISOString();
    if (record) {
      await trx
        .updateTable('due_diligence')
        .set({ ...values, updated_by: userId, updated_at: at })
        .where('person_id', '=', personId)
        .execute();
    } else {
      await trx
        .insertInto('due_diligence')
        .values({ person_id: personId, ...values, updated_by: userId, updated_at: at })
        .execute();
    }
    const said = [
      values.verified_by !== null && `identity verified by ${verifier}`,
      values.verified_on && `on ${values.verified_on}`,
      values.verified_against && `against “${values.verified_against}”`,
      values.risk && `${riskLabels[values.risk].toLowerCase()} risk`,
      values.risk_reason && `because “${values.risk_reason}”`,
    ].filter(Boolean);
    await timeline(trx, personId, `Due diligence recorded: ${said.join(', ') || 'cleared'}`, userId, now);
    await recordAudit(
      trx,
      { userId, action: 'due-diligence.saved', subject: found.person.email, detail: { fields: changed } },
      now,
    );
    return 'saved';
  });
}

/** Completes the record, once every field is filled: the client counts as onboarded from now. */
export function completeDueDiligence(
  db: Db,
  personId: number,
  userId: number,
  now: Date,
): Promise<'completed' | DueDiligenceRefusal | { missing: string[] }> {
  return writeTransaction(db, async (trx) => {
    const found = await guard(trx, personId);
    if ('refused' in found) return found.refused;
    const { record } = found;
    const missing = missingForCompletion({
      verifiedBy: record?.verified_by ?? null,
      verifiedOn: record?.verified_on ?? null,
      verifiedAgainst: record?.verified_against ?? null,
      risk: record?.risk ?? null,
      riskReason: record?.risk_reason ?? null,
    });
    if (missing.length > 0) return { missing };
    await trx
      .updateTable('due_diligence')
      .set({ completed_at: now.toISOString(), completed_by: userId, updated_at: now.toISOString() })
      .where('person_id', '=', personId)
      .execute();
    await timeline(trx, personId, 'Due diligence complete: onboarded', userId, now);
    await recordAudit(trx, { userId, action: 'due-diligence.completed', subject: found.person.email }, now);
    return 'completed';
  });
}
