import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { type LeadKindEntry, type LeadList, stagedLeadDetail } from '#server/leads/kind.ts';
import {
  type ApplicationSummary,
  bookingLead,
  bookingList as endpoints,
} from '#shared/api/back-office-bookings.ts';
import {
  bookingDetail,
  countUpcomingBookings,
  eraseBookings,
  exportBookings,
  listBookings,
  setBookingStage,
} from './queries.ts';
import { findBookingByReference } from './repository.ts';

const bookingList: LeadList<typeof endpoints> = {
  endpoints,
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
  summary: { label: 'Upcoming calls', path: endpoints.name, count: countUpcomingBookings, place: 1 },
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
    staged: stagedLeadDetail({
      endpoints: bookingLead,
      find: findBookingByReference,
      detail: (db, row) => bookingDetail(db, row, applicationOf),
      setStage: setBookingStage,
    }),
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
