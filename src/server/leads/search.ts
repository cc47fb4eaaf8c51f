import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import type { SearchAnswer } from '#shared/api/back-office-search.ts';
import { searchLimit } from '#shared/api/back-office-search.ts';
import { firstWords } from '#shared/first-words.ts';

// The back office's one search (shared/api/back-office-search.ts): people, leads and staff notes whose
// words contain what was typed, letter case aside, newest first. One query for each, run side by side.
// The words may be anywhere in a field, so each is a scan of its table: bench:lists times it at 100,000
// leads on both databases.

type Db = Kysely<Database>;

/**
 * A test that `column` contains the pattern, letter case aside: PostgreSQL's ILIKE, SQLite's LIKE (which
 * ignores the case of ASCII letters, as SQLite's lower() would). Neither lower-cases every row first.
 */
const containsIn =
  (db: Db) =>
  (column: string, pattern: string): Expression<SqlBool> =>
    isPostgres(db)
      ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '!'`
      : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;

/** The words as a LIKE pattern that finds them anywhere; `%` and `_` typed are themselves. */
const anywhere = (words: string) => `%${words.replace(/[!%_]/g, '!$&')}%`;

/** About 120 characters of `text` around the first place `words` occur (or its start), on one line. */
export function around(text: string, words: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(words.toLowerCase());
  if (at < 40) return firstWords(flat, 120);
  return `…${firstWords(flat.slice(at - 40), 120)}`;
}

export async function searchBackOffice(db: Db, words: string): Promise<SearchAnswer> {
  const pattern = anywhere(words);
  const contains = containsIn(db);
  const [people, enquiries, applications, bookings, notes] = await Promise.all([
    db
      .selectFrom('people')
      .select(['id', 'name', 'email', 'organisation'])
      .where('merged_into', 'is', null)
      .where((eb) =>
        eb.or(['email_key', 'name', 'organisation', 'phone'].map((column) => contains(column, pattern))),
      )
      .orderBy('id', 'desc')
      .limit(searchLimit)
      .execute(),
    db
      .selectFrom('enquiries')
      .select(['kind', 'reference', 'name', 'message', 'organisation'])
      .where((eb) =>
        eb.or(['reference', 'name', 'organisation', 'message'].map((column) => contains(column, pattern))),
      )
      .orderBy('id', 'desc')
      .limit(searchLimit)
      .execute(),
    db
      .selectFrom('applications')
      .select(['reference', 'your_name', 'business_name'])
      .where((eb) =>
        eb.or(['reference', 'your_name', 'business_name'].map((column) => contains(column, pattern))),
      )
      .orderBy('id', 'desc')
      .limit(searchLimit)
      .execute(),
    db
      .selectFrom('bookings')
      .leftJoin('people', 'people.id', 'bookings.person_id')
      .select(['bookings.reference', 'bookings.local_date', 'bookings.local_time', 'people.name'])
      .where(contains('bookings.reference', pattern))
      .orderBy('bookings.id', 'desc')
      .limit(searchLimit)
      .execute(),
    notesContaining(db, pattern),
  ]);
  return {
    people,
    leads: [
      ...enquiries.map((enquiry) => ({
        kind: enquiry.kind === 'quote' ? ('quote' as const) : ('enquiry' as const),
        reference: enquiry.reference,
        title: enquiry.organisation ? `${enquiry.name}, ${enquiry.organisation}` : enquiry.name,
        excerpt: around(enquiry.message, words),
      })),
      ...applications.map((application) => ({
        kind: 'application' as const,
        reference: application.reference,
        title: `${application.your_name}, ${application.business_name}`,
        excerpt: 'Application',
      })),
      ...bookings.map((booking) => ({
        kind: 'call' as const,
        reference: booking.reference,
        title: booking.name ?? 'A call',
        excerpt: `Call on ${booking.local_date} at ${booking.local_time}`,
      })),
    ].slice(0, searchLimit),
    notes: notes.map((note) => ({ ...note, excerpt: around(note.excerpt, words) })),
  };
}

/** Staff notes containing the pattern, each with the lead it is on. */
async function notesContaining(db: Db, pattern: string) {
  const contains = containsIn(db);
  const rows = await db
    .selectFrom('lead_events')
    .leftJoin('enquiries', (join) =>
      join.onRef('enquiries.id', '=', 'lead_events.lead_id').on('lead_events.lead_kind', '=', 'enquiry'),
    )
    .leftJoin('applications', (join) =>
      join
        .onRef('applications.id', '=', 'lead_events.lead_id')
        .on('lead_events.lead_kind', '=', 'application'),
    )
    .leftJoin('bookings', (join) =>
      join.onRef('bookings.id', '=', 'lead_events.lead_id').on('lead_events.lead_kind', '=', 'booking'),
    )
    .select([
      'lead_events.detail',
      'lead_events.created_at',
      'lead_events.lead_kind',
      'enquiries.kind as enquiry_kind',
      'enquiries.name as enquiry_name',
      'applications.your_name',
      sql<string>`coalesce(enquiries.reference, applications.reference, bookings.reference)`.as('reference'),
    ])
    .where('lead_events.event', '=', 'note')
    .where(contains('lead_events.detail', pattern))
    .orderBy('lead_events.id', 'desc')
    .limit(searchLimit)
    .execute();
  return rows.flatMap((row) => {
    if (row.reference === null) return [];
    const kind =
      row.lead_kind === 'booking'
        ? ('call' as const)
        : row.lead_kind === 'application'
          ? ('application' as const)
          : row.enquiry_kind === 'quote'
            ? ('quote' as const)
            : ('enquiry' as const);
    return [
      {
        kind,
        reference: row.reference,
        title: row.enquiry_name ?? row.your_name ?? 'A call',
        excerpt: row.detail,
        at: row.created_at,
      },
    ];
  });
}
