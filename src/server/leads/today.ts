import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { midnightIn } from '#server/time/zoned-time.ts';
import { type Today, todayCountsUpTo } from '#shared/api/back-office-today.ts';
import { assumedWait, promiseCutoff, promisedWait } from '#shared/reply-promise.ts';
import { firmTimeZone } from '#shared/site-firm.ts';
import { openTasksDueBy } from './tasks.ts';

// The overview's "Today" (decision 028): one query for each of its four parts, side by side.

type Db = Kysely<Database>;

/** How many of each list it shows; the lists and the board hold the rest. */
const shown = 20;

/** Midnight on the firm's clocks, `days` after today's. */
const firmMidnight = (now: Date, days: number) => midnightIn(firmTimeZone, now, days);

/** Leads of every kind that arrived after `since`, newest first, named by their person. */
async function newLeads(db: Db, since: string | null): Promise<Today['newLeads']> {
  if (since === null) return { since: null, total: 0, leads: [] };
  const arrived = sql`
    select case when e.kind = 'quote' then 'quote' else 'enquiry' end as kind, e.reference, e.person_id,
      e.created_at from enquiries as e where e.created_at > ${since}
    union all select 'application', a.reference, a.person_id, a.created_at from applications as a
      where a.created_at > ${since}
    union all select 'call', b.reference, b.person_id, b.created_at from bookings as b
      where b.created_at > ${since}`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<Today['newLeads']['leads'][number]>`select l.kind, l.reference, l.created_at as "createdAt",
      coalesce(p.name, p.email, '') as name
      from (${arrived}) as l left join people as p on p.id = l.person_id
      order by l.created_at desc limit ${shown}`.execute(db),
    sql<{ total: number }>`select count(*) as total from (select 1 from (${arrived}) as l
      limit ${todayCountsUpTo}) as counted`.execute(db),
  ]);
  return { since: new Date(since).toISOString(), total: Number(counted[0]?.total ?? 0), leads: rows };
}

/** People with new business nobody has replied to, nor moved on from New, for longer than the promise. */
async function unanswered(db: Db, promise: string, now: Date): Promise<Today['unanswered']> {
  const wait = promisedWait(promise);
  const cutoff = promiseCutoff(wait ?? assumedWait, now).toISOString();
  const waiting = db
    .selectFrom('opportunities')
    .innerJoin('people', 'people.id', 'opportunities.person_id')
    .where('opportunities.stage', '=', 'new')
    .where('opportunities.created_at', '<', cutoff)
    .where('people.first_reply_at', 'is', null);
  const [rows, counted] = await Promise.all([
    waiting
      .select(['people.id', 'people.name', 'people.email', 'opportunities.created_at'])
      .orderBy('opportunities.created_at')
      .limit(shown)
      .execute(),
    db
      .selectFrom(waiting.select('people.id').limit(todayCountsUpTo).as('counted'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    promise,
    assumed: wait === null,
    total: Number(counted.total),
    people: rows.map((row) => ({ id: row.id, name: row.name ?? row.email, waitingSince: row.created_at })),
  };
}

/** Confirmed calls from midnight today to midnight after tomorrow, on the firm's clocks. */
async function calls(db: Db, now: Date): Promise<Today['calls']> {
  const rows = await db
    .selectFrom('bookings')
    .leftJoin('people', 'people.id', 'bookings.person_id')
    .leftJoin('advisers', 'advisers.id', 'bookings.adviser_id')
    .select([
      'bookings.reference',
      'bookings.starts_at',
      'bookings.email',
      'bookings.person_id',
      'people.name',
      'advisers.display_name',
    ])
    .where('bookings.status', '=', 'confirmed')
    .where('bookings.starts_at', '>=', firmMidnight(now, 0).toISOString())
    .where('bookings.starts_at', '<', firmMidnight(now, 2).toISOString())
    .orderBy('bookings.starts_at')
    .execute();
  return rows.map((row) => ({
    reference: row.reference,
    startsAt: row.starts_at,
    name: row.name ?? row.email,
    adviser: row.display_name,
    personId: row.person_id,
  }));
}

/** What needs `staff` today. */
export async function today(
  db: Db,
  staff: { id: number },
  { now, replyPromise }: { now: Date; replyPromise: string },
): Promise<Today> {
  const visit = await db
    .selectFrom('users')
    .select('new_leads_since')
    .where('id', '=', staff.id)
    .executeTakeFirst();
  const [fresh, waiting, booked, tasks] = await Promise.all([
    newLeads(db, visit?.new_leads_since ?? null),
    unanswered(db, replyPromise, now),
    calls(db, now),
    openTasksDueBy(db, staff.id, firmMidnight(now, 1)),
  ]);
  return { newLeads: fresh, unanswered: waiting, calls: booked, tasks };
}
