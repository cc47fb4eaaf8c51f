// `npm run bench:lists`: the back office's lists, the pipeline board, a person's page, My tasks, Today and
// the search at 100,000 rows
// each, on SQLite and (with TEST_DATABASE_URL) on PostgreSQL. Seeds the rows, then times each kind of list request (median of 15)
// and fails if an indexed one takes longer than its budget. A search that matches nothing is reported
// apart: it reads rows in date order until the table ends, so it is the slowest a list can be.

import { sql } from 'kysely';
import { createDatabase, type Db } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { listApplications } from '#server/features/applications/queries.ts';
import { listBookings } from '#server/features/booking/queries.ts';
import { listEnquiries } from '#server/features/enquiries/queries.ts';
import { listSubscribers } from '#server/features/mailing-list/queries.ts';
import { leadRegistry } from '#server/lead-registry.ts';
import { boardColumn } from '#server/leads/board.ts';
import { personDetail } from '#server/leads/person-detail.ts';
import { searchBackOffice } from '#server/leads/search.ts';
import { tasksOf } from '#server/leads/tasks.ts';
import { today } from '#server/leads/today.ts';
import { readReports } from '#server/reports/index.ts';
import { cardsPerColumn } from '#shared/api/back-office-pipeline.ts';
import { reportNames } from '#shared/api/back-office-reports.ts';
import { leadStages } from '#shared/back-office.ts';
import { createTestDatabase, type DatabaseKind, postgresUrl } from '#tests/support/databases.ts';

const rows = 100_000;
const leadKinds = leadRegistry();
const budgetMs = 50;
const searchMissBudgetMs = 500;
const day = 86_400_000;
const start = Date.UTC(2024, 0, 1);
const at = (n: number) => new Date(start + Math.floor((n * 3 * 365 * day) / rows)).toISOString();

/** Where the seeded leads came from: the groups the leads-by-source report counts. */
const channels = [
  'Direct',
  'google.com',
  'newsletter',
  'bing.com',
  'linkedin.com',
  'facebook',
  'icaew.com',
  'Not recorded',
];

/** The members of staff the tasks are given to. */
const members = 5;

