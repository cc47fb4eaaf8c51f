import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { csvStage, csvTime } from '#server/leads/csv.ts';
import { type LeadKindEntry, type LeadList, stagedLeadDetail } from '#server/leads/kind.ts';
import {
  type ApplicationSummary,
  bookingLead,
  bookingStatusLabels,
  bookingList as endpoints,
} from '#shared/api/back-office-bookings.ts';
import {
  anonymiseBookings,
  type BookingCsvRow,
  bookingCsvRows,
  bookingDetail,
  bookingIdsOf,
  bookingsOfPerson,
  callsInAdvisersDiaries,
  countBookingsSince,
  countUpcomingBookings,
  type DiaryCall,
  eraseBookings,
  exportBookings,
  listBookings,
  removeFromAdvisersCalendars,
  setBookingStage,
} from './queries.ts';
import { findBookingByReference } from './repository.ts';

const bookingList: LeadList<typeof endpoints, BookingCsvRow> = {
  endpoints,
  list: listBookings,
  csv: {
    // A call holds no phone number or message of its own: the email address is how the firm reaches them.
    columns: [
      ['Reference', (row) => row.reference],
      ['Starts', (row) => csvTime(row.startsAt)],
      ['Ends', (row) => csvTime(row.endsAt)],
      ['Email', (row) => row.email],
      // Empty for calls booked before the firm had advisers.
      ['Adviser', (row) => row.adviser ?? ''],
      ['Status', (row) => bookingStatusLabels[row.status]],
      ['Stage', (row) => csvStage(row.stage)],
      ['Meeting link', (row) => row.meetingUrl],
      ['Booked', (row) => csvTime(row.createdAt)],
      ['Cancelled', (row) => csvTime(row.cancelledAt)],
    ],
    rows: bookingCsvRows,
  },
  summary: { label: 'Upcoming calls', path: endpoints.name, count: countUpcomingBookings, place: 1 },
};

/** Takes a cancelled call out of its adviser's diary, inside the cancelling transaction. */
export type CallCancelled = (
  trx: Kysely<Database>,
  call: { id: number; adviserId: number },
  at: Date,
) => Promise<void>;

/**
 * The agenda of calls, as the back office lists, opens and erases them. `applicationOf` reads the
 * questionnaire a call was booked from (the applications feature owns it).
 */
export function bookingLeads(
  applicationOf: (db: Kysely<Database>, applicationId: number) => Promise<ApplicationSummary | undefined>,
  callCancelled?: CallCancelled,
): LeadKindEntry {
  /**
   * After the address is gone, so what reaches the adviser's diary no longer names the visitor: each call
   * still in a diary leaves it as a cancellation would (the event deleted from a CalDAV calendar, or a
   * cancellation emailed to the adviser), past calls included, since the entry names the visitor; and
   * any call written to a CalDAV calendar and not yet removed is removed.
   */
  async function takeOutOfDiaries(trx: Kysely<Database>, calls: DiaryCall[], ids: number[], now: Date) {
    for (const call of calls) await callCancelled?.(trx, call, now);
    await removeFromAdvisersCalendars(trx, ids, now);
  }

  return {
    lists: [bookingList],
    staged: stagedLeadDetail({
      endpoints: bookingLead,
      find: findBookingByReference,
      detail: (db, row) => bookingDetail(db, row, applicationOf),
      setStage: setBookingStage,
      ofPerson: bookingsOfPerson,
    }),
    receivedSince: countBookingsSince,
    retention: {
      kind: 'booking',
      table: 'bookings',
      activityColumns: ['ends_at', 'cancelled_at'],
      async anonymise(trx, ids, now) {
        const inDiaries = await callsInAdvisersDiaries(trx, ids);
        await anonymiseBookings(trx, ids);
        await takeOutOfDiaries(trx, inDiaries, ids, now);
      },
    },
    personalData: {
      exportKey: 'bookings',
      erasedKey: 'bookings',
      async export(db, address) {
        const rows = await exportBookings(db, address);
        return { data: rows, leads: { kind: 'booking', ids: rows.map((row) => row.id) } };
      },
      async erase(trx, address, now) {
        const inDiaries = await callsInAdvisersDiaries(trx, await bookingIdsOf(trx, address));
        const { ids } = await eraseBookings(trx, address, now);
        await takeOutOfDiaries(trx, inDiaries, ids, now);
        return { data: ids.length, leads: { kind: 'booking', ids } };
      },
    },
  };
}
