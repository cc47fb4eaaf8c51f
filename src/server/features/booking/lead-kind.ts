import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LeadKindEntry, LeadList } from '../../leads/kind.ts';
import {
  type ApplicationSummary,
  type BookingListQuery,
  type BookingRow,
  bookingDetail,
  bookingListQuerySchema,
  countUpcomingBookings,
  eraseBookings,
  exportBookings,
  listBookings,
  setBookingStage,
} from './queries.ts';
import { findBookingByReference } from './repository.ts';

const bookingList: LeadList<BookingListQuery, BookingRow> = {
  path: 'bookings',
  query: bookingListQuerySchema,
  list: listBookings,
  csv: [
    ['Reference', (row) => row.reference],
    ['Date', (row) => row.localDate],
    ['Time', (row) => row.localTime],
    ['Email', (row) => row.email],
    ['Status', (row) => row.status],
    ['Stage', (row) => row.stage],
    ['Received', (row) => row.createdAt],
  ],
  summary: { label: 'Upcoming calls', path: 'bookings', count: countUpcomingBookings, place: 1 },
};

/**
 * The agenda of calls, as the back office lists, opens and erases them. `applicationOf` reads the
 * questionnaire a call was booked from (the applications feature owns it).
 */
export function bookingLeads(
  applicationOf: (db: Kysely<Database>, applicationId: number) => Promise<ApplicationSummary | undefined>,
): LeadKindEntry {
  return {
    lists: [bookingList],
    staged: {
      path: 'bookings',
      param: 'reference',
      kind: 'booking',
      find: findBookingByReference,
      detail: (db, row) => bookingDetail(db, row, applicationOf),
      setStage: setBookingStage,
    },
    personalData: {
      exportKey: 'bookings',
      erasedKey: 'bookings',
      async export(db, address) {
        const rows = await exportBookings(db, address);
        return { data: rows, leads: { kind: 'booking', ids: rows.map((row) => row.id) } };
      },
      async erase(trx, address, now) {
        const ids = await eraseBookings(trx, address, now);
        return { data: ids.length, leads: { kind: 'booking', ids } };
      },
    },
  };
}
