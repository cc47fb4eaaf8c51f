import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Staff } from '#server/http/access-control.ts';
import type { LeadRegistry } from '#server/leads/kind.ts';
import type { NewSinceLastVisit } from '#shared/api/back-office-visits.ts';

/** A visit ends when the back office goes unused this long; the next opening starts a new one. */
export const visitIdleMinutes = 30;

const idleSince = (now: Date) => new Date(now.getTime() - visitIdleMinutes * 60_000).toISOString();

/**
 * Opening a back-office page: in the same session as the current visit, and within the idle time, it is
 * the same visit (a reload keeps the count); otherwise a new visit begins, and the leads new to the
 * member are those received after the previous one was last used. One statement, so two tabs opening at
 * once cannot both start a visit from different places (each side of a SET reads the row as it was).
 */
export async function openVisit(db: Kysely<Database>, staff: Staff, now: Date) {
  const at = now.toISOString();
  await db
    .updateTable('users')
    .set({
      new_leads_since: sql`case when visit_session = ${staff.session} and visit_seen_at > ${idleSince(now)}
        then new_leads_since else coalesce(visit_seen_at, ${at}) end`,
      visit_session: staff.session,
      visit_seen_at: at,
    })
    .where('id', '=', staff.id)
    .execute();
}

/**
 * The navigation's count: leads of every kind received since the previous visit ended. Asking keeps
 * the visit going (the screens ask as the member moves between them), so working for longer than the
 * idle time without reloading does not end it.
 */
export async function newSinceLastVisit(
  db: Kysely<Database>,
  leadKinds: LeadRegistry,
  staff: Staff,
  now: Date,
): Promise<NewSinceLastVisit> {
  const visit = await db
    .updateTable('users')
    .set({ visit_seen_at: now.toISOString() })
    .where('id', '=', staff.id)
    .returning('new_leads_since')
    .executeTakeFirst();
  const since = visit?.new_leads_since ?? null;
  if (since === null) return { count: 0, since: null };
  const counts = await Promise.all(leadKinds.map((kind) => kind.receivedSince?.(db, since) ?? 0));
  return { count: counts.reduce((sum, count) => sum + count, 0), since: new Date(since).toISOString() };
}
