import type { Kysely } from 'kysely';
import type { LeadKind, LeadStage } from '../../../shared/back-office.ts';
import type { Database } from '../../db/schema.ts';

export interface TimelineEntry {
  at: string;
  what: 'note' | 'stage' | 'cancelled' | 'email';
  detail: string;
  /** The member of staff, or null for the site itself. */
  by: string | null;
}

/** Records a note, a stage change or a cancellation against a lead. */
export async function recordLeadEvent(
  db: Kysely<Database>,
  event: {
    kind: LeadKind;
    id: number;
    event: 'note' | 'stage' | 'cancelled';
    detail: string;
    userId: number | null;
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
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Changes a lead's stage and records who did it, in one transaction. */
export async function changeStage(
  db: Kysely<Database>,
  lead: { kind: LeadKind; id: number },
  stage: LeadStage,
  userId: number,
) {
  const table = ({ enquiry: 'enquiries', application: 'applications', booking: 'bookings' } as const)[
    lead.kind
  ];
  await db.transaction().execute(async (trx) => {
    await trx.updateTable(table).set({ stage }).where('id', '=', lead.id).execute();
    await recordLeadEvent(trx, { ...lead, event: 'stage', detail: stage, userId });
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
      .select(['lead_events.created_at', 'lead_events.event', 'lead_events.detail', 'users.email'])
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
    ...events.map((row) => ({ at: row.created_at, what: row.event, detail: row.detail, by: row.email })),
    ...emails.map((row) => ({
      at: row.created_at,
      what: 'email' as const,
      detail: `${row.subject || 'Email'} (${row.status})`,
      by: null,
    })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
