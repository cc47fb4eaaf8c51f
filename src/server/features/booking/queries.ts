import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import { holdsAddress } from '#server/db/address-matching.ts';
import type { BookingTable, Database } from '#server/db/schema.ts';
import { erasedMarker } from '#server/leads/erased.ts';
import { timeline } from '#server/leads/events.ts';
import type { LeadTally } from '#server/leads/kind.ts';
import { keysetPage } from '#server/leads/list.ts';
import type {
  ApplicationSummary,
  BookingDetail,
  BookingListQuery,
  BookingRow,
} from '#shared/api/back-office-bookings.ts';
import type { Page } from '#shared/api/lead-lists.ts';
import type { LeadStage } from '#shared/back-office.ts';
import { callDateTimeWords } from '#shared/calendar.ts';

// The back office's reads and writes of the bookings table (the agenda of calls).

type Db = Kysely<Database>;

const bookingListShape = { timeColumn: 'starts_at', searchColumns: ['email'], exactColumn: 'reference' };

/** The name of the adviser who takes a call, read beside it (null for calls from before advisers). */
const adviserName = (eb: ExpressionBuilder<Database, 'bookings'>) =>
  eb
    .selectFrom('advisers')
    .select('advisers.display_name')
    .whereRef('advisers.id', '=', 'bookings.adviser_id')
    .as('adviser');

/**
 * One page of the agenda's rows, upcoming soonest first or past newest first, on the (starts_at, status)
 * index: what the list and its CSV both read.
 */
async function agendaPage(db: Db, query: BookingListQuery, now: Date, limit?: number) {
  const upcoming = query.when === 'upcoming';
  let select = db
    .selectFrom('bookings')
    .select([
      'id',
      'reference',
      'email',
      'starts_at',
      'ends_at',
      'local_date',
      'local_time',
      'status',
      'stage',
      'meeting_url',
      'created_at',
      'cancelled_at',
      adviserName,
    ])
    .where(sql<boolean>`starts_at ${sql.raw(upcoming ? '>=' : '<')} ${now.toISOString()}`);
  if (query.stage) select = select.where('stage', '=', query.stage);
  if (query.status) select = select.where('status', '=', query.status);
  const order = upcoming ? 'oldest' : 'newest';
  return keysetPage(select, bookingListShape, { ...query, order }, limit);
}

/** One page of the agenda. */
export async function listBookings(
  db: Db,
  query: BookingListQuery,
  now: Date,
  limit?: number,
): Promise<Page<BookingRow>> {
  const page = await agendaPage(db, query, now, limit);
  return { ...page, items: page.items.map(toRow) };
}

/** A call with every field the agenda keeps about it, as its list's CSV writes it. */
export interface BookingCsvRow extends BookingRow {
  endsAt: string;
  meetingUrl: string | null;
  cancelledAt: string | null;
}

/** A page of the same agenda with every field, for its CSV. */
export async function bookingCsvRows(
  db: Db,
  query: BookingListQuery,
  now: Date,
  limit: number,
): Promise<Page<BookingCsvRow>> {
  const page = await agendaPage(db, query, now, limit);
  return {
    ...page,
    items: page.items.map((row) => ({
      ...toRow(row),
      endsAt: row.ends_at,
      meetingUrl: row.meeting_url,
      cancelledAt: row.cancelled_at,
    })),
  };
}

/** How many confirmed calls are still to come, when the newest was booked, and when the next starts. */
export async function countUpcomingBookings(db: Db, now: Date): Promise<LeadTally> {
  const counted = await db
    .selectFrom('bookings')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.max('created_at').as('newest'),
      eb.fn.min('starts_at').as('next'),
    ])
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  return { total: Number(counted.total), newest: counted.newest, next: counted.next };
}

