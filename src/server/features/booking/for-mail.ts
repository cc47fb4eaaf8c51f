import type { BookingForMail } from '#server/mail/booked-call.ts';
import type * as repository from './repository.ts';

/** A booking as it is stored. */
export type BookingRow = Awaited<ReturnType<typeof repository.findBooking>> & {};

/** A stored booking as every email about it describes it, with its adviser's name and introduction. */
export const forMail = (
  row: BookingRow,
  adviser: Pick<BookingForMail, 'adviserName' | 'adviserIntroduction'>,
): BookingForMail => ({
  id: row.id,
  adviserName: adviser.adviserName,
  adviserIntroduction: adviser.adviserIntroduction,
  reference: row.reference,
  email: row.email,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  localDate: row.local_date,
  localTime: row.local_time,
  timeZone: row.time_zone,
  sequence: row.sequence,
});
