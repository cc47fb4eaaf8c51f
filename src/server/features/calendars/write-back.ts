import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { BookingMailSettings } from '#server/mail/booked-call.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { adviserDiaryEmail, findCallForDiary } from './adviser-diary.ts';
import { hasQueuedAdd, queueCalendarWrite } from './calendar-writes.ts';

// How a booked call reaches the adviser's diary, moves in it, and leaves it when cancelled (or given to
// another adviser: it leaves the one's diary and reaches the other's). An adviser whose calendar
// the firm can write (CalDAV) gets the event written there by the calendar writer (calendar-writer.ts);
// any other (an ICS feed is read-only, or no calendar at all) is emailed an invitation their mail program
// files. Both are queued in the booking's own transaction, so neither is lost nor sent for a call that
// was never stored, and the booking never waits on a remote server.

export interface BookedCall {
  id: number;
  adviserId: number;
}

export interface CalendarWriteHooks {
  /** Inside the booking's transaction: see that the call reaches the adviser's diary. */
  booked(trx: Kysely<Database>, booking: BookedCall, at: Date): Promise<void>;
  /** Inside the cancellation's transaction: see that it leaves the adviser's diary. */
  cancelled(trx: Kysely<Database>, booking: BookedCall, at: Date): Promise<void>;
  /** Inside the transaction that moved it: see that the adviser's diary shows it at its new time. */
  moved(trx: Kysely<Database>, booking: BookedCall, at: Date): Promise<void>;
}

export function calendarWriteBack(mail: BookingMailSettings): CalendarWriteHooks {
  async function emailAdviser(
    trx: Kysely<Database>,
    booking: BookedCall,
    method: 'REQUEST' | 'CANCEL',
    at: Date,
    moved = false,
  ) {
    const call = await findCallForDiary(trx, booking.id, booking.adviserId);
    if (!call) throw new Error(`Booking ${booking.id} or adviser ${booking.adviserId} not found`);
    const kind = method === 'REQUEST' ? 'adviser-invitation' : 'adviser-cancellation';
    await enqueueMail(trx, kind, adviserDiaryEmail(mail.firm(), call, mail, method, at, moved), at);
  }

  return {
    async booked(trx, booking, at) {
      const calendar = await trx
        .selectFrom('adviser_calendars')
        .select('kind')
        .where('adviser_id', '=', booking.adviserId)
        .executeTakeFirst();
      if (calendar?.kind === 'caldav') {
        await queueCalendarWrite(
          trx,
          { bookingId: booking.id, adviserId: booking.adviserId, action: 'add' },
          at,
        );
      } else {
        await emailAdviser(trx, booking, 'REQUEST', at);
      }
    },
    async cancelled(trx, booking, at) {
      // Undone the way it was done, even if the adviser's calendar changed in between.
      if (await hasQueuedAdd(trx, booking.id, booking.adviserId)) {
        await queueCalendarWrite(
          trx,
          { bookingId: booking.id, adviserId: booking.adviserId, action: 'remove' },
          at,
        );
      } else {
        await emailAdviser(trx, booking, 'CANCEL', at);
      }
    },
    async moved(trx, booking, at) {
      // Moved the way it was put there: written again over the event (calendar-writer.ts), or emailed.
      if (await hasQueuedAdd(trx, booking.id, booking.adviserId)) {
        await queueCalendarWrite(
          trx,
          { bookingId: booking.id, adviserId: booking.adviserId, action: 'add' },
          at,
        );
      } else {
        await emailAdviser(trx, booking, 'REQUEST', at, true);
      }
    },
  };
}
