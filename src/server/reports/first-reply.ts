import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Reports } from '#shared/api/back-office-reports.ts';
import type { Period } from './period.ts';

// Time to first reply: for each person whose first lead arrived in the period, how long until staff
// first replied from inside (people.first_reply_seconds, set with first_reply_at: decision 028); its median, and how many waited how
// long. A person merged into another is counted as that one. A reply by telephone or from the member's own mail program leaves no trace, so it is not counted.

const hour = 3600;
/** The buckets, by the wait's upper bound in seconds. */
export const replyBuckets = [
  ['Within an hour', hour],
  ['1 to 4 hours', 4 * hour],
  ['4 to 24 hours', 24 * hour],
  ['1 to 3 days', 72 * hour],
  ['Over 3 days', null],
] as const;
export const notRepliedYet = 'Not replied to yet';

export async function timeToFirstReply(db: Db, period: Period): Promise<Reports['firstReply']> {
  const bounds = replyBuckets.map(([, upTo], index) => {
    const above = index === 0 ? null : replyBuckets[index - 1]?.[1];
    const parts = [sql`w.wait is not null`];
    if (above) parts.push(sql`w.wait >= ${above}`);
    if (upTo) parts.push(sql`w.wait < ${upTo}`);
    return sql`count(case when ${sql.join(parts, sql` and `)} then 1 end) as ${sql.ref(`b${index}`)}`;
  });
  // The median from the replied waits in order: the middle one, or the mean of the middle two.
  const { rows } = await sql<Record<string, number | string | null>>`
    with waits as (
      select first_reply_seconds as wait from people
      where created_at >= ${period.since} and created_at < ${period.before} and merged_into is null),
    replied as (
      select wait, row_number() over (order by wait) as n, count(*) over () as c
      from waits where wait is not null)
    select count(*) as people, count(case when w.wait is null then 1 end) as waiting,
      ${sql.join(bounds, sql`, `)},
      (select avg(r.wait) from replied as r where r.n in ((r.c + 1) / 2, (r.c + 2) / 2)) as median
    from waits as w`.execute(db);
  const row = rows[0] ?? {};
  const median = row.median === null || row.median === undefined ? null : Math.round(Number(row.median));
  return {
    people: Number(row.people ?? 0),
    medianSeconds: median,
    buckets: [
      ...replyBuckets.map(([label], index) => ({ label, people: Number(row[`b${index}`] ?? 0) })),
      { label: notRepliedYet, people: Number(row.waiting ?? 0) },
    ],
  };
}