/** Calls booked after `since`, including any cancelled since: each was a lead when it arrived. */
export async function countBookingsSince(db: Db, since: string): Promise<number> {
  const counted = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

export async function bookingDetail(
  db: Db,
  row: Selectable<BookingTable>,
  applicationOf: (db: Db, applicationId: number) => Promise<ApplicationSummary | undefined>,
): Promise<BookingDetail> {
  const [application, events, adviser, diary] = await Promise.all([
    row.application_id === null ? undefined : applicationOf(db, row.application_id),
    timeline(db, { kind: 'booking', id: row.id, email: row.email, createdAt: row.created_at }),
    row.adviser_id === null
      ? undefined
      : db.selectFrom('advisers').select('display_name').where('id', '=', row.adviser_id).executeTakeFirst(),
    diaryWriteOf(db, row.id),
  ]);
  return {
    ...toRow({ ...row, adviser: adviser?.display_name ?? null }),
    endsAt: row.ends_at,
    meetingUrl: row.meeting_url,
    cancelledAt: row.cancelled_at,
    application: application ?? null,
    timeline: events,
    personId: row.person_id,
    diary,
  };
}

const diaryStatus = { done: 'written', pending: 'waiting', failed: 'failed' } as const;

/** How the call's latest write into its adviser's calendar went: null if it was never to be written. */
async function diaryWriteOf(db: Db, bookingId: number): Promise<BookingDetail['diary']> {
  const latest = await db
    .selectFrom('calendar_writes')
    .select(['action', 'status', 'last_error'])
    .where('booking_id', '=', bookingId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return null;
  return {
    action: latest.action,
    status: diaryStatus[latest.status],
    error: latest.status === 'done' ? null : latest.last_error,
  };
}

/** The calls booked from one application questionnaire, soonest first. */
export async function bookingsBookedFrom(db: Db, applicationId: number) {
  const rows = await db
    .selectFrom('bookings')
    .select(['reference', 'starts_at', 'status'])
    .where('application_id', '=', applicationId)
    .orderBy('starts_at')
    .execute();
  return rows.map((b) => ({ reference: b.reference, startsAt: b.starts_at, status: b.status }));
}

export async function setBookingStage(db: Db, id: number, stage: LeadStage) {
  await db.updateTable('bookings').set({ stage }).where('id', '=', id).execute();
}

/**
 * Every booking by an address, for a subject access request: all its fields but the hashes kept to check a
 * cancel link and to count bookings from one network, and the meeting service's own id; with the
 * adviser who takes the call, and where the call stands in the adviser's own diary, which names the
 * visitor: an event in their CalDAV calendar (its address), or an invitation emailed to them.
 */
export async function exportBookings(db: Db, address: string) {
  const rows = await db
    .selectFrom('bookings')
    .leftJoin('advisers', 'advisers.id', 'bookings.adviser_id')
    .select([
      'bookings.id',
      'bookings.reference',
      'bookings.email',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.local_date',
      'bookings.local_time',
      'bookings.time_zone',
      'bookings.status',
      'bookings.meeting_url',
      'bookings.application_id',
      'bookings.created_at',
      'bookings.cancelled_at',
      'bookings.stage',
      'advisers.display_name as adviser',
      'bookings.calendar_event_url',
    ])
    .select((eb) => [
      eb
        .selectFrom('calendar_writes')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('calendar_writes.booking_id', '=', 'bookings.id')
        .where('calendar_writes.action', '=', 'add')
        .as('diary_adds'),
      eb
        .selectFrom('calendar_writes')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('calendar_writes.booking_id', '=', 'bookings.id')
        .where('calendar_writes.action', '=', 'remove')
        .where('calendar_writes.status', '=', 'done')
        .as('diary_removes'),
    ])
    .where(holdsAddress(address, 'bookings.email'))
    .orderBy('bookings.id')
    .execute();
  return rows.map(({ calendar_event_url, diary_adds, diary_removes, ...row }) => ({
    ...row,
    adviserDiary: adviserDiaryOf(row, Number(diary_adds) > 0, Number(diary_removes) > 0, calendar_event_url),
  }));
}

/** Where a call stands in its adviser's diary, in words an export reader follows; null if nowhere. */
function adviserDiaryOf(
  row: { adviser: string | null; status: string },
  written: boolean,
  removed: boolean,
  eventUrl: string | null,
) {
  if (row.adviser === null) return null;
  if (written) {
    return removed
      ? 'removed from the adviser’s calendar'
      : `an event in the adviser’s calendar${eventUrl ? `: ${eventUrl}` : ' (waiting to be written)'}`;
  }
  return row.status === 'confirmed'
    ? 'an invitation emailed to the adviser, in their diary'
    : 'an invitation emailed to the adviser, then its cancellation';
}

/**
 * What an erased booking keeps in place of its address, its call link and the keyed hash of the network
 * address it came from (only the per-address booking limit reads that, over the last 24 hours).
 */
// The cancel link in the person's old confirmation stops working too: it would show the call's date.
const erasedBookingFields = {
  email: erasedMarker,
  meeting_url: null,
  source_address_hash: null,
  cancel_token_hash: sql<string>`${'erased-'} || ${sql.ref('id')}`,
};

/** Blanks the same fields of these bookings (the retention job's: calls long past), by id. */
export async function anonymiseBookings(trx: Db, ids: number[]) {
  if (ids.length > 0)
    await trx.updateTable('bookings').set(erasedBookingFields).where('id', 'in', ids).execute();
}

/**
 * Erases an address from the agenda: its upcoming calls are cancelled, so their slots free up, and every
 * booking loses its address and call link but stays as a counted record. Returns the bookings' ids, and
 * the calls it cancelled that an adviser was to take.
 */
export async function eraseBookings(trx: Db, address: string, now: Date) {
  const at = now.toISOString();
  const cancelled = await trx
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_at: at })
    .where(holdsAddress(address))
    .where('status', '=', 'confirmed')
    .where('starts_at', '>', at)
    .returning(['id', 'adviser_id'])
    .execute();
  const rows = await trx
    .updateTable('bookings')
    .set(erasedBookingFields)
    .where(holdsAddress(address))
    .returning('id')
    .execute();
  return {
    ids: rows.map((row) => row.id),
    cancelled: cancelled.flatMap((row) =>
      row.adviser_id === null ? [] : [{ id: row.id, adviserId: row.adviser_id }],
    ),
  };
}

