import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Reports } from '#shared/api/back-office-reports.ts';
import type { Period } from './period.ts';

/**
 * Leads by source: per group (leads/sources.ts), the leads that arrived in the period, how many of them
 * belong to business that reached Contacted or further, and the mailing-list sign-ups. One pass over the
 * period's rows of lead_sources' time index, which holds all it counts (`moved_on` is kept as business
 * moves, leads/opportunities.ts).
 */
export async function leadsBySource(db: Db, period: Period): Promise<Reports['sources']> {
  const { rows } = await sql<{ source: string; leads: number; moved_on: number; sign_ups: number }>`
    select s.channel as source,
      count(case when s.lead_kind <> 'subscriber' then 1 end) as leads,
      count(case when s.moved_on = 1 then 1 end) as moved_on,
      count(case when s.lead_kind = 'subscriber' then 1 end) as sign_ups
    from lead_sources as s
    where s.created_at >= ${period.since} and s.created_at < ${period.before}
    group by s.channel
    order by leads desc, sign_ups desc, s.channel`.execute(db);
  return rows.map((row) => ({
    source: row.source,
    leads: Number(row.leads),
    movedOn: Number(row.moved_on),
    signUps: Number(row.sign_ups),
  }));
}
