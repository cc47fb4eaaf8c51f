import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Reports } from '#shared/api/back-office-reports.ts';
import { toIsoDate } from '#shared/calendar.ts';
import { type Period, spansOf } from './period.ts';

/**
 * Subscribers over time: per week or month of the period, how many confirmed (joined), how many of those
 * confirmed unsubscribed (left), and how many were subscribed at its end. One query: each confirmation and
 * unsubscription in the period is put in its span by its time, and the spans' running sum starts from
 * those subscribed when the period began (span -1).
 */
export async function subscribersOverTime(db: Db, period: Period): Promise<Reports['subscribers']> {
  const spans = spansOf(period);
  const spanOf = (column: string) =>
    sql`case ${sql.join(
      spans.map((span, index) => sql`when ${sql.ref(column)} < ${span.before} then ${sql.lit(index)}`),
      sql` `,
    )} end`;
  const { rows } = await sql<{ span: number; joined: number; left: number }>`
    select span, sum(joined) as joined, sum(gone) as "left" from (
      select ${spanOf('confirmed_at')} as span, 1 as joined, 0 as gone from subscribers
        where confirmed_at >= ${period.since} and confirmed_at < ${period.before}
      union all
      select ${spanOf('unsubscribed_at')}, 0, 1 from subscribers
        where unsubscribed_at >= ${period.since} and unsubscribed_at < ${period.before}
          and confirmed_at is not null
      union all
      select -1, count(*), 0 from subscribers where confirmed_at < ${period.since}
      union all
      select -1, 0, count(*) from subscribers
        where unsubscribed_at < ${period.since} and confirmed_at is not null) as moves
    group by span`.execute(db);
  const of = new Map(rows.map((row) => [Number(row.span), row]));
  const before = of.get(-1);
  let total = Number(before?.joined ?? 0) - Number(before?.left ?? 0);
  return spans.map((span, index) => {
    const joined = Number(of.get(index)?.joined ?? 0);
    const left = Number(of.get(index)?.left ?? 0);
    total += joined - left;
    return { from: toIsoDate(span.from), to: toIsoDate(span.to), joined, left, total };
  });
}