function toRow(
  row: Pick<
    Selectable<BookingTable>,
    'reference' | 'email' | 'starts_at' | 'local_date' | 'local_time' | 'status' | 'stage' | 'created_at'
  > & { adviser: string | null },
): BookingRow {
  return {
    reference: row.reference,
    email: row.email,
    startsAt: row.starts_at,
    localDate: row.local_date,
    localTime: row.local_time,
    status: row.status,
    stage: row.stage,
    createdAt: row.created_at,
    adviser: row.adviser,
  };
}

/** A call in an adviser's diary. */
export interface DiaryCall {
  id: number;
  adviserId: number;
}

/** The ids of every booking by an address. */
export async function bookingIdsOf(db: Db, address: string) {
  const rows = await db.selectFrom('bookings').select('id').where(holdsAddress(address)).execute();
  return rows.map((row) => row.id);
}

/**
 * Which of these calls are still in an adviser's diary: taken by an adviser and never cancelled (a
 * cancellation already took it out). Read before an erasure cancels the upcoming ones.
 */
export async function callsInAdvisersDiaries(db: Db, bookingIds: number[]): Promise<DiaryCall[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'adviser_id'])
    .where('id', 'in', bookingIds)
    .where('status', '=', 'confirmed')
    .where('adviser_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, adviserId: row.adviser_id as number }));
}

/**
 * Queues the removal of each call that was queued to be written into a CalDAV adviser's calendar and not
 * removed since, past calls included: the event names the visitor. (The calendar writer,
 * calendars/calendar-writer.ts, deletes it, or finishes both when it was never written.)
 */
export async function removeFromAdvisersCalendars(trx: Db, bookingIds: number[], now: Date) {
  if (bookingIds.length === 0) return;
  const at = now.toISOString();
  const written = await trx
    .selectFrom('calendar_writes as added')
    .select(['added.booking_id', 'added.adviser_id'])
    .where('added.action', '=', 'add')
    .where('added.booking_id', 'in', bookingIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('calendar_writes as removed')
            .select('removed.id')
            .whereRef('removed.booking_id', '=', 'added.booking_id')
            .where('removed.action', '=', 'remove'),
        ),
      ),
    )
    .execute();
  if (written.length === 0) return;
  await trx
    .insertInto('calendar_writes')
    .values(
      written.map((row) => ({
        booking_id: row.booking_id,
        adviser_id: row.adviser_id,
        action: 'remove' as const,
        status: 'pending' as const,
        next_attempt_at: at,
        created_at: at,
      })),
    )
    .execute();
}

/** A person's calls, each summed up by when it is (in the firm's zone, as booked) and whether it stands. */
export async function bookingsOfPerson(db: Db, personId: number) {
  const rows = await db
    .selectFrom('bookings')
    .select([
      'id',
      'opportunity_id',
      'reference',
      'stage',
      'created_at',
      'local_date',
      'local_time',
      'status',
    ])
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    opportunityId: row.opportunity_id,
    kind: 'call' as const,
    reference: row.reference,
    stage: row.stage,
    createdAt: row.created_at,
    summary: `${row.status === 'cancelled' ? 'Cancelled: ' : ''}${callDateTimeWords(row.local_date, row.local_time, ', ')}`,
  }));
}
