import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Reports } from '#shared/api/back-office-reports.ts';
import type { Period } from './period.ts';

/**
 * Conversion by stage: the new business opened in the period, and how many of those opportunities have
 * reached each stage along the way (a lost one counts for the stages it reached before it was lost).
 */
export async function conversionByStage(db: Db, period: Period): Promise<Reports['stages']> {
  const { rows } = await sql<Record<keyof Reports['stages'], number>>`
    select count(*) as opened,
      count(case when furthest_stage in ('contacted', 'qualified', 'won') then 1 end) as contacted,
      count(case when furthest_stage in ('qualified', 'won') then 1 end) as qualified,
      count(case when furthest_stage = 'won' then 1 end) as won,
      count(case when stage = 'lost' then 1 end) as lost
    from opportunities
    where created_at >= ${period.since} and created_at < ${period.before}`.execute(db);
  const row = rows[0];
  return {
    opened: Number(row?.opened ?? 0),
    contacted: Number(row?.contacted ?? 0),
    qualified: Number(row?.qualified ?? 0),
    won: Number(row?.won ?? 0),
    lost: Number(row?.lost ?? 0),
  };
}