async function seed(db: Db) {
  await db
    .insertInto('users')
    .values(
      Array.from({ length: members }, (_, i) => ({
        id: i + 1,
        email: `member${i}@fenwickhale.test`,
        name: `Member ${i}`,
        password_hash: null,
        status: 'active' as const,
        role: 'staff' as const,
        created_at: at(0),
        password_changed_at: null,
        visit_session: null,
        visit_seen_at: null,
        new_leads_since: at(rows - 50),
      })),
    )
    .execute();
  // Three of them take the calls in turn, for the calls-by-adviser report.
  await db
    .insertInto('advisers')
    .values(
      [1, 2, 3].map((id) => ({
        id,
        user_id: id,
        display_name: `Adviser ${id}`,
        created_at: at(0),
        updated_at: at(0),
      })),
    )
    .execute();
  for (let from = 0; from < rows; from += 1000) {
    const batch = Array.from({ length: 1000 }, (_, i) => from + i);
    // Each enquiry's sender is a person of their own, with one opportunity at the enquiry's stage.
    await db
      .insertInto('people')
      .values(
        batch.map((n) => ({
          id: n + 1,
          email: `client${n}@example.test`,
          email_key: `client${n}@example.test`,
          name: `Client ${n}`,
          phone: null,
          organisation: 'Practice',
          created_at: at(n),
          // Two in three were replied to from inside, after up to four days.
          first_reply_at:
            n % 3 === 0 ? null : new Date(Date.parse(at(n)) + (n % 97) * 3_600_000).toISOString(),
          first_reply_seconds: n % 3 === 0 ? null : (n % 97) * 3600,
        })),
      )
      .execute();
    await db
      .insertInto('opportunities')
      .values(
        batch.map((n) => ({
          id: n + 1,
          person_id: n + 1,
          title: 'Enquiry',
          stage: leadStages[n % leadStages.length] ?? 'new',
          furthest_stage: n % 5 === 4 ? ('contacted' as const) : (leadStages[n % 5] as 'new'),
          value_pence: null,
          created_at: at(n),
          stage_changed_at: at(n),
        })),
      )
      .execute();
    // A task about each person; one in ten still to do, the rest done, shared among the members.
    await db
      .insertInto('tasks')
      .values(
        batch.map((n) => ({
          person_id: n + 1,
          title: `Ring client ${n}`,
          due_at: at(n),
          assignee_id: (Math.floor(n / 10) % members) + 1,
          done_at: n % 10 === 0 ? null : at(n),
          created_by: 1,
          created_at: at(n),
        })),
      )
      .execute();
    await db
      .insertInto('enquiries')
      .values(
        batch.map((n) => ({
          reference: `enq-${n}`,
          kind: n % 4 === 0 ? ('quote' as const) : ('contact' as const),
          name: `Client ${n}`,
          email: `client${n}@example.test`,
          organisation: 'Practice',
          phone: null,
          postcode: null,
          message: 'Seeded for the benchmark',
          details: '{}',
          ip_address: null,
          created_at: at(n),
          stage: leadStages[n % leadStages.length],
          person_id: n + 1,
          opportunity_id: n + 1,
        })),
      )
      .execute();
    // Each enquiry's source, as its form would have kept it: the 100,000 leads the reports count.
    await db
      .insertInto('lead_sources')
      .values(
        batch.map((n) => ({
          lead_kind: 'enquiry' as const,
          lead_id: n + 1,
          opportunity_id: n + 1,
          created_at: at(n),
          channel: channels[n % channels.length] as string,
          referrer: null,
          landing_path: '/',
          utm_source: null,
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
          moved_on: n % 5 === 0 ? 0 : 1,
        })),
      )
      .execute();
    await db
      .insertInto('applications')
      .values(
        batch.map((n) => ({
          reference: `app-${n}`,
          email: `applicant${n}@example.test`,
          your_name: `Applicant ${n}`,
          business_name: `Business ${n}`,
          answers: '{}',
          created_at: at(n),
          stage: leadStages[n % leadStages.length],
        })),
      )
      .execute();
    await db
      .insertInto('bookings')
      .values(
        batch.map((n) => ({
          reference: `call-${n}`,
          email: `caller${n}@example.test`,
          starts_at: at(n),
          ends_at: at(n),
          local_date: at(n).slice(0, 10),
          local_time: at(n).slice(11, 16),
          time_zone: 'Europe/London',
          status: n % 10 === 0 ? ('cancelled' as const) : ('confirmed' as const),
          cancel_token_hash: `hash-${n}`,
          application_id: null,
          adviser_id: (n % 3) + 1,
          created_at: at(n),
          stage: leadStages[n % leadStages.length],
        })),
      )
      .execute();
    await db
      .insertInto('subscribers')
      .values(
        batch.map((n) => ({
          email: `reader${n}@example.test`,
          status: n % 3 === 0 ? ('pending' as const) : ('confirmed' as const),
          confirm_token_hash: null,
          unsubscribe_token_hash: `unsub-${n}`,
          created_at: at(n),
          confirmed_at: n % 3 === 0 ? null : at(n),
          // One in seven confirmed subscribers left a month later.
          unsubscribed_at:
            n % 3 !== 0 && n % 7 === 0 ? new Date(Date.parse(at(n)) + 30 * day).toISOString() : null,
        })),
      )
      .execute();
  }
}

type Case = [name: string, run: () => Promise<unknown>, budgetMs: number];

async function median(run: () => Promise<unknown>, times = 15): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    await run();
    samples.push(performance.now() - began);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] as number;
}

