import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Reports } from '#shared/api/back-office-reports.ts';
import type { Period } from './period.ts';

/** What calls booked before the firm had advisers are counted under. */
export const noAdviser = 'No adviser named';

/** Calls due to start in the period, per adviser: those kept, and those cancelled, most calls first. */
export async function callsByAdviser(db: Db, period: Period): Promise<Reports['advisers']> {
  const { rows } = await sql<{ adviser: string | null; calls: number; cancelled: number }>`
    select a.display_name as adviser, c.calls, c.cancelled
    from (select b.adviser_id,
        count(case when b.status = 'confirmed' then 1 end) as calls,
        count(case when b.status = 'cancelled' then 1 end) as cancelled
      from bookings as b
      where b.starts_at >= ${period.since} and b.starts_at < ${period.before}
      group by b.adviser_id) as c
    left join advisers as a on a.id = c.adviser_id
    order by c.calls desc, c.cancelled desc, a.display_name`.execute(db);
  return rows.map((row) => ({
    adviser: row.adviser ?? noAdviser,
    calls: Number(row.calls),
    cancelled: Number(row.cancelled),
  }));
}
