import type { ExpressionBuilder, Kysely } from 'kysely';
import { staffLabel } from '#server/db/staff-label.ts';
import type { TimelineEntry } from '#shared/api/staged-leads.ts';
import type { LeadKind, LeadStage } from '#shared/back-office.ts';
import type { Database } from '../db/schema.ts';

/** Records a note, a stage change, a cancellation or a call's change against a lead. */
export async function recordLeadEvent(
  db: Kysely<Database>,
  event: {
    kind: LeadKind;
    id: number;
    event: 'note' | 'stage' | 'cancelled' | 'rescheduled' | 'reassigned';
    detail: string;
    userId: number | null;
    at: Date;
  },
) {
  await db
    .insertInto('lead_events')
    .values({
      lead_kind: event.kind,
      lead_id: event.id,
      event: event.event,
      detail: event.detail,
      user_id: event.userId,
      created_at: event.at.toISOString(),
    })
    .execute();
}

/**
 * Changes a lead's stage and records who did it, in one transaction. `setStage` writes the stage into the
 * lead's own table, which only the feature that owns it touches.
 */
export async function changeStage(
  db: Kysely<Database>,
  lead: { kind: LeadKind; id: number },
  stage: LeadStage,
  userId: number,
  setStage: (trx: Kysely<Database>, id: number, stage: LeadStage) => Promise<void>,
  at: Date,
) {
  await db.transaction().execute(async (trx) => {
    await setStage(trx, lead.id, stage);
    await recordLeadEvent(trx, { ...lead, event: 'stage', detail: stage, userId, at });
  });
}

/**
 * A lead's history, oldest first: what staff did, and every email the site queued to the lead's address
 * since it arrived (from the outbox, by subject: the outbox keeps that after it empties a sent body).
 */
export async function timeline(
  db: Kysely<Database>,
  lead: { kind: LeadKind; id: number; email: string; createdAt: string },
): Promise<TimelineEntry[]> {
  const [events, emails] = await Promise.all([
    db
      .selectFrom('lead_events')
      .leftJoin('users', 'users.id', 'lead_events.user_id')
      .select(['lead_events.created_at', 'lead_events.event', 'lead_events.detail', staffLabel.as('by')])
      .where('lead_kind', '=', lead.kind)
      .where('lead_id', '=', lead.id)
      .orderBy('lead_events.created_at')
      .orderBy('lead_events.id')
      .execute(),
    db
      .selectFrom('outbox_messages')
      .select(['created_at', 'subject', 'status'])
      .where('recipient', '=', lead.email)
      .where('created_at', '>=', lead.createdAt)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const entries: TimelineEntry[] = [
    ...events.map((row) => ({ at: row.created_at, what: row.event, detail: row.detail, by: row.by })),
    ...emails.map(emailEntry),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** An email the outbox holds, as a line of a timeline: its subject, and whether it went. */
export const emailEntry = (row: { created_at: string; subject: string; status: string }) => ({
  at: row.created_at,
  what: 'email' as const,
  detail: `${row.subject || 'Email'} (${row.status})`,
  by: null,
});

/** The leads of each kind that one person left, by id: whose events a data-protection request covers. */
export type LeadIds = [kind: LeadKind, ids: number[]][];

/** Matches the events of those leads. */
const eventsOf = (leads: LeadIds) => (eb: ExpressionBuilder<Database, 'lead_events'>) =>
  eb.or(leads.map(([kind, ids]) => eb.and([eb('lead_kind', '=', kind), eb('lead_id', 'in', ids)])));

const withIds = (leads: LeadIds) => leads.filter(([, ids]) => ids.length > 0);

/** What staff did on those leads (notes, stage changes, cancellations), each with who did it by name. */
export async function staffEventsOn(db: Kysely<Database>, leads: LeadIds) {
  const found = withIds(leads);
  if (found.length === 0) return [];
  return db
    .selectFrom('lead_events')
    .leftJoin('users', 'users.id', 'lead_events.user_id')
    .select([
      'lead_events.lead_kind',
      'lead_events.lead_id',
      'lead_events.created_at',
      'lead_events.event',
      'lead_events.detail',
      staffLabel.as('by'),
    ])
    .where(eventsOf(found))
    .execute();
}

/**
 * Every event on those leads, as stored, in the order they happened, each with who wrote it: the member
 * of staff's address (or the pseudonym a closed account keeps), or null when the site did it.
 */
export async function exportLeadEvents(db: Kysely<Database>, leads: LeadIds) {
  const found = withIds(leads);
  if (found.length === 0) return [];
  const rows = await db
    .selectFrom('lead_events')
    .select(['lead_kind', 'lead_id', 'event', 'detail', 'user_id', 'created_at'])
    .where(eventsOf(found))
    .orderBy('id')
    .execute();
  const userIds = [...new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
  const users =
    userIds.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute();
  const author = new Map(users.map((user) => [user.id, user.email]));
  return rows.map(({ user_id, ...row }) => ({
    ...row,
    author: user_id === null ? null : (author.get(user_id) ?? null),
  }));
}

/**
 * Blanks the staff notes on those leads with `marker` (a note may quote the person); stage changes and
 * cancellations stay, as they say nothing about the person. Returns how many notes it blanked.
 */
export async function eraseLeadNotes(db: Kysely<Database>, leads: LeadIds, marker: string): Promise<number> {
  const found = withIds(leads);
  if (found.length === 0) return 0;
  const result = await db
    .updateTable('lead_events')
    .set({ detail: marker })
    .where('event', '=', 'note')
    .where(eventsOf(found))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