async function bench(kind: DatabaseKind): Promise<boolean> {
  const database = await createTestDatabase(kind);
  const db = createDatabase(
    kind === 'sqlite' ? { kind, file: database.url.slice('sqlite:'.length) } : { kind, url: database.url },
  );
  try {
    await migrateToLatest(db);
    const seeding = performance.now();
    await seed(db);
    // A live database keeps its planner statistics fresh (autovacuum, SQLite's optimize); a bulk load
    // has to ask.
    await sql`analyze`.execute(db);
    console.log(
      `\n${kind}: seeded ${rows} rows in each list in ${Math.round(performance.now() - seeding)} ms`,
    );
    const base = { order: 'newest' as const };
    const deep = await listEnquiries(db, 'contact', base, 2000);
    const quarter = { from: '2025-04-01', to: '2025-06-29' };
    const cases: Case[] = [
      ['contact enquiries, first page', () => listEnquiries(db, 'contact', base), budgetMs],
      [
        'contact enquiries, stage won',
        () => listEnquiries(db, 'contact', { ...base, stage: 'won' }),
        budgetMs,
      ],
      [
        'contact enquiries, one week',
        () => listEnquiries(db, 'contact', { ...base, from: '2025-06-02', to: '2025-06-08' }),
        budgetMs,
      ],
      [
        'contact enquiries, page 81 (cursor)',
        () => listEnquiries(db, 'contact', { ...base, after: deep.next ?? undefined }),
        budgetMs,
      ],
      [
        'contact enquiries, search hit',
        () => listEnquiries(db, 'contact', { ...base, q: 'client9' }),
        budgetMs,
      ],
      [
        'applications, stage qualified',
        () => listApplications(db, { ...base, stage: 'qualified' }),
        budgetMs,
      ],
      ['calls, upcoming', () => listBookings(db, { when: 'upcoming' }, new Date(start)), budgetMs],
      ['calls, past', () => listBookings(db, { when: 'past' }, new Date()), budgetMs],
      ['subscribers, pending', () => listSubscribers(db, { ...base, status: 'pending' }), budgetMs],
      [
        'pipeline board, five columns',
        () => Promise.all(leadStages.map((stage) => boardColumn(db, stage, { limit: cardsPerColumn }))),
        budgetMs,
      ],
      ['a person’s page', () => personDetail(db, leadKinds, rows / 2, new Date()), budgetMs],
      // The member has 2,000 tasks still to do, all overdue: My tasks and Today show the 200 soonest.
      ['my tasks', () => tasksOf(db, 1, new Date()), budgetMs],
      [
        'today',
        () => today(db, { id: 1 }, { now: new Date(), replyPromise: 'within one working day' }),
        budgetMs,
      ],
      // The Reports screen's one request over its default period, the last 90 days: five reports, each one
      // query (decision 028), and each of them alone. A year's reports read four times the rows.
      ['reports, 90 days', () => readReports(db, quarter, new Date()), budgetMs],
      ...reportNames.map(
        (name): Case => [
          `reports, 90 days: ${name}`,
          () => readReports(db, quarter, new Date(), [name]),
          budgetMs,
        ],
      ),
      [
        'reports, a year',
        () => readReports(db, { from: '2025-01-01', to: '2025-12-31' }, new Date()),
        searchMissBudgetMs,
      ],
      [
        'contact enquiries, search miss',
        () => listEnquiries(db, 'contact', { ...base, q: 'nobody' }),
        searchMissBudgetMs,
      ],
      // The search finds words anywhere in a field: a scan of each table, as a list's search miss is.
      ['search, a name', () => searchBackOffice(db, 'client 4242'), searchMissBudgetMs],
      ['search, no match', () => searchBackOffice(db, 'nobody at all'), searchMissBudgetMs],
    ];
    let ok = true;
    for (const [name, run, budget] of cases) {
      const ms = await median(run);
      const pass = ms <= budget;
      ok &&= pass;
      console.log(
        `  ${name.padEnd(40)} ${ms.toFixed(1).padStart(7)} ms  (budget ${budget} ms)${pass ? '' : '  OVER'}`,
      );
    }
    return ok;
  } finally {
    await db.destroy();
    await database.drop();
  }
}

const kinds: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl) console.log('TEST_DATABASE_URL is not set: PostgreSQL is left out of this run.');
let ok = true;
for (const kind of kinds) ok = (await bench(kind)) && ok;
if (!ok) {
  console.error('\nA list went over its budget.');
  process.exitCode = 1;
}
